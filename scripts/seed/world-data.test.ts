import { test, expect } from 'vitest';
import {
  CITIES,
  SPACE_KINDS,
  ADJECTIVES,
  STYLES,
  SUBJECTS,
  SURNAMES,
  FIRST_NAMES,
  TAGS,
  ORGANIZATION_TEMPLATES,
  DOMAIN_HINTS,
  COLLECTION_THEMES,
  FEATURED_TAG_GROUPS,
  CAROUSEL_TEXTS,
  BANNER_TEXTS,
} from './world-data.ts';
import { STREET_POOLS } from './addresses.ts';
import { createRng } from './prng.ts';
import { fillTemplate, templatePlaceholders } from './template.ts';

const STREETS = Object.values(STREET_POOLS).flatMap((p) => p.streets);
const GLOBAL = new Set(['adj', 'style', 'subject', 'street', 'surname', 'first', 'city', 'region', 'country']);
const tagSet = new Set(TAGS);

function utcOffsetHours(timeZone: string): number {
  // January offset; good enough for a sanity check against longitude.
  const d = new Date(Date.UTC(2024, 0, 15, 12));
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23', day: 'numeric' }).formatToParts(d);
  const h = Number(parts.find((p) => p.type === 'hour')?.value);
  const m = Number(parts.find((p) => p.type === 'minute')?.value);
  const day = Number(parts.find((p) => p.type === 'day')?.value);
  return h + m / 60 - 12 + (day - 15) * 24;
}

test('cities: size, coverage, valid data', () => {
  expect(CITIES.length).toBeGreaterThanOrEqual(120);
  expect(new Set(CITIES.map((c) => c.countryCode)).size).toBeGreaterThanOrEqual(45);
  const keys = new Set<string>();
  for (const c of CITIES) {
    expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
    expect(Math.abs(c.lat)).toBeLessThanOrEqual(90);
    expect(Math.abs(c.long)).toBeLessThanOrEqual(180);
    expect(Math.round(c.lat * 1e4) / 1e4).toBe(c.lat);
    expect(Math.round(c.long * 1e4) / 1e4).toBe(c.long);
    const off = utcOffsetHours(c.timezone); // throws on unknown zone
    // Solar time vs zone offset: catches sign errors / swapped coordinates.
    expect(Math.abs(off - c.long / 15), `${c.city} ${c.timezone}`).toBeLessThan(3.5);
    const key = `${c.city}|${c.countryCode}`;
    expect(keys.has(key), key).toBe(false);
    keys.add(key);
  }
  for (const cc of ['US', 'GB', 'DE', 'FR', 'IT', 'ES', 'JP', 'AU', 'CA', 'BR', 'NL']) {
    expect(CITIES.filter((c) => c.countryCode === cc).length, cc).toBeGreaterThanOrEqual(3);
  }
  const continents = new Set(CITIES.map((c) => c.timezone.split('/')[0]));
  for (const z of ['America', 'Europe', 'Africa', 'Asia', 'Australia', 'Pacific']) expect(continents.has(z)).toBe(true);
});

test('vocab sizes', () => {
  expect(STREETS.length).toBeGreaterThanOrEqual(55);
  expect(SURNAMES.length).toBeGreaterThanOrEqual(80);
  expect(FIRST_NAMES.length).toBeGreaterThanOrEqual(80);
  expect(new Set(SURNAMES).size).toBe(SURNAMES.length);
  expect(new Set(FIRST_NAMES).size).toBe(FIRST_NAMES.length);
  expect(ADJECTIVES.length).toBeGreaterThan(20);
  expect(STYLES.length).toBeGreaterThan(15);
  expect(SUBJECTS.length).toBeGreaterThan(15);
  expect(TAGS.length).toBeGreaterThanOrEqual(70);
  expect(tagSet.size).toBe(TAGS.length);
  for (const t of TAGS) expect(t).toBe(t.toLowerCase());
  for (const t of ['museums', 'luxury homes', 'cool places']) expect(tagSet.has(t)).toBe(true);
  expect(CAROUSEL_TEXTS.length).toBe(10);
  expect(BANNER_TEXTS.length).toBe(3);
});

