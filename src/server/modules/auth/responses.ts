/** Removes every `token` field from a JSON value (top-level ones become null, as better-auth's own "no token" answer). */
function stripTokens(value: unknown, top: boolean): unknown {
  if (Array.isArray(value)) return value.map((v) => stripTokens(v, false));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (k === 'token') {
      if (top) out[k] = null;
      continue;
    }
    out[k] = stripTokens(v, false);
  }
  return out;
}

/**
 * The session token lives only in the HttpOnly cookie. better-auth also puts tokens in JSON bodies
 * (sign-in and sign-up `token`, get-session's `session.token`, every entry of list-sessions) for
 * bearer clients, which this product has none of: every better-auth answer passes here, so script
 * on a page can never read a token, its own or another session's.
 */
export async function withoutTokens(res: Response): Promise<Response> {
  if (!/application\/json/i.test(res.headers.get('content-type') ?? '')) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(stripTokens(body, true)), { status: res.status, statusText: res.statusText, headers });
}
