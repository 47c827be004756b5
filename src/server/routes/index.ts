import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { systemRouter } from './system/system.index.ts';

/** Every resource router of the API, mounted at the root (their routes carry full paths). Add new resources here. */
export function routers(): OpenAPIHono<AppEnv>[] {
  return [systemRouter()];
}
