import type { TourLayout, TourTag } from '../../../src/domain/tour.ts';
import { createRng, hashSeed } from '../prng.ts';

/**
 * Tags of a demo tour, written from the space's own description: one per sentence (3 to 8), titled
 * with the thing the sentence is about ("Kitchen", "Solar panels") or its first words, and pinned
 * in the room the sentence speaks of when the model has one.
 */

/** Things a sentence may be about: the words that name them, the title, and words of a room that fits. */
const TOPICS: readonly { words: RegExp; title: string; rooms: RegExp }[] = [
  { words: /\bsolar\b/i, title: 'Solar panels', rooms: /roof|terrace|upper|landing/i },
  { words: /\bkitchens?\b|\bcook/i, title: 'Kitchen', rooms: /kitchen|galley/i },
  { words: /\bbedrooms?\b|\bsleep/i, title: 'Bedrooms', rooms: /bedroom|cabin|room \d/i },
  { words: /\bbath(room)?s?\b|\bshower/i, title: 'Bathroom', rooms: /bath/i },
  { words: /\bgardens?\b/i, title: 'Garden', rooms: /terrace|deck|porch|garden|cloister/i },
  { words: /\bterraces?\b|\bbalcon/i, title: 'Terrace', rooms: /terrace|deck|porch/i },
  { words: /\bpool\b/i, title: 'Pool', rooms: /terrace|pool/i },
  { words: /\bdeck\b/i, title: 'Deck', rooms: /deck|cockpit/i },
  { words: /\bcabins?\b/i, title: 'Cabins', rooms: /cabin/i },
  { words: /\bfireplace|\bhearth/i, title: 'Fireplace', rooms: /living|great hall|lounge/i },
  { words: /\blibrar|\bbooks?\b/i, title: 'Books', rooms: /librar|bookshop|study|archive/i },
  { words: /\blamp\b|\blantern|\blight\b/i, title: 'The light', rooms: /lamp/i },
  { words: /\bstairs?\b|\bstaircase|\bsteps\b/i, title: 'Staircase', rooms: /hall|landing|level|entrance/i },
  { words: /\bviews?\b|\bpanoram/i, title: 'Views', rooms: /lamp|watch|viewing|terrace|deck|upper|bedroom/i },
  { words: /\bstage\b|\bauditorium|\borchestra/i, title: 'Stage', rooms: /auditorium|concert|hall/i },
  { words: /\baltar|\borgan\b|\bnave\b/i, title: 'Nave', rooms: /nave|apse/i },
  { words: /\bwindows?\b|\bglass/i, title: 'Windows', rooms: /living|salon|gallery|nave|lamp|café|cafe|dining|restaurant/i },
  { words: /\bcollections?\b|\bexhibit|\bpaintings?\b|\bworks\b/i, title: 'Collection', rooms: /gallery|exhibition/i },
  { words: /\bwine|\bcocktail|\bbar\b/i, title: 'Bar', rooms: /bar|cellar|lounge/i },
  { words: /\bmenu\b|\bdining|\bdinner|\btables?\b/i, title: 'Dining', rooms: /dining|restaurant|café|cafe/i },
  { words: /\bdesks?\b|\bworkspace|\bmeeting/i, title: 'Workspace', rooms: /office|meeting/i },
  { words: /\bclassrooms?\b|\bstudents?\b|\bpupils?\b/i, title: 'Classrooms', rooms: /classroom|lecture|studio/i },
  { words: /\bheating\b|\binsulation/i, title: 'Heating', rooms: /hall|living/i },
  { words: /\bcrypt\b|\bchoir\b/i, title: 'Crypt and choir', rooms: /apse|nave|sacristy/i },
  { words: /\bservices?\b|\bmass\b|\bworship/i, title: 'Services', rooms: /nave|chapel/i },
  { words: /\bkeeper/i, title: "Keeper's quarters", rooms: /keeper|store|watch/i },
  { words: /\bcrew\b|\bgalley\b|\bengine room/i, title: 'Crew quarters', rooms: /cabin|lobby|corridor/i },
  { words: /\bmoored|\bmarina|\bharbou?r|\bcharter/i, title: 'Mooring', rooms: /deck|cockpit/i },
  { words: /\boven|\bbread|\bpastr|\bcoffee|\bcounter\b/i, title: 'The counter', rooms: /café|cafe|bar|kitchen|shop/i },
  { words: /\bscan\b|\btour\b|\bhotspots?\b|\bmeasure/i, title: 'The 3D tour', rooms: /hall|entrance|foyer|lobby|reception|living/i },
  { words: /\bstreet\b|\bstation\b|\bwalking distance|\bneighbou?rhood|\bdistrict/i, title: 'Neighbourhood', rooms: /hall|entrance|living/i },
  {
    words: /\bbuilt\b|\bconsecrated|\bcentur|\boriginally|\brenovated|\brestored|\bsince\b|\bhistory|\bfamily\b/i,
    title: 'History',
    rooms: /hall|entrance|narthex|nave|living|foyer/i,
  },
  { words: /\bceilings?\b|\bbeams?\b/i, title: 'Ceilings', rooms: /living|hall|loft/i },
  { words: /\bfloors?\b|\bparquet|\btiles?\b/i, title: 'Floors', rooms: /living|hall|kitchen/i },
];

