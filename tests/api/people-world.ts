import type { Kysely } from 'kysely';
import { EMPTY_PROFILE } from '../../src/server/modules/profiles/empty-profile.ts';
import type { Database } from '../../src/server/db/schema.ts';

/** A person of an API test world: their user row and personal account. */
export interface TestPerson {
  key: string;
  id: string;
  personal: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * Inserts one organization and the people of a test world (each with a public personal account;
 * the person keyed `admin` is privileged), all stamped at `at`. The capture and marketplace test
 * worlds share it; each adds its own memberships and content.
 */
export async function insertPeople(db: Kysely<Database>, org: { id: string; sid: string; name: string }, people: TestPerson[], at: string): Promise<void> {
  const stamp = { createdAt: at, updatedAt: at };
  await db
    .insertInto('accounts')
    .values([
      { id: org.id, sid: org.sid, name: org.name, status: 'ACTIVE', isPersonal: 0, flags: '[]', ...EMPTY_PROFILE, ...stamp },
      ...people.map((p) => ({
        id: p.personal,
        sid: `${p.personal}-s`,
        name: `${p.firstName} ${p.lastName}`,
        status: 'ACTIVE',
        isPersonal: 1,
        flags: '[]',
        ...EMPTY_PROFILE,
        ...stamp,
      })),
    ])
    .execute();
  await db
    .insertInto('users')
    .values(
      people.map((p) => ({
        id: p.id,
        sid: `${p.id}-sid`,
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        username: p.id,
        accountId: p.personal,
        isPrivileged: p.key === 'admin' ? 1 : 0,
        isStaff: 0,
        flags: '[]',
        status: 'ACTIVE',
        preparedAt: at,
        ...EMPTY_PROFILE,
        ...stamp,
      })),
    )
    .execute();
}
