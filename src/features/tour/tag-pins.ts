import { Raycaster, Vector3, type Camera, type Mesh } from 'three';
import type { TourPoint, TourTag } from '../../domain/tour.ts';
import { shown } from './scene.ts';

/** Where the pins may show this frame. */
export interface PinView {
  camera: Camera;
  /** The floor shown from outside, or null inside (every floor). */
  floor: number | null;
  /** Whether walls hide pins behind them (not from straight above). */
  occlude: boolean;
  /** Farthest a pin shows, metres (inside: the room around, not the whole building). */
  reach: number;
  hidden: boolean;
  width: number;
  height: number;
  project: (p: TourPoint) => [number, number] | null;
}

/**
 * The tags' pins: real buttons over the canvas (focusable, named by the tag's title), placed where
 * their tags appear and hidden when behind a wall, off screen or on another floor.
 */
export function createTagPins(tags: readonly TourTag[], overlay: HTMLElement, meshes: Mesh[], label: (tag: TourTag) => string, open: (tag: TourTag) => void) {
  const pins = tags.map((tag) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'tp-tagpin';
    b.setAttribute('aria-label', label(tag));
    b.addEventListener('click', () => open(tag));
    overlay.append(b);
    return { tag, b };
  });
  const raycaster = new Raycaster();
  return {
    /** Moves each pin to its tag (call before each frame). */
    place(v: PinView): void {
      const eye = v.camera.position;
      for (const { tag, b } of pins) {
        const at = !v.hidden && (v.floor === null || tag.floor === v.floor) ? v.project(tag.position) : null;
        let visible = at !== null && at[0] >= 0 && at[1] >= 0 && at[0] <= v.width && at[1] <= v.height;
        if (visible && v.occlude) {
          // Behind a wall: something of the model is nearer than the tag along the line of sight.
          const p = new Vector3(...tag.position);
          const d = p.distanceTo(eye);
          raycaster.set(eye, p.sub(eye).normalize());
          const hit = raycaster.intersectObjects(meshes, false).find((h) => shown(h.object));
          if ((hit && hit.distance < d - 0.25) || d > v.reach) visible = false;
        }
        b.hidden = !visible;
        if (visible && at) b.style.transform = `translate(${at[0].toFixed(1)}px, ${at[1].toFixed(1)}px)`;
      }
    },
  };
}
