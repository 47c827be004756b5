import { describe, expect, test } from 'vitest';
import { parseCsv, readFeed } from './import-feed.ts';

describe('parseCsv', () => {
  test('quoted cells keep commas, quotes and line breaks; blank lines are skipped', () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n\n1,2\n')).toEqual([
      ['a', 'b'],
      ['x, y', 'say "hi"\nthere'],
      ['1', '2'],
    ]);
  });
});

describe('readFeed', () => {
  test('JSON: an object with spaces or a bare list; each row checked with the API schema', () => {
    const feed = readFeed(JSON.stringify({ spaces: [{ modelId: 'ABCDEFGHIJK', name: 'Loft' }, { modelId: 'short' }] }));
    expect(feed.ok).toBe(true);
    if (!feed.ok) return;
    expect(feed.format).toBe('json');
    expect(feed.rows[0]).toMatchObject({ line: 1, item: { modelId: 'ABCDEFGHIJK', name: 'Loft' }, problems: [] });
    expect(feed.rows[1]?.item).toBeNull();
    expect(feed.rows[1]?.problems[0]).toMatch(/^modelId: /);
    expect(readFeed('[{"modelId":"ABCDEFGHIJK"}]').ok).toBe(true);
  });

  test('CSV: typed cells, lists split on |, geolocation from lat/long, known camera codes, empty cells left out', () => {
    const feed = readFeed('modelId,name,tags,cameras,lat,long,views,summary\nABCDEFGHIJK,Sunny Loft,loft|modern,mc250|X9:ACME:ANDROID,48.85,2.35,12,\n');
    expect(feed.ok).toBe(true);
    if (!feed.ok) return;
    expect(feed.rows[0]).toMatchObject({
      line: 2,
      problems: [],
      item: {
        modelId: 'ABCDEFGHIJK',
        name: 'Sunny Loft',
        tags: ['loft', 'modern'],
        cameras: [{ code: 'MC250' }, { code: 'X9', manufacturer: 'ACME', kind: 'ANDROID' }],
        geolocation: { lat: 48.85, long: 2.35 },
        views: 12,
      },
    });
    expect(feed.rows[0]?.item).not.toHaveProperty('summary');
  });

  test('says what is wrong: no header, unknown columns, bad JSON, duplicates, nothing at all', () => {
    expect(readFeed('')).toMatchObject({ ok: false });
    expect(readFeed('name\nLoft')).toMatchObject({ ok: false, error: expect.stringMatching(/modelId/) as unknown });
    expect(readFeed('modelId,colour\nABCDEFGHIJK,red')).toMatchObject({ ok: false, error: expect.stringMatching(/Unknown CSV columns: colour/) as unknown });
    expect(readFeed('{"spaces": [')).toMatchObject({ ok: false, error: expect.stringMatching(/not valid JSON/) as unknown });
    const dup = readFeed('modelId,name\nABCDEFGHIJK,A\nABCDEFGHIJK,B');
    expect(dup.ok && dup.rows[1]?.problems).toEqual(['modelId: also on row 2']);
  });
});
