import type { FieldError, FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { ZodType } from 'zod';
import type { zodResolver as ZodResolver } from '@hookform/resolvers/zod';
import { ResponseError } from '../../client/http.ts';
import type * as CaptureSchemas from '../../domain/capture.ts';
import { T } from './texts.ts';

/** The domain's capture schemas (zod). */
type Schemas = typeof CaptureSchemas;

let loading: Promise<{ schemas: Schemas; zodResolver: typeof ZodResolver }> | null = null;

/**
 * Loads the API's own zod schemas and the resolver on first use: they are a separate chunk, so
 * the page does not ship zod before a form validates. `preloadSchemas()` warms it up at idle.
 */
export function preloadSchemas() {
  // zod is configured jitless first, so no parse ever probes `new Function` (the CSP refuses it).
  loading ??= import('../../shared/zod-jitless.ts')
    .then(() => Promise.all([import('../../domain/capture.ts'), import('@hookform/resolvers/zod')]))
    .then(([schemas, r]) => ({ schemas, zodResolver: r.zodResolver }));
  return loading;
}

/** A field problem found by a plain rule (addressIssues, phoneIssue) beside the schema. */
export interface Issue {
  path: string;
  message: string;
}

/** Sets `errors[a][b][c]` for the path `a.b.c` (numeric parts index arrays, as react-hook-form nests them). */
function setNested(errors: Record<string, unknown>, path: string, error: FieldError): void {
  const parts = path.split('.');
  let at: Record<string, unknown> = errors;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      at[part] ??= error;
      return;
    }
    const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
    at[part] ??= nextIsIndex ? [] : {};
    at = at[part] as Record<string, unknown>;
  });
}

/**
 * A react-hook-form resolver from a domain schema (loaded lazily) plus plain rules the schema
 * cannot know (the country's address format, the phone rule for the property's country, which may
 * load lazily too). The first message per field wins; the schema's parse result is what the form submits.
 */
export function lazyResolver<V extends FieldValues>(pick: (s: Schemas) => ZodType, rules?: (values: V) => Issue[] | Promise<Issue[]>): Resolver<V> {
  return async (values, context, options) => {
    const { schemas, zodResolver } = await preloadSchemas();
    const resolve = zodResolver(pick(schemas) as never) as unknown as Resolver<V>;
    const result = await resolve(values, context, options);
    const extra = (await rules?.(values)) ?? [];
    if (!extra.length) return result;
    const errors = { ...(result.errors as Record<string, unknown>) };
    for (const issue of extra) setNested(errors, issue.path, { type: 'rule', message: issue.message });
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

/**
 * Maps a 400's field list onto a form: `json.contact.phone` with prefix `contact.` is the field
 * `phone`. Answers the message to show above the form for what no field took (another status,
 * or fields the form does not have), or null when every problem found its field.
 */
export function applyApiErrors<V extends FieldValues>(error: unknown, setError: UseFormSetError<V>, fields: readonly string[], prefix = ''): string | null {
  if (!(error instanceof ResponseError)) return T.genericError;
  if (error.status !== 400 || error.fields.length === 0) return error.body.message || T.genericError;
  const left: string[] = [];
  let focus = true;
  for (const f of error.fields) {
    const path = f.path.replace(/^(json|query|param|form)\./, '');
    const local = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    const root = local.split('.')[0] ?? '';
    if (!fields.includes(root)) {
      left.push(f.message);
      continue;
    }
    setError(local as Path<V>, { type: 'server', message: f.message }, { shouldFocus: focus });
    focus = false;
  }
  return left.length ? left.join(' ') : null;
}

/** The message of a failed call for a notice (the API's own text, or the generic one). */
export function messageOf(error: unknown): string {
  return error instanceof ResponseError && error.body.message ? error.body.message : T.genericError;
}

/** The error code of a failed call, if the API answered one. */
export const codeOf = (error: unknown): string | null => (error instanceof ResponseError ? error.body.code : null);
