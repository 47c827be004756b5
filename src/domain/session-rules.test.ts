import { describe, expect, it } from 'vitest';
import { hasFlag } from './session-rules.ts';

describe('hasFlag (spec 6)', () => {
  const user = {
    flags: ['discover/space_geocoding'],
    memberships: [{ name: 'Acme', flags: ['discover/collection_list_view'], organization_sid: 'o1', role: 'OWNER' }],
  };

  it('reads discover/{flag} from the user and from any membership', () => {
    expect(hasFlag(user, 'space_geocoding')).toBe(true);
    expect(hasFlag(user, 'collection_list_view')).toBe(true);
    expect(hasFlag(user, 'collection_map_view')).toBe(false);
  });

  it('needs the discover/ prefix, and guests have no flags', () => {
    expect(hasFlag({ flags: ['zaya'], memberships: [] }, 'zaya')).toBe(false);
    expect(hasFlag(null, 'zaya')).toBe(false);
  });
});
