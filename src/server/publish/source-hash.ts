import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Files whose change means the site must be rebuilt in full. */
const SOURCE_ROOTS = ['src', 'locales', 'public', 'astro.config.mjs', 'package-lock.json'];
/** Server-only code and tests do not change the static output. */
const SOURCE_IGNORE = /(^|\/)server\/|\.test\.ts$/;

/** A short hash of every source file that shapes the static output: equal hashes mean a build of the same code. */
export function hashSources(projectRoot: string): string {
  const h = createHash('sha256');
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) walk(join(p, name));
      return;
    }
    const rel = relative(projectRoot, p);
    if (SOURCE_IGNORE.test(rel)) return;
    h.update(rel).update('\0').update(readFileSync(p)).update('\0');
  };
  for (const r of SOURCE_ROOTS) walk(join(projectRoot, r));
  return h.digest('hex').slice(0, 16);
}
