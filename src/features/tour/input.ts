import type { TourMode } from '../../domain/tour.ts';

/** What the canvas's pointer and keys drive. */
export interface InputTarget {
  mode: () => TourMode;
  look: (dHeading: number, dPitch: number) => void;
  degreesPerPixel: () => number;
  zoom: (factor: number) => void;
  click: (x: number, y: number) => void;
  step: (forward: boolean) => boolean;
  measuring: () => boolean;
  measureAtCenter: () => void;
}

/** Degrees an arrow key turns the view. */
const TURN = 10;

/**
 * Pointer, wheel, pinch and keys on the canvas. Inside, a drag looks around (the scene follows the
 * pointer) and a pinch or the wheel changes the field of view; from outside, OrbitControls has the
 * drags. A press that hardly moves is a click. Tab is never taken: the canvas is no keyboard trap.
 * Returns the function that removes the listeners.
 */
export function attachInput(canvas: HTMLCanvasElement, t: InputTarget): () => void {
  const pointers = new Map<number, { x: number; y: number }>();
  let down: { x: number; y: number; at: number; moved: boolean } | null = null;
  let pinch = 0;

  const onDown = (e: PointerEvent) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) down = { x: e.clientX, y: e.clientY, at: performance.now(), moved: false };
    if (pointers.size === 2) pinch = spread();
    if (t.mode() === 'inside') canvas.setPointerCapture(e.pointerId);
  };
  const spread = () => {
    const [a, b] = [...pointers.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onMove = (e: PointerEvent) => {
    const last = pointers.get(e.pointerId);
    if (!last) return;
    const dx = e.clientX - last.x;
    const dy = e.clientY - last.y;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (down && Math.hypot(e.clientX - down.x, e.clientY - down.y) > 6) down.moved = true;
    if (t.mode() !== 'inside') return;
    if (pointers.size === 2) {
      const now = spread();
      if (pinch > 0 && now > 0) t.zoom(now / pinch);
      pinch = now;
    } else if (pointers.size === 1) {
      const k = t.degreesPerPixel();
      t.look(-dx * k, dy * k);
    }
  };
  const onUp = (e: PointerEvent) => {
    pointers.delete(e.pointerId);
    if (down && !down.moved && pointers.size === 0 && performance.now() - down.at < 600) {
      const r = canvas.getBoundingClientRect();
      t.click(e.clientX - r.left, e.clientY - r.top);
    }
    if (pointers.size === 0) down = null;
  };
  const onWheel = (e: WheelEvent) => {
    if (t.mode() !== 'inside') return; // OrbitControls zooms the outside views
    e.preventDefault();
    t.zoom(Math.exp(-e.deltaY * 0.0015));
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    let handled = true;
    switch (e.key) {
      case 'ArrowLeft':
        t.look(-TURN, 0);
        break;
      case 'ArrowRight':
        t.look(TURN, 0);
        break;
      case 'ArrowUp':
        t.look(0, TURN / 2);
        break;
      case 'ArrowDown':
        t.look(0, -TURN / 2);
        break;
      case 'w':
      case 'W':
      case 'PageUp':
        t.step(true);
        break;
      case 's':
      case 'S':
      case 'PageDown':
        t.step(false);
        break;
      case '+':
      case '=':
        t.zoom(1.2);
        break;
      case '-':
      case '_':
        t.zoom(1 / 1.2);
        break;
      case 'Enter':
      case ' ':
        if (t.measuring()) t.measureAtCenter();
        else handled = false;
        break;
      default:
        handled = false;
    }
    if (handled) e.preventDefault();
  };
  canvas.addEventListener('pointerdown', onDown);
  canvas.addEventListener('pointermove', onMove);
  canvas.addEventListener('pointerup', onUp);
  canvas.addEventListener('pointercancel', onUp);
  canvas.addEventListener('wheel', onWheel, { passive: false });
  canvas.addEventListener('keydown', onKey);
  return () => {
    canvas.removeEventListener('pointerdown', onDown);
    canvas.removeEventListener('pointermove', onMove);
    canvas.removeEventListener('pointerup', onUp);
    canvas.removeEventListener('pointercancel', onUp);
    canvas.removeEventListener('wheel', onWheel);
    canvas.removeEventListener('keydown', onKey);
  };
}
