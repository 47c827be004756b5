import { inject } from 'vitest';

// Every worker of the PostgreSQL pass: the one switch (src/server/db/test-databases.ts) reads these.
const postgres = inject('postgres');
process.env['TEST_POSTGRES_URL'] = postgres.url;
process.env['TEST_POSTGRES_TEMPLATE'] = postgres.template;
process.env['TEST_POSTGRES_PREFIX'] = postgres.prefix;
