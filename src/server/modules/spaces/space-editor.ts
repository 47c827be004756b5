import type { Context } from 'hono';
import { canEditAccount, requireUser } from '../auth/guards.ts';
import type { AppEnv, SessionUser } from '../../context.ts';
import { forbidden } from '../../platform/errors.ts';
import { contentCtx } from '../../platform/content/context.ts';
import { readSpaceRow } from './spaces.queries.ts';

/** Whether a user may edit a space: its owner, an OWNER of its organization, or an administrator. */
export function canEditSpace(user: SessionUser, row: { ownerUserId: string | null; organizationId: string | null }): boolean {
  if (user.isPrivileged || row.ownerUserId === user.id) return true;
  return row.organizationId !== null && canEditAccount(user, row.organizationId);
}

/** The space the path names, if the signed-in user may edit it: 404 when they cannot see it, 403 when they can but may not edit it. */
export async function editableSpace(c: Context<AppEnv>) {
  const user = requireUser(c);
  const row = await readSpaceRow(await contentCtx(c), c.req.param('id') ?? '');
  if (!canEditSpace(user, row)) throw forbidden('Only the owner of this space can edit it.');
  return row;
}

/** Route middleware: the checks of `editableSpace` before the body is read. */
export async function spaceEditor(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  await editableSpace(c);
  await next();
}