test('space kinds: templates, tags, placeholders', () => {
  expect(SPACE_KINDS.length).toBeGreaterThanOrEqual(12);
  expect(new Set(SPACE_KINDS.map((k) => k.type)).size).toBe(SPACE_KINDS.length);
  const home = SPACE_KINDS.find((k) => k.type === 'HOME');
  expect(Math.max(...SPACE_KINDS.map((k) => k.weight))).toBe(home?.weight);
  for (const k of SPACE_KINDS) {
    expect(k.type).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
    expect(k.nameTemplates.length, k.type).toBeGreaterThanOrEqual(10);
    expect(k.summaryTemplates.length, k.type).toBeGreaterThanOrEqual(6);
    expect(k.descriptionParagraphs.length, k.type).toBeGreaterThanOrEqual(8);
    for (const t of k.tags) expect(tagSet.has(t), `${k.type}: ${t}`).toBe(true);
    for (const tpl of [...k.nameTemplates, ...k.summaryTemplates, ...k.descriptionParagraphs]) {
      for (const p of templatePlaceholders(tpl)) {
        expect(GLOBAL.has(p) || p in k.numbers, `${k.type}: {${p}} in "${tpl}"`).toBe(true);
      }
    }
  }
});

test('organizations, collections, featured groups', () => {
  for (const o of ORGANIZATION_TEMPLATES) {
    expect(o.nameTemplates.length).toBeGreaterThanOrEqual(5);
    expect(o.descriptionTemplates.length).toBeGreaterThanOrEqual(2);
    for (const tpl of [...o.nameTemplates, ...o.descriptionTemplates]) {
      for (const p of templatePlaceholders(tpl)) {
        expect(GLOBAL.has(p) || p in DOMAIN_HINTS.numbers, `${o.category}: {${p}}`).toBe(true);
      }
    }
    for (const st of o.spaceTypes) expect(SPACE_KINDS.some((k) => k.type === st)).toBe(true);
  }
  for (const cc of new Set(CITIES.map((c) => c.countryCode))) expect(DOMAIN_HINTS.countryTlds[cc], cc).toBeTruthy();
  expect(COLLECTION_THEMES.length).toBeGreaterThanOrEqual(50);
  expect(new Set(COLLECTION_THEMES.map((c) => c.name)).size).toBe(COLLECTION_THEMES.length);
  for (const c of COLLECTION_THEMES) for (const t of c.tags) expect(tagSet.has(t), `${c.name}: ${t}`).toBe(true);
  expect(FEATURED_TAG_GROUPS.length).toBe(12);
  for (const g of FEATURED_TAG_GROUPS) for (const t of g.tags) expect(tagSet.has(t), `${g.name}: ${t}`).toBe(true);
  for (const n of ['Luxury Homes', 'Museums', 'Cool Places', 'Hospitality', 'Retail', 'Architecture']) {
    expect(FEATURED_TAG_GROUPS.some((g) => g.name === n)).toBe(true);
  }
});

test('templates fill completely with sample values', () => {
  const rng = createRng(42);
  for (const k of SPACE_KINDS) {
    const city = rng.pick(CITIES);
    const values: Record<string, () => string | number> = {
      adj: () => rng.pick(ADJECTIVES),
      style: () => rng.pick(STYLES),
      subject: () => rng.pick(SUBJECTS),
      street: () => rng.pick(STREETS),
      surname: () => rng.pick(SURNAMES),
      first: () => rng.pick(FIRST_NAMES),
      city: () => city.city,
      region: () => city.region || city.countryName,
      country: () => city.countryName,
    };
    for (const [key, [lo, hi]] of Object.entries(k.numbers)) values[key] = () => rng.int(lo, hi);
    for (const tpl of [...k.nameTemplates, ...k.summaryTemplates, ...k.descriptionParagraphs]) {
      expect(fillTemplate(tpl, values)).not.toMatch(/[{}]/);
    }
  }
});
