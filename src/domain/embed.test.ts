import { expect, test } from 'vitest';
import { DEFAULT_EMBED_SIZE, EMBED_SIZES, playerEmbedHtml, playerUrl, viewUrlOf } from './embed.ts';

const PLAYER = 'https://discover.example/discover/showcase/?m=LOFTPARIS01';

test('a fixed-size embed code is one iframe of the player with its size, title and permissions', () => {
  const html = playerEmbedHtml(PLAYER, 'Loft "Paris" & co', DEFAULT_EMBED_SIZE);
  expect(html).toBe(
    '<iframe src="https://discover.example/discover/showcase/?m=LOFTPARIS01" title="Loft &quot;Paris&quot; &amp; co" allow="fullscreen; xr-spatial-tracking; gyroscope; accelerometer" allowfullscreen loading="lazy" width="853" height="480" style="border:0"></iframe>',
  );
  expect(EMBED_SIZES.every((s) => Math.abs(s.width / s.height - 16 / 9) < 0.01)).toBe(true);
});

test('a responsive embed code fills its container at 16:9', () => {
  const html = playerEmbedHtml(PLAYER, 'Loft', 'responsive');
  expect(html).toMatch(/^<div style="position:relative;width:100%;aspect-ratio:16\/9"><iframe /);
  expect(html).not.toMatch(/width="\d/);
});

test('a view link is taken only from the same player and model', () => {
  const view = `${PLAYER}&sweep=s3&mode=inside&h=90&p=0`;
  expect(viewUrlOf({ type: 'discover:view', url: view }, PLAYER)).toBe(view);
  expect(viewUrlOf({ type: 'discover:view', url: view.replace('LOFTPARIS01', 'OTHERSPACE1') }, PLAYER)).toBeNull();
  expect(viewUrlOf({ type: 'discover:view', url: view.replace('discover.example', 'evil.example') }, PLAYER)).toBeNull();
  expect(viewUrlOf({ type: 'discover:view', url: 'javascript:alert(1)' }, PLAYER)).toBeNull();
  expect(viewUrlOf({ type: 'other', url: view }, PLAYER)).toBeNull();
  expect(viewUrlOf('discover:view', PLAYER)).toBeNull();
});

test('the player URL is absolute, names the model and carries a language other than English', () => {
  expect(playerUrl('/discover/showcase/?m={modelId}', 'LOFT PARIS', 'https://discover.example')).toBe(
    'https://discover.example/discover/showcase/?m=LOFT%20PARIS',
  );
  expect(playerUrl('/discover/showcase/?m={modelId}', 'L1', 'https://discover.example', 'en')).toBe('https://discover.example/discover/showcase/?m=L1');
  expect(playerUrl('/discover/showcase/?m={modelId}', 'L1', 'https://discover.example', 'en-GB')).toBe(
    'https://discover.example/discover/showcase/?m=L1&lang=en-GB',
  );
  expect(playerUrl('https://tours.example/p/{modelId}', 'L1', 'https://discover.example', 'de')).toBe('https://tours.example/p/L1?lang=de');
});
