import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default (cores - 1) runs every file one after the other on 2 cores, although one
    // file (the demo world seed) takes half the run on its own: use every core. The test files
    // share nothing (in-memory databases, temporary folders), so they may run side by side.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
