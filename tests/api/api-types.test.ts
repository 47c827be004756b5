import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../scripts/api-types.ts';

test('the client types match the OpenAPI document of the routes', async () => {
  const committed = readFileSync(API_TYPES_FILE, 'utf8');
  const fresh = await generateApiTypes();
  expect(committed === fresh, 'src/client/api-types.ts is stale: run npm run api:types').toBe(true);
});
