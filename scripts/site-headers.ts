import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { inlineScriptHashes, pagePolicy, RESOURCE_POLICY } from '../src/server/security-headers.ts';

/**
 * `npm run site:headers -- --dir DATA_DIR/site/current --origin https://discover.example.com [--showcase TEMPLATE] [--json]`
 *
 * The security headers of a built site for a static server or CDN in front of it (docs/deploy.md),
 * as nginx `map` blocks (or JSON): the Content-Security-Policy of pages with the hashes of every
 * inline script of the build (one policy for all pages: the union, a score of our own scripts, which
 * changes only when the code does), of the embeddable player and the space pages (framed only to
 * send the top window to the page), of scripts and of everything else,
 * made by the same functions as the Node server's (src/server/security-headers.ts).
 */
const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: 'data/site/current' },
    origin: { type: 'string', default: process.env['PUBLIC_ORIGIN'] ?? 'http://127.0.0.1:4321' },
    showcase: { type: 'string', default: process.env['SHOWCASE_URL_TEMPLATE'] ?? '/discover/showcase/?m={modelId}' },
    json: { type: 'boolean', default: false },
  },
});
const dir = realpathSync(values.dir);
const hashes = new Set<string>();
let pages = 0;
const walk = (rel: string) => {
  for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
    if (e.name.startsWith('.')) continue;
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(r);
    else if (e.name.endsWith('.html')) {
      pages++;
      for (const h of inlineScriptHashes(readFileSync(join(dir, r), 'utf8'))) hashes.add(h);
    }
  }
};
walk('');
// A space page (any locale) may be framed too, only to send the top window to itself (isFramedSpacePage in src/server/security-headers.ts).
// No braces: nginx wants a regex holding `{` or `;` quoted.
const SPACE_PAGE = `~^/discover/([a-z][a-z](-[a-z][a-z])?/)?space/[^/]+/(index\\.html)?$`;
const o = { publicOrigin: values.origin.replace(/\/+$/, ''), showcaseUrlTemplate: values.showcase };
const all = [...hashes].sort();
const policies = {
  page: pagePolicy(o, all, false),
  player: pagePolicy(o, all, true),
  script: pagePolicy(o, [], false),
  other: RESOURCE_POLICY,
};
if (values.json) {
  console.log(JSON.stringify({ build: dir, pages, inlineScripts: all.length, policies }, null, 2));
} else {
  console.log(`# Security headers of the Discover build ${dir}
# (${pages} pages, ${all.length} distinct inline scripts), by npm run site:headers.
# Made again after every deploy of new code: a changed inline script changes its hash.
map $uri $discover_page_csp {
    ~^/discover/showcase(/|$)  "${policies.player}";
    ${SPACE_PAGE}  "${policies.player}";
    default                    "${policies.page}";
}
map $sent_http_content_type $discover_csp {
    ~^text/html    $discover_page_csp;
    ~javascript    "${policies.script}";
    default        "${policies.other}";
}
map $uri $discover_frame_options {
    ~^/discover/showcase(/|$)  "";
    ${SPACE_PAGE}  "";
    default                    "DENY";
}
# In each location that serves the build's files (add_header of an inner location replaces the outer ones):
#   add_header Content-Security-Policy $discover_csp always;
#   add_header X-Frame-Options $discover_frame_options always;
#   add_header X-Content-Type-Options nosniff always;
#   add_header Referrer-Policy strict-origin-when-cross-origin always;
#   add_header Cross-Origin-Opener-Policy same-origin always;${o.publicOrigin.startsWith('https://') ? '\n#   add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;' : ''}`);
}
