import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { verifyBuild } from './build-manifest.ts';
import { currentBuildOf, removeInBackground, retire, siteLayout, swapLink } from './site-dirs.ts';

/**
 * Makes the site folder safe to serve after whatever ended the previous process (a crash, a kill
 * at any instant of a publish): its half-made folders are moved aside at once (a rename, so a
 * publish starting now never meets a removal still running into its own folders) and removed in
 * the background; the served build is checked against its manifest, and one that is incomplete or
 * damaged is replaced by the newest complete build, or by none (the server answers "Discover is
 * starting" until the full build this start then makes).
 */
export function recoverSite(siteDir: string, log: (line: string) => void): void {
  const dirs = siteLayout(siteDir);
  const currentDir = dirs.current;
  const removing = [
    ...readdirSync(dirs.builds)
      .filter((d) => d.endsWith('.removing'))
      .map((d) => join(dirs.builds, d)),
    ...readdirSync(siteDir)
      .filter((d) => d.endsWith('.removing'))
      .map((d) => join(siteDir, d)),
  ];
  const halfMade = [dirs.next, `${dirs.next}.tmp`, `${dirs.next}.spare`, dirs.staging, `${dirs.renderer}.next`].filter((d) => existsSync(d));
  void removeInBackground([...removing, ...retire(halfMade)]);

  const target = currentBuildOf(siteDir);
  if (!target) return;
  const check = verifyBuild(currentDir);
  if (check.ok) return;
  const served = basename(target);
  const previous = readdirSync(dirs.builds)
    .filter((d) => !d.endsWith('.removing') && d !== served)
    .sort()
    .reverse()
    .map((d) => join(dirs.builds, d))
    .find((d) => verifyBuild(d).ok);
  if (previous) {
    swapLink(currentDir, previous);
    log(`The served build ${served} is incomplete (${check.reason}): serving the previous complete build ${basename(previous)} until it is rebuilt.`);
  } else {
    rmSync(currentDir, { force: true });
    log(`The served build ${served} is incomplete (${check.reason}) and no complete build is left: the site is rebuilt in full.`);
  }
  if (existsSync(target)) void removeInBackground(retire([target]));
}
