import { describe, expect, test } from 'vitest';
import { pagePolicy, staticFileSecurityHeaders } from './security-headers.ts';

/** A policy's directives by name. */
const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/) as [string, ...string[]])
      .map(([name, ...values]) => [name, values]),
  );

const site = { publicOrigin: 'https://discover.example', showcaseUrlTemplate: '/discover/showcase/?m={modelId}' };
const bucket = 'https://demo-media.s3.eu-west-1.amazonaws.com';

describe('the pages’ policy with media on another origin', () => {
  test('pictures, fetches and media may come from the bucket of MEDIA_PUBLIC_URL, scripts and frames may not', () => {
    const csp = directives(pagePolicy({ ...site, mediaPublicUrl: `${bucket}/media/` }, [], false));
    for (const name of ['img-src', 'connect-src', 'media-src']) expect(csp.get(name), name).toContain(bucket);
    for (const name of ['script-src', 'frame-src', 'default-src']) expect(csp.get(name), name).not.toContain(bucket);
  });

  test('the tour player (the embeddable route) may load the models and pictures from the bucket too', () => {
    const headers = staticFileSecurityHeaders({ ...site, mediaPublicUrl: bucket }, '/discover/showcase/', 'text/html; charset=utf-8', '<p>player</p>');
    const csp = directives(headers['Content-Security-Policy'] as string);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://discover.example', bucket]);
    expect(csp.get('img-src')).toContain(bucket);
    expect(csp.get('frame-ancestors')).toEqual(['*']);
  });

  test('media served by this server (no MEDIA_PUBLIC_URL, or one on the site’s origin) add no origin', () => {
    for (const mediaPublicUrl of [undefined, 'https://discover.example/media']) {
      const csp = directives(pagePolicy({ ...site, mediaPublicUrl }, [], false));
      expect(csp.get('connect-src')).toEqual(["'self'", 'https://discover.example']);
      expect(csp.get('img-src')).toEqual(["'self'", 'https://discover.example', 'data:', 'blob:']);
    }
  });
});
