import { describe, expect, it } from 'vitest';
import { pageI18n } from '../i18n/page.ts';
import type { CardSpace } from '../site/data.ts';
import { spaceCard } from './space-cards.ts';

const images = { thumbnail: '/media/a/480.webp', cover: '/media/a/1200.webp', width: 1200, height: 800 };
const space = { id: 's1', modelId: 'm1', name: 'Calm Cottage', city: 'Kanazawa', countryCode: 'JP', countryName: 'Japan', views: 45680, images } as CardSpace;
const en = pageI18n(new URL('http://127.0.0.1/discover/space/x/'));
const de = pageI18n(new URL('http://127.0.0.1/discover/de/space/x/'));

describe('kept space cards', () => {
  it('give the same card for the same space, and a new one when anything it shows changes', () => {
    const card = spaceCard(space, en);
    expect(spaceCard({ ...space }, en)).toBe(card);
    expect(card).toContain('45,680');
    expect(spaceCard({ ...space, views: 45681 }, en)).toContain('45,681');
    expect(spaceCard({ ...space, name: 'Calm Cottage II' }, en)).toContain('Calm Cottage II');
    expect(spaceCard(space, de)).toContain('45.680');
    expect(spaceCard(space, en, { level: 'h2' })).toContain('<h2');
    expect(spaceCard(space, en)).toBe(card);
  });
});
