import type { RouteHandler } from '@hono/zod-openapi';
import { SITE_BASE } from '../../../domain/urls.ts';
import type { AppEnv } from '../../context.ts';
import type { envJs, version } from './system.routes.ts';

const startedAt = new Date().toISOString();

/** Answers the package version and the commit it was built from. */
export const getVersion: RouteHandler<typeof version, AppEnv> = (c) =>
  c.json({ version: process.env['npm_package_version'] ?? '0.1.0', commit: process.env['GIT_COMMIT'] ?? 'dev', startedAt }, 200);

/** The browser's runtime configuration: API base (no trailing slash) and showcase template. */
export const getEnvJs: RouteHandler<typeof envJs, AppEnv> = (c) => {
  const { env } = c.get('deps');
  const config = { apiBase: env.publicOrigin.replace(/\/+$/, ''), basePath: SITE_BASE, showcaseUrlTemplate: env.SHOWCASE_URL_TEMPLATE };
  c.header('Cache-Control', 'no-cache');
  return c.body(`window.__DISCOVER_ENV__ = ${JSON.stringify(config)};\n`, 200, { 'Content-Type': 'application/javascript; charset=utf-8' });
};
