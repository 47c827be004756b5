import { argon2, randomBytes, timingSafeEqual, type Argon2Parameters } from 'node:crypto';

/**
 * Argon2id at OWASP's first recommended setting (m = 46 MiB, t = 1, p = 1), which also meets
 * ASVS's "at least 46 MiB". Node 24.7+ ships argon2 natively, so no package or download is needed.
 */
export const ARGON2_PARAMS = { memory: 47104, passes: 1, parallelism: 1, tagLength: 32, saltLength: 16 } as const;

const b64 = (buf: Buffer) => buf.toString('base64').replace(/=+$/, '');

function derive(password: string, nonce: Buffer, p: { memory: number; passes: number; parallelism: number; tagLength: number }): Promise<Buffer> {
  if (typeof argon2 !== 'function') {
    return Promise.reject(
      new Error('Password hashing needs Node 24.7 or newer (node:crypto argon2); run the project with its own Node from node_modules/.bin.'),
    );
  }
  const params: Argon2Parameters = { message: password, nonce, memory: p.memory, passes: p.passes, parallelism: p.parallelism, tagLength: p.tagLength };
  return new Promise((ok, fail) => argon2('argon2id', params, (err, key) => (err ? fail(new Error('Password hashing failed.', { cause: err })) : ok(key))));
}

/** Hashes a password with argon2id; answers the standard PHC string `$argon2id$v=19$m=…,t=…,p=…$salt$hash`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(ARGON2_PARAMS.saltLength);
  const key = await derive(password, salt, ARGON2_PARAMS);
  const { memory, passes, parallelism } = ARGON2_PARAMS;
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${b64(salt)}$${b64(key)}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** Checks a password against a PHC argon2id string in constant time; a malformed hash never matches. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const m = PHC.exec(hash);
  if (!m) return false;
  const [memory, passes, parallelism] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // Refuse parameters no hash of ours has, so a planted row cannot make verification hang.
  if (memory > 1 << 21 || passes > 16 || parallelism > 16) return false;
  const expected = Buffer.from(m[5] as string, 'base64');
  const key = await derive(password, Buffer.from(m[4] as string, 'base64'), { memory, passes, parallelism, tagLength: expected.length });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
