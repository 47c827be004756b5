import { describe, expect, test } from 'vitest';
import { createHttp, RequiredError } from './http.ts';

/** A transport that records each request and answers `{}`. */
function recorder() {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const http = createHttp({
    baseUrl: 'http://api.test',
    fetch: (input, init) => {
      calls.push({ url: input instanceof Request ? input.url : input.toString(), method: init?.method ?? 'GET', body: init?.body });
      return Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
    },
  });
  return { http, calls };
}

describe('the client bound to the OpenAPI document', () => {
  test('fills the path parameters of a route, URL-encoded', async () => {
    const { http, calls } = recorder();
    await http('GET', '/api/content/space/{id}/', { params: { id: 'a b/c' } });
    await http('PUT', '/api/content/collection/{id}/add/', { params: { id: 'c1' }, query: { itemId: 's1' } });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET http://api.test/api/content/space/a%20b%2Fc/',
      'PUT http://api.test/api/content/collection/c1/add/?itemId=s1',
    ]);
  });

  test('a missing path parameter is the spec error, before any call', async () => {
    const { http, calls } = recorder();
    const missing = undefined as unknown as string;
    await expect(http('GET', '/api/content/space/{id}/', { params: { id: missing } })).rejects.toBeInstanceOf(RequiredError);
    expect(calls).toEqual([]);
  });

  test('paths, methods and bodies outside the document do not compile', () => {
    const { http } = recorder();
    const never = () => {
      // @ts-expect-error: not a route of the document
      void http('GET', '/api/content/nope/');
      // @ts-expect-error: the route does not answer DELETE
      void http('DELETE', '/api/content/banner/');
      // @ts-expect-error: the route's path parameters are required
      void http('GET', '/api/content/space/{id}/');
      // @ts-expect-error: the body has the route's type
      void http('POST', '/api/content/space/search/', { body: { searchText: 1 } });
    };
    expect(typeof never).toBe('function');
  });
});
