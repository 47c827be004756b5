/** Signs a demo user in through the sign-in form (password "discover-demo"); answers the session cookie. */
export async function signIn(origin: string, email: string): Promise<string> {
  const res = await fetch(`${origin}/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: origin },
    body: new URLSearchParams({ email, password: 'discover-demo', target: '/discover/' }),
    redirect: 'manual',
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error(`Sign-in as ${email} failed: ${res.status}`);
  return cookie;
}
