import type { TourTag } from '../../domain/tour.ts';

/** How long the guided tour stays at each tag once there, milliseconds. */
export const STEP_MS = 5000;

/** What the guided tour drives: moving to a tag, and the page's Play button and caption. */
export interface GuideHooks {
  /** Moves to the tag and faces it; resolves on arrival. */
  show: (tag: TourTag, index: number) => Promise<void>;
  /** Playing or paused, and the stop shown (null once stopped). */
  changed: (playing: boolean, index: number | null) => void;
}

/**
 * The guided tour ("Play"): the tags one after another, each shown for {@link STEP_MS} after the
 * move, round and round. `toggle` pauses a playing tour and resumes a paused one at the next tag.
 */
export function createGuide(tags: readonly TourTag[], hooks: GuideHooks) {
  let index = -1;
  let playing = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const halt = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const step = async () => {
    index = (index + 1) % tags.length;
    const tag = tags[index];
    if (!tag) return;
    hooks.changed(playing, index);
    const at = index;
    await hooks.show(tag, index);
    // Paused or moved on during the flight: no timer for this stop.
    if (playing && at === index) timer = setTimeout(() => void step(), STEP_MS);
  };
  return {
    toggle(): void {
      if (!tags.length) return;
      halt();
      playing = !playing;
      if (playing) void step();
      else hooks.changed(false, index);
    },
    stop(): void {
      halt();
      playing = false;
      index = -1;
      hooks.changed(false, null);
    },
    get playing(): boolean {
      return playing;
    },
  };
}
