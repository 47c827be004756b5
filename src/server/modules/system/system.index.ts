import { createRouter } from '../../router.ts';
import { getEnvJs, getVersion } from './system.handlers.ts';
import { envJs, version } from './system.routes.ts';

/** Version and browser-config routes. */
export const systemRouter = () => createRouter().openapi(version, getVersion).openapi(envJs, getEnvJs);
