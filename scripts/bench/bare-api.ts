import { DatabaseSync } from 'node:sqlite';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/**
 * The ceiling bench:api prints beside the product's figure: bare Hono on node:sqlite answering one
 * space by id as JSON (a prepared SELECT of the row and JSON.stringify per request), no middleware.
 *
 *   node scripts/bench/bare-api.ts <discover.sqlite> <port>
 */
const [file, port = '4650'] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/bench/bare-api.ts <discover.sqlite> <port>');
const db = new DatabaseSync(file, { readOnly: true });
const byId = db.prepare('SELECT * FROM spaces WHERE id = ?');
const app = new Hono();
app.get('/space/:id/', (c) => {
  const row = byId.get(c.req.param('id'));
  return row ? c.json(row) : c.json({ code: 'NOT_FOUND' }, 404);
});
serve({ fetch: app.fetch, hostname: '127.0.0.1', port: Number(port) }, () => console.log(`listening on ${port}`));
