import type { APIRoute } from 'astro';

/**
 * robots.txt with an absolute sitemap URL (the origin comes from PUBLIC_ORIGIN at build time, so
 * it cannot be a static file). Crawlers read /robots.txt at the host root: the server serves this
 * file there too.
 */
export const GET: APIRoute = ({ site }) => {
  const base = import.meta.env.BASE_URL.replace(/\/+$/, '');
  const sitemap = new URL(`${base}/sitemap-index.xml`, site ?? 'http://127.0.0.1:4321').href;
  const body = [
    'User-agent: *',
    'Allow: /',
    // Runtime pages and the stand-in player have nothing to index.
    `Disallow: ${base}/showcase/`,
    `Disallow: ${base}/profile/private`,
    `Disallow: ${base}/accounts`,
    'Disallow: /admin/',
    'Disallow: /api/',
    '',
    `Sitemap: ${sitemap}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
