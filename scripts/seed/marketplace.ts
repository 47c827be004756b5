import { existsSync, readFileSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.ts';
import { pendingPlanFile, writePendingPlan, type DemoMediaPlan } from './media.ts';
import { DEMO_APPS, DEMO_COLLECTIONS, DEMO_PARTNERS } from './marketplace-data.ts';
import { LOGO_SIZE, MARKETPLACE_WIDTHS, marketplaceFile, scenesFor, SCREENSHOT_SIZE, type MarketplacePicture } from './marketplace-pictures.ts';
import { createRng } from './prng.ts';

/**
 * Seeds the demo marketplace (issue 13): 12 partners, 26 apps, 5 collections, a logo per partner and
 * 3–4 screenshots per app. The pictures join the seed's picture plan (drawn beside the site build
 * by the child process that draws the space pictures, cached per machine); only rows are written here.
 *
 * Lead endpoints: partners with `endpoint: true` post leads to `http://127.0.0.1:4799/leads/<slug>`,
 * where nothing listens in the demo, so their deliveries retry and show as failing in the leads log
 * (run a receiver there to see them arrive); the others get leads by email only (`DATA_DIR/mail`).
 */

/** Where the demo partners' lead endpoints point (nothing listens there unless you start a receiver). */
export const DEMO_LEAD_ENDPOINT = 'http://127.0.0.1:4799/leads';

const HEX = '0123456789abcdef';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Inserts the demo marketplace and adds its pictures to the seed's plan (re-recorded as pending). */
export async function seedMarketplace(db: Kysely<Database>, plan: DemoMediaPlan, opts: { mediaDir: string; seed: number; now: number }): Promise<void> {
  const rng = createRng(opts.seed + 13);
  const DAY = 86_400_000;
  const at = (daysAgo: number) => new Date(opts.now - daysAgo * DAY).toISOString();
  const pictures: MarketplacePicture[] = [];
  const media: { id: string; kind: string; width: number; height: number; variants: string; createdAt: string }[] = [];
  const addPicture = (p: MarketplacePicture) => {
    pictures.push(p);
    const widths = MARKETPLACE_WIDTHS[p.kind];
    const [width, height] = p.kind === 'logo' ? [LOGO_SIZE, LOGO_SIZE] : [SCREENSHOT_SIZE.width, SCREENSHOT_SIZE.height];
    media.push({
      id: `mm-${p.key}`,
      kind: p.kind === 'logo' ? 'LOGO' : 'SCREENSHOT',
      width,
      height,
      variants: JSON.stringify(Object.fromEntries(widths.map((w) => [String(w), marketplaceFile(p.key, w)]))),
      createdAt: at(120),
    });
    return `mm-${p.key}`;
  };

  const partnerIds = new Map<string, string>();
  const partners = DEMO_PARTNERS.map((p, position) => {
    const id = `mp-${rng.id(20, HEX)}`;
    partnerIds.set(p.slug, id);
    const created = at(300 - position * 7);
    return {
      id,
      slug: p.slug,
      name: p.name,
      logoId: addPicture({ key: `logo-${p.slug}`, kind: 'logo', partner: p }),
      logoAlt: `${p.name} logo`,
      website: p.website,
      contactEmail: `partners@${new URL(p.website).host}`,
      leadEndpointUrl: p.endpoint ? `${DEMO_LEAD_ENDPOINT}/${p.slug}` : null,
      leadSecret: `whsec_${rng.id(43, B64)}=`,
      isActive: 1,
      position,
      createdAt: created,
      updatedAt: created,
    };
  });

  const appIds = new Map<string, string>();
  const apps = DEMO_APPS.map((a, position) => {
    const partner = DEMO_PARTNERS.find((p) => p.slug === a.partner);
    if (!partner) throw new Error(`Demo app ${a.slug}: no partner ${a.partner}.`);
    const id = `ma-${rng.id(20, HEX)}`;
    appIds.set(a.slug, id);
    const screenshots = scenesFor(a.features, a.screenshots).map((scene, index) => ({
      id: addPicture({ key: `${a.slug}-${index + 1}`, kind: 'screenshot', partner, app: a, scene, index }),
      alt: `${a.name}: ${scene.replace('-', ' ')} screen`,
    }));
    const site = `${partner.website}${a.path}`;
    const created = at(rng.int(10, 280));
    return {
      id,
      slug: a.slug,
      partnerId: partnerIds.get(a.partner) as string,
      name: a.name,
      summary: a.summary,
      description: a.description,
      industries: JSON.stringify(a.industries),
      features: JSON.stringify(a.features),
      beta: a.beta ? 1 : 0,
      hosting: a.hosting ?? 'INSIDE',
      website: site,
      supportEmail: `support@${new URL(partner.website).host}`,
      supportUrl: `${partner.website}/help`,
      documents: JSON.stringify([
        { title: `${a.name} product sheet`, url: `${site}/product-sheet.pdf`, kind: 'PDF' },
        { title: 'Data processing agreement', url: `${partner.website}/legal/dpa.pdf`, kind: 'PDF' },
        { title: 'Privacy policy', url: `${partner.website}/privacy`, kind: 'LINK' },
      ]),
      downloads: JSON.stringify(
        rng.chance(0.5)
          ? [
              { title: 'iOS app', url: `${site}/download/ios`, kind: 'LINK' },
              { title: 'Android app', url: `${site}/download/android`, kind: 'LINK' },
            ]
          : [{ title: 'Sample report (PDF)', url: `${site}/sample.pdf`, kind: 'PDF' }],
      ),
      resources: JSON.stringify([
        { title: 'Getting started guide', url: `${site}/getting-started`, kind: 'LINK' },
        { title: 'Video walkthrough', url: `${site}/walkthrough`, kind: 'LINK' },
        { title: 'API documentation', url: `${partner.website}/developers`, kind: 'LINK' },
      ]),
      screenshots: JSON.stringify(screenshots),
      isActive: 1,
      position,
      createdAt: created,
      updatedAt: created,
    };
  });

  const collections = DEMO_COLLECTIONS.map((c, position) => ({
    id: `mc-${rng.id(20, HEX)}`,
    slug: c.slug,
    name: c.name,
    description: c.description,
    featured: c.featured ? 1 : 0,
    isActive: 1,
    position,
    createdAt: at(90 - position),
    updatedAt: at(90 - position),
  }));
  const members = DEMO_COLLECTIONS.flatMap((c, i) =>
    c.apps.map((slug, position) => {
      const appId = appIds.get(slug);
      if (!appId) throw new Error(`Demo collection ${c.slug}: no app ${slug}.`);
      return { collectionId: (collections[i] as { id: string }).id, appId, position };
    }),
  );

  // Pictures first, so an interrupted start still finishes them.
  plan.marketplace = pictures;
  writePendingPlan(opts.mediaDir, plan);
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('marketplace_media').values(media).execute();
    await tx.insertInto('marketplace_partners').values(partners).execute();
    await tx.insertInto('marketplace_apps').values(apps).execute();
    await tx.insertInto('marketplace_collections').values(collections).execute();
    await tx.insertInto('marketplace_collection_apps').values(members).execute();
  });
}

/**
 * Adds the demo marketplace to a demo world seeded before it existed (the migration made its tables
 * empty): only when the marketplace is empty and the database is the demo world (it has the demo
 * owner), never in a real one. Its pictures join whatever a start left pending.
 */
export async function seedMarketplaceIfEmpty(db: Kysely<Database>, opts: { mediaDir: string; seed: number; now: number }): Promise<boolean> {
  if (await db.selectFrom('marketplace_partners').select('id').limit(1).executeTakeFirst()) return false;
  if (!(await db.selectFrom('users').select('id').where('email', '=', 'owner@example.com').executeTakeFirst())) return false;
  const file = pendingPlanFile(opts.mediaDir);
  const plan: DemoMediaPlan = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as DemoMediaPlan) : { spaces: [], covers: [], avatars: [] };
  await seedMarketplace(db, plan, opts);
  return true;
}
