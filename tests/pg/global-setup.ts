import type { TestProject } from 'vitest/node';
import { closeTestAdmin, createMigratedTemplate, dropTestDatabases } from '../../src/server/db/test-databases.ts';
import { startEmbeddedPostgres } from '../../src/server/db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string; template: string; prefix: string };
  }
}

/**
 * The PostgreSQL pass's server: `TEST_POSTGRES_URL` or a `postgres://` `DATABASE_URL` when set,
 * else a throwaway embedded-postgres cluster in /tmp on a free port (removed at the end). One
 * migrated template database per run; every test app copies it (src/server/db/test-databases.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env['TEST_POSTGRES_URL'] || (/^postgres(ql)?:\/\//.test(process.env['DATABASE_URL'] ?? '') ? process.env['DATABASE_URL'] : '');
  const cluster = given ? null : await startEmbeddedPostgres();
  const url = given || cluster?.url || '';
  const prefix = `discover_t${Date.now().toString(36)}`;
  const template = `${prefix}_tpl`;
  await createMigratedTemplate(url, template);
  project.provide('postgres', { url, template, prefix });
  return async () => {
    await dropTestDatabases(url, prefix);
    await closeTestAdmin();
    await cluster?.stop();
  };
}
