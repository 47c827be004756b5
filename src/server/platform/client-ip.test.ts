import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv, Deps } from '../context.ts';
import { loadEnv } from '../env.ts';
import { clientIp } from './client-ip.ts';

/** An app that answers the client address it sees, configured with the given CLIENT_IP_HEADER. */
function appWith(clientIpHeader?: string) {
  const env = loadEnv({ NODE_ENV: 'test', ...(clientIpHeader ? { CLIENT_IP_HEADER: clientIpHeader } : {}) });
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', { env } as Deps);
    await next();
  });
  app.get('/', (c) => c.text(clientIp(c) ?? 'unknown'));
  return app;
}

/** A request as @hono/node-server hands it over: with the socket it came in on. */
const fromSocket = (remoteAddress: string | undefined) => ({ incoming: { socket: { remoteAddress } } });

const ask = async (app: Hono<AppEnv>, headers: Record<string, string>, bindings?: object) => (await app.request('/', { headers }, bindings)).text();

describe('clientIp', () => {
  it('without CLIENT_IP_HEADER answers the connection, whatever headers the client sends', async () => {
    const app = appWith();
    const spoofed = { 'x-forwarded-for': '203.0.113.66', 'x-real-ip': '203.0.113.67', 'x-discover-client-ip': '203.0.113.68' };
    expect(await ask(app, spoofed, fromSocket('198.51.100.4'))).toBe('198.51.100.4');
    expect(await ask(app, {}, fromSocket('2001:db8::4'))).toBe('2001:db8::4');
  });

  it('behind a load balancer answers the first address of the configured header', async () => {
    const app = appWith('X-Real-IP');
    expect(await ask(app, { 'x-real-ip': '203.0.113.9' }, fromSocket('10.0.0.2'))).toBe('203.0.113.9');
    expect(await ask(app, { 'x-real-ip': ' 203.0.113.9 , 10.0.0.7' }, fromSocket('10.0.0.2'))).toBe('203.0.113.9');
    // Another header is not trusted in its place.
    expect(await ask(app, { 'x-forwarded-for': '203.0.113.66' }, fromSocket('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('answers nothing for a closed connection, and the X-Forwarded-For of in-process test requests', async () => {
    expect(await ask(appWith(), { 'x-forwarded-for': '203.0.113.66' }, fromSocket(undefined))).toBe('unknown');
    expect(await ask(appWith(), { 'x-forwarded-for': '203.0.113.5, 10.0.0.1' })).toBe('203.0.113.5');
    expect(await ask(appWith(), {})).toBe('unknown');
  });
});
