import { escapeHtml } from '../../../domain/html.ts';

/** The parts of an OpenAPI 3.1 document the reference page reads. */
export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  /** Path items: operations under their method, beside other keys (`parameters`, …) the page does not read. */
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

interface Operation {
  tags?: string[];
  summary?: string;
  description?: string;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

/** A JSON schema node, as loosely as the renderer needs it. */
export type Schema = {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A short type label for a schema: component names, arrays, unions, enums and primitives. */
export function typeLabel(s: Schema | undefined, depth = 0): string {
  if (!s) return 'any';
  if (s.$ref) return s.$ref.split('/').pop() ?? 'object';
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map((x) => typeLabel(x, depth + 1)).join(' | ');
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  const type = Array.isArray(s.type) ? s.type.join(' | ') : s.type;
  if (type === 'array') return `${typeLabel(s.items, depth + 1)}[]`;
  if (type === 'object' && s.properties && depth < 1) {
    return `{ ${Object.entries(s.properties)
      .map(([k, v]) => `${k}${s.required?.includes(k) ? '' : '?'}: ${typeLabel(v, depth + 1)}`)
      .join('; ')} }`;
  }
  return type ?? 'any';
}

/** Escapes text and turns `backticked` words into code spans. */
function prose(text: string | undefined): string {
  return escapeHtml(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');
}

const anchor = (prefix: string, name: string) => `${prefix}-${name.replace(/[^A-Za-z0-9_-]+/g, '-')}`;

/** Links component names inside a type label to their schema section. */
function linkTypes(label: string, known: Set<string>): string {
  return escapeHtml(label).replace(/\b([A-Z][A-Za-z0-9]*)\b/g, (m) => (known.has(m) ? `<a href="#${anchor('schema', m)}">${m}</a>` : m));
}

function constraints(s: Schema | undefined): string {
  if (!s) return '';
  const bits: string[] = [];
  if (s.default !== undefined) bits.push(`default ${JSON.stringify(s.default)}`);
  if (s.minimum !== undefined) bits.push(`min ${s.minimum}`);
  if (s.maximum !== undefined) bits.push(`max ${s.maximum}`);
  if (s.maxLength !== undefined) bits.push(`≤ ${s.maxLength} chars`);
  return bits.join(', ');
}

const CSS = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1b1f24;--muted:#5b6470;--line:#e3e6ea;--card:#f7f8fa;--accent:#0b5cad}
@media (prefers-color-scheme:dark){:root{--bg:#111418;--fg:#e8eaed;--muted:#9aa3ad;--line:#2a3038;--card:#181c21;--accent:#7cb7ff}}
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
a{color:var(--accent)}code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.layout{display:grid;grid-template-columns:260px 1fr;min-height:100vh}
nav{border-right:1px solid var(--line);padding:1.25rem;position:sticky;top:0;height:100vh;overflow:auto}
nav h2{font-size:.8rem;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);margin:1.2rem 0 .4rem}
nav ul{list-style:none;margin:0;padding:0}nav li{margin:.15rem 0}nav a{text-decoration:none}
main{padding:2rem 2.5rem;max-width:1100px}h1{margin:0 0 .25rem}.lead{color:var(--muted);margin:0 0 2rem}
section.tag{margin-bottom:2.5rem}section.tag>h2{border-bottom:1px solid var(--line);padding-bottom:.4rem}
.op{border:1px solid var(--line);border-radius:8px;background:var(--card);margin:1rem 0;padding:1rem 1.2rem}
.op h3{margin:0;font-size:1rem;display:flex;gap:.6rem;align-items:center;flex-wrap:wrap}
.m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;padding:.1rem .4rem;font-size:.75rem;font-weight:700;color:#fff}
.m.get{background:#1f7a3f}.m.post{background:#0b5cad}.m.put{background:#8a5a00}.m.patch{background:#6b3fa0}.m.delete{background:#b42318}
.summary{color:var(--muted);font-weight:400}.desc{margin:.6rem 0 0}
table{border-collapse:collapse;width:100%;margin:.6rem 0;font-size:.9rem}th,td{text-align:left;border-top:1px solid var(--line);padding:.35rem .5rem;vertical-align:top}
th{color:var(--muted);font-weight:600;font-size:.8rem;text-transform:uppercase;letter-spacing:.04em}
.label{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:.8rem 0 0}
.req{color:#b42318;font-size:.8rem}.schema{border:1px solid var(--line);border-radius:8px;padding:.8rem 1.2rem;margin:1rem 0}
.schema h3{margin:.2rem 0}
@media (max-width:800px){.layout{grid-template-columns:1fr}nav{position:static;height:auto;border-right:0;border-bottom:1px solid var(--line)}main{padding:1.2rem}}
`;

/** Renders the API reference page: operations grouped by tag, then every named schema. */
export function renderDocsHtml(doc: OpenApiDoc, specUrl = '/api/docs/openapi.json'): string {
  const schemas = doc.components?.schemas ?? {};
  const known = new Set(Object.keys(schemas));
  const groups = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = (item as Record<string, Operation | undefined>)[method];
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'Other';
      groups.set(tag, [...(groups.get(tag) ?? []), { method, path, op }]);
    }
  }
  const tags = [...groups.keys()].sort((a, b) => a.localeCompare(b));
  const opId = (method: string, path: string) => anchor('op', `${method}${path}`);

  const nav = tags
    .map(
      (t) =>
        `<h2><a href="#${anchor('tag', t)}">${escapeHtml(t)}</a></h2><ul>${(groups.get(t) ?? [])
          .map(
            (o) =>
              `<li><a href="#${opId(o.method, o.path)}"><span class="mono">${escapeHtml(o.method.toUpperCase())}</span> ${escapeHtml(o.op.summary ?? o.path)}</a></li>`,
          )
          .join('')}</ul>`,
    )
    .join('');

  const opHtml = ({ method, path, op }: { method: string; path: string; op: Operation }) => {
    const params = op.parameters ?? [];
    const paramTable = params.length
      ? `<p class="label">Parameters</p><table><thead><tr><th>Name</th><th>In</th><th>Type</th><th>Notes</th></tr></thead><tbody>${params
          .map(
            (p) =>
              `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? ' <span class="req">required</span>' : ''}</td><td>${escapeHtml(p.in)}</td><td class="mono">${linkTypes(typeLabel(p.schema), known)}</td><td>${prose([p.description ?? p.schema?.description, constraints(p.schema)].filter(Boolean).join(' — '))}</td></tr>`,
          )
          .join('')}</tbody></table>`
      : '';
    const body = Object.entries(op.requestBody?.content ?? {})
      .map(
        ([type, c]) =>
          `<p class="label">Request body</p><p><span class="mono">${linkTypes(typeLabel(c.schema), known)}</span> <span class="summary">(${escapeHtml(type)})</span></p>`,
      )
      .join('');
    const responses = Object.entries(op.responses ?? {})
      .map(([status, r]) => {
        const types = Object.values(r.content ?? {}).map((c) => linkTypes(typeLabel(c.schema), known));
        return `<tr><td class="mono">${escapeHtml(status)}</td><td class="mono">${types.join(', ') || '—'}</td><td>${prose(r.description)}</td></tr>`;
      })
      .join('');
    return `<article class="op" id="${opId(method, path)}"><h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span><code>${escapeHtml(path)}</code><span class="summary">${escapeHtml(op.summary ?? '')}</span></h3>${
      op.description ? `<p class="desc">${prose(op.description)}</p>` : ''
    }${paramTable}${body}<p class="label">Responses</p><table><thead><tr><th>Status</th><th>Body</th><th>Meaning</th></tr></thead><tbody>${responses}</tbody></table></article>`;
  };

  const sections = tags
    .map((t) => `<section class="tag" id="${anchor('tag', t)}"><h2>${escapeHtml(t)}</h2>${(groups.get(t) ?? []).map(opHtml).join('')}</section>`)
    .join('');

  const schemaHtml = Object.entries(schemas)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, s]) => {
      const props = Object.entries(s.properties ?? {});
      const inner = props.length
        ? `<table><thead><tr><th>Field</th><th>Type</th><th>Notes</th></tr></thead><tbody>${props
            .map(
              ([k, v]) =>
                `<tr><td><code>${escapeHtml(k)}</code>${s.required?.includes(k) ? '' : ' <span class="summary">optional</span>'}</td><td class="mono">${linkTypes(typeLabel(v, 1), known)}</td><td>${prose([v.description, constraints(v)].filter(Boolean).join(' — '))}</td></tr>`,
            )
            .join('')}</tbody></table>`
        : `<p class="mono">${linkTypes(typeLabel(s, 1), known)}</p>`;
      return `<div class="schema" id="${anchor('schema', name)}"><h3>${escapeHtml(name)}</h3>${s.description ? `<p>${prose(s.description)}</p>` : ''}${inner}</div>`;
    })
    .join('');

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(doc.info.title)} reference</title><style>${CSS}</style></head>
<body><div class="layout"><nav aria-label="Operations"><strong>${escapeHtml(doc.info.title)}</strong>${nav}<h2><a href="#schemas">Schemas</a></h2></nav>
<main><h1>${escapeHtml(doc.info.title)}</h1><p class="lead">${escapeHtml(doc.info.description ?? '')} Version ${escapeHtml(doc.info.version)}. Machine-readable: <a href="${escapeHtml(specUrl)}">${escapeHtml(specUrl)}</a>.
Errors answer <code>{ code, message, extra, retry }</code>; a 400 lists problems in <code>extra.fields</code>.</p>
${sections}<section id="schemas"><h2>Schemas</h2>${schemaHtml}</section></main></div></body></html>`;
}
