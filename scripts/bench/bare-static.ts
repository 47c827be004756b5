import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The ceilings bench:static prints beside the product: bare node:http answering every request with
 * one file of the built site, read once into memory, as its brotli or gzip sibling when the request
 * accepts it (the same body bytes the product sends). No routing, no stat, no validators; with a
 * headers file (JSON, the product's answer headers), those headers instead of a bare Content-Type:
 * the same bytes on the wire, so the difference is the product's work per request alone.
 *
 *   node scripts/bench/bare-static.ts <file.html> <port> [headers.json]
 */
const [file, port = '4670', headersFile] = process.argv.slice(2);
if (!file) throw new Error('usage: node scripts/bench/bare-static.ts <file.html> <port> [headers.json]');
const read = (path: string) => {
  try {
    return readFileSync(path);
  } catch {
    return null;
  }
};
const identity = readFileSync(file);
const br = read(`${file}.br`);
const gzip = read(`${file}.gz`);
const same = headersFile ? (JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>) : null;
createServer((req, res) => {
  const accept = req.headers['accept-encoding'] ?? '';
  const [body, encoding] = br && accept.includes('br') ? [br, 'br'] : gzip && accept.includes('gzip') ? [gzip, 'gzip'] : [identity, null];
  res.writeHead(
    200,
    same ?? {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': String(body.byteLength),
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
    },
  );
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log(`listening on ${port}`));
