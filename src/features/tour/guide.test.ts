import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TourTag } from '../../domain/tour.ts';
import { STEP_MS, createGuide } from './guide.ts';

const tag = (id: string) => ({ id, title: id }) as TourTag;

describe('the guided tour', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the tags in turn, pauses, and resumes at the next one', async () => {
    vi.useFakeTimers();
    const shown: string[] = [];
    const states: [boolean, number | null][] = [];
    const guide = createGuide([tag('a'), tag('b')], {
      show: (t) => {
        shown.push(t.id);
        return Promise.resolve();
      },
      changed: (playing, index) => states.push([playing, index]),
    });
    guide.toggle();
    await vi.advanceTimersByTimeAsync(STEP_MS);
    expect(shown).toEqual(['a', 'b']);
    guide.toggle();
    await vi.advanceTimersByTimeAsync(STEP_MS * 3);
    expect(shown).toEqual(['a', 'b']);
    expect(states.at(-1)).toEqual([false, 1]);
    guide.toggle();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown).toEqual(['a', 'b', 'a']);
    guide.stop();
    expect(guide.playing).toBe(false);
  });
});
