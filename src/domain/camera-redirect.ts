/**
 * Header search shortcuts (spec 2): 'pro 2' / 'pro 3', optionally prefixed with the brand, go to a
 * camera page; 'pro 3' only when its feature flag is on.
 */
export function cameraRedirectFor(text: string, pro3Enabled: boolean): string | undefined {
  const m = /^\s*(?:matterport\s+)?pro\s*([23])\s*$/i.exec(text);
  if (!m) return undefined;
  if (m[1] === '2') return 'matterport-pro2';
  return pro3Enabled ? 'matterport-pro3' : undefined;
}
