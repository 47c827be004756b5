import { describe, expect, it } from 'vitest';
import { parsePoints, toPointJson } from './points.ts';

const space = {
  modelId: 'abcdefghijk',
  name: 'Harbour Lighthouse',
  city: 'Porto',
  countryName: 'Portugal',
  views: 1200,
  images: { cover: '/media/x.webp', width: 1200, height: 800 },
  geolocation: { lat: 41.1495812, long: -8.6107734 },
};

describe('map points', () => {
  it('round-trips a space through the compact form pages embed', () => {
    const json = toPointJson(space);
    expect(json).toEqual({
      m: 'abcdefghijk',
      n: 'Harbour Lighthouse',
      p: 'Porto, Portugal',
      i: '/media/x.webp',
      w: 1200,
      h: 800,
      v: 1200,
      a: 41.14958,
      o: -8.61077,
    });
    expect(parsePoints(JSON.stringify([json]))).toEqual([
      {
        key: 'abcdefghijk',
        modelId: 'abcdefghijk',
        name: 'Harbour Lighthouse',
        place: 'Porto, Portugal',
        image: '/media/x.webp',
        width: 1200,
        height: 800,
        views: 1200,
        lat: 41.14958,
        lon: -8.61077,
      },
    ]);
  });

  it('leaves out spaces without a location and anything malformed', () => {
    expect(toPointJson({ ...space, geolocation: null })).toBeNull();
    expect(parsePoints('not json')).toEqual([]);
    expect(parsePoints('{"m":"x"}')).toEqual([]);
    expect(parsePoints('[{"m":"x","a":"1","o":2},{"m":"y","a":1,"o":2}]').map((p) => p.key)).toEqual(['y']);
  });
});
