import type { Kysely } from 'kysely';
import { dayRange, INSIGHT_DAYS, utcDay } from '../../src/domain/insight-rules.ts';
import type { Database } from '../../src/server/db/schema.ts';
import { createRng, hashSeed } from './prng.ts';

/**
 * A year of daily page views for some spaces (the demo owner's), so Manage spaces has a chart to
 * show (issue 27). Each space gets its own curve from the seed and its id: a level from its
 * lifetime views, a slow trend, busier weekends, noise and a few spikes (a space shared around).
 * The year ends on `today` (the day the world is seeded), so a fresh world's chart is current;
 * the same seed and day give the same numbers.
 */
export async function seedViewHistory(
  db: Kysely<Database>,
  spaces: readonly { id: string; views: number }[],
  opts: { seed: number; today: Date },
): Promise<number> {
  const days = dayRange(utcDay(opts.today), INSIGHT_DAYS);
  const rows: { spaceId: string; day: string; views: number }[] = [];
  for (const space of spaces) {
    const rng = createRng(hashSeed(`${opts.seed}:views:${space.id}`));
    const level = Math.max(2, Math.log10(Math.max(10, space.views)) * rng.int(3, 9));
    const trend = (rng.next() - 0.3) * 0.9;
    const spikes = new Set(Array.from({ length: rng.int(1, 4) }, () => rng.int(0, days.length - 1)));
    days.forEach((day, i) => {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 1.45 : 1;
      const base = level * (1 + trend * (i / days.length)) * weekend * (0.6 + rng.next() * 0.8);
      const views = Math.round(spikes.has(i) ? base * rng.int(4, 9) : base);
      if (views > 0) rows.push({ spaceId: space.id, day, views });
    });
  }
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('space_views_daily')
      .values(rows.slice(i, i + 500))
      .execute();
  return rows.length;
}
