import { describe, expect, test } from 'vitest';
import { ChunkLoadError, failedChunkUrl, loadChunk } from './chunks.ts';

describe('script chunks', () => {
  test('the URL of a chunk that failed is read from the browser’s message', () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:4321/discover/_astro/ConsentDialog.zx5PWGHj.js');
    expect(failedChunkUrl(chromium)).toBe('http://127.0.0.1:4321/discover/_astro/ConsentDialog.zx5PWGHj.js');
    expect(failedChunkUrl(new ChunkLoadError(chromium))).toBe('http://127.0.0.1:4321/discover/_astro/ConsentDialog.zx5PWGHj.js');
    const firefox = new TypeError('error loading dynamically imported module: https://example.com/_astro/Map.B1.js?retry=1');
    expect(failedChunkUrl(firefox)).toBe('https://example.com/_astro/Map.B1.js');
    expect(failedChunkUrl(new Error('Something else'))).toBeNull();
  });

  test('a first failure is reported as a ChunkLoadError, for the island to offer its retry', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:1/_astro/Never.abc.js'));
    await expect(loadChunk(failing)).rejects.toBeInstanceOf(ChunkLoadError);
  });
});