const STOP = /^(the|a|an|this|these|its|it|there|and|or|but|with|of|in|on|at|by|to|from|for|is|are|was|were|has|have|that|which)$/i;

/** Words a title does not start with. */
const LEAD = /^(been|being|be|had|will|can|you|we|they|she|he|our|your|their|his|her|many|some|all|each|every|you'll|it's)$/i;

/** The sentences of a text. */
export function sentencesOf(text: string): string[] {
  return text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“‘'(])/u)
    .map((s) => s.trim())
    .filter((s) => s.length > 12);
}

/** A short title for a sentence: a topic it names (not one of `taken`), else its first words up to a comma. */
export function titleOf(sentence: string, taken: ReadonlySet<string> = new Set()): string {
  const topic = TOPICS.find((t) => t.words.test(sentence) && !taken.has(t.title));
  if (topic) return topic.title;
  const words =
    sentence
      .replace(/[.!?]+$/, '')
      .split(/[,;:–—(]/)[0]
      ?.split(' ')
      .filter(Boolean) ?? [];
  while (words.length > 1 && (STOP.test(words[0] as string) || LEAD.test(words[0] as string))) words.shift();
  const head = words.slice(0, 4);
  while (head.length > 1 && STOP.test(head[head.length - 1] as string)) head.pop();
  const title = head.join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/** Options of {@link tourTags}. */
export interface TourTagsOptions {
  description: string;
  layout: TourLayout;
  seed: number | string;
}

/** Writes 3–8 tags from a description and pins them on the layout's tag spots. */
export function tourTags(opts: TourTagsOptions): TourTag[] {
  const { layout } = opts;
  const rng = createRng(hashSeed(`tags/${String(opts.seed)}`));
  let sentences = sentencesOf(opts.description);
  // Too few sentences: their clauses make the tags.
  if (sentences.length < 3) sentences = sentences.flatMap((s) => s.split(/,\s+(?:and\s+)?|;\s+/).map((p) => p.trim())).filter((s) => s.length > 12);
  sentences = sentences.slice(0, 8);
  if (layout.tagSpots.length === 0) return [];
  const used = new Set<number>();
  const usedRooms = new Set<string>();
  const titles = new Set<string>();
  const roomName = new Map(layout.rooms.map((r) => [r.id, r.name]));
  const spotIn = (fits: (room: string | null) => boolean): number => {
    const free = layout.tagSpots.map((s, i) => [s, i] as const).filter(([s, i]) => !used.has(i) && fits(s.room));
    if (free.length === 0) return -1;
    const fresh = free.filter(([s]) => !usedRooms.has(s.room ?? ''));
    return (rng.pick(fresh.length ? fresh : free) as readonly [unknown, number])[1];
  };
  return sentences.map((sentence, k) => {
    let title = titleOf(sentence, titles);
    if (titles.has(title)) title = `${title} ${k + 1}`;
    titles.add(title);
    const topic = TOPICS.find((t) => t.title === title) ?? TOPICS.find((t) => t.words.test(sentence));
    const mentioned = layout.rooms.find((r) => new RegExp(`\\b${r.name.replace(/ \d+$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}s?\\b`, 'i').test(sentence));
    let i = mentioned ? spotIn((room) => room === mentioned.id) : -1;
    if (i < 0 && topic) i = spotIn((room) => topic.rooms.test(roomName.get(room ?? '') ?? ''));
    if (i < 0) i = spotIn(() => true);
    if (i < 0) i = k % layout.tagSpots.length;
    used.add(i);
    const spot = layout.tagSpots[i] as TourLayout['tagSpots'][number];
    if (spot.room) usedRooms.add(spot.room);
    return { id: `tag-${k + 1}`, position: spot.position, floor: spot.floor, room: spot.room, title, description: sentence, link: null, picture: null };
  });
}
