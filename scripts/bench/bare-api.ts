import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The ceilings bench:api prints beside the product's figure: bare Hono on node:sqlite answering one
 * space by id as JSON (a prepared SELECT of the row and JSON.stringify per request), no middleware;
 * with `raw`, bare node:http writing that JSON, made once, from memory (what a cached answer can
 * cost at most: no routing, no query, no serialization).
 *
 *   node scripts/bench/bare-api.ts <discover.sqlite> <port> [raw]
 */
const [file, port = '4650', mode = ''] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/bench/bare-api.ts <discover.sqlite> <port> [raw]');
const db = new DatabaseSync(file, { readOnly: true });
const byId = db.prepare('SELECT * FROM spaces WHERE id = ?');
if (mode === 'raw') {
  const answers = new Map<string, Buffer>();
  createServer((req, res) => {
    const id = /^\/space\/([^/]+)\/$/.exec(req.url ?? '')?.[1] ?? '';
    let body = answers.get(id);
    if (!body) {
      const row = byId.get(id);
      if (!row) {
        res.writeHead(404).end();
        return;
      }
      body = Buffer.from(JSON.stringify(row));
      answers.set(id, body);
    }
    res.writeHead(200, { 'content-type': 'application/json', 'Content-Length': String(body.byteLength) }).end(body);
  }).listen(Number(port), '127.0.0.1', () => console.log(`listening on ${port}`));
} else {
  const app = new Hono();
  app.get('/space/:id/', (c) => {
    const row = byId.get(c.req.param('id'));
    return row ? c.json(row) : c.json({ code: 'NOT_FOUND' }, 404);
  });
  serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(port) }, () => console.log(`listening on ${port}`));
}
