import { Euler, Matrix4, OrthographicCamera, PerspectiveCamera, Quaternion, Raycaster, Vector2, Vector3, WebGLRenderer, type MeshBasicMaterial } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { Tour, TourMode, TourPoint, TourSweep, TourTag } from '../../domain/tour.ts';
import { distance, eyeOf, headingTo, lookDirection, nearestSweep, neighbourToward, normalizeHeading, pitchTo, sweepForTag } from './geometry.ts';
import { loadTourScene, shown, type TourScene } from './scene.ts';
import { createMeasurement } from './measure.ts';
import { createTagPins } from './tag-pins.ts';
import { attachInput } from './input.ts';

/** What the player tells the page around it. */
export interface PlayerEvents {
  /** The visitor arrived at a sweep (after the flight). */
  moved: (sweep: TourSweep) => void;
  mode: (mode: TourMode) => void;
  floor: (index: number) => void;
  /** A tag marker was chosen. */
  tag: (tag: TourTag) => void;
  /** The measurement changed: its length once two points are placed, else null. */
  measured: (metres: number | null) => void;
}

/** Where the player starts. */
export interface PlayerStart {
  sweep: string;
  mode: TourMode;
  heading: number;
  pitch: number;
}

/** The current view, as a shared link restores it. */
export interface PlayerView extends PlayerStart {
  floor: number;
}

/** The running player. */
export interface Player {
  view: () => PlayerView;
  setMode: (mode: TourMode) => void;
  setFloor: (index: number) => void;
  /** Moves to a sweep (a flight, or a cut under reduced motion), optionally facing a heading and pitch. */
  goTo: (sweepId: string, face?: { heading?: number; pitch?: number }) => Promise<void>;
  /** Inside: moves to the neighbour ahead (or behind); false when there is none. */
  step: (forward: boolean) => boolean;
  /** Moves to the sweep a tag is best seen from and faces it. */
  showTag: (tag: TourTag) => Promise<void>;
  look: (dHeading: number, dPitch: number) => void;
  /** Zooms in (factor > 1) or out. */
  zoom: (factor: number) => void;
  setMeasuring: (on: boolean) => void;
  /** Places a measuring point where the centre of the view meets the model. */
  measureAtCenter: () => void;
  /** Starts following the phone's orientation (after the page asked for permission). */
  followDevice: (on: boolean) => void;
  enterVR: () => Promise<void>;
  /** Where a model point appears in the canvas, CSS pixels from its top left (null when behind the eye). */
  project: (p: TourPoint) => [number, number] | null;
  /** Frames drawn so far, and how the last move went. */
  stats: () => { frames: number; transition: 'cut' | 'flight' | null };
  dispose: () => void;
}

/** Options of {@link createPlayer}. */
export interface PlayerOptions {
  host: HTMLElement;
  /** The layer tag markers and the measurement label are placed in (over the canvas). */
  overlay: HTMLElement;
  tour: Tour;
  start: PlayerStart;
  label: string;
  reducedMotion: () => boolean;
  tagLabel: (tag: TourTag) => string;
  measureLabel: (metres: number) => string;
  events: PlayerEvents;
}

const FLIGHT_MS = 900;
const DOLLHOUSE_FOV = 50;
const MIN_FOV = 30;
const MAX_FOV = 95;
const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);

/** Checks that a WebGL context can be made here (a throwaway canvas). */
export function canUseWebGL(): boolean {
  try {
    const c = document.createElement('canvas');
    return Boolean(c.getContext('webgl2') ?? c.getContext('webgl'));
  } catch {
    return false;
  }
}

/**
 * Creates the WebGL player in `host`, loads the model and draws the first frame. Rejects (having
 * removed what it added) when WebGL or the model fails, so the page can fall back to text.
 */
export async function createPlayer(o: PlayerOptions): Promise<Player> {
  const { tour, host, overlay, events } = o;
  const renderer = new WebGLRenderer({ antialias: true, powerPreference: 'high-performance' });
  const canvas = renderer.domElement;
  let ts: TourScene;
  try {
    ts = await loadTourScene(tour, () => {
      dirty = true;
    });
  } catch (error) {
    renderer.dispose();
    throw error;
  }
  renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
  canvas.className = 'tp-canvas';
  canvas.tabIndex = 0;
  canvas.setAttribute('role', 'application');
  canvas.setAttribute('aria-label', o.label);
  canvas.setAttribute('aria-describedby', 'tp-keys-help');
  host.prepend(canvas);

  const sweepById = new Map(tour.sweeps.map((s) => [s.id, s]));
  const firstSweep = tour.sweeps[0];
  if (!firstSweep) throw new Error('The tour has no sweeps.');
  const sweepOf = (id: string): TourSweep => sweepById.get(id) ?? firstSweep;
  const floorOf = (i: number) => tour.floors.find((f) => f.index === i) ?? tour.floors[0];

  const eyeCam = new PerspectiveCamera(70, 1, 0.05, 500);
  eyeCam.rotation.order = 'YXZ';
  const planCam = new OrthographicCamera(-1, 1, 1, -1, 0.1, 500);
  planCam.up.set(0, 0, -1);
  const orbit = new OrbitControls(eyeCam, canvas);
  orbit.enabled = false;
  orbit.maxPolarAngle = Math.PI * 0.49;
  orbit.minDistance = 2;
  const diagonal = Math.hypot(tour.bounds.max[0] - tour.bounds.min[0], tour.bounds.max[1] - tour.bounds.min[1], tour.bounds.max[2] - tour.bounds.min[2]);
  orbit.maxDistance = Math.max(40, diagonal * 4);
  const plan = new OrbitControls(planCam, canvas);
  plan.enabled = false;
  plan.enableRotate = false;
  plan.screenSpacePanning = true;
  plan.mouseButtons = { LEFT: 2, MIDDLE: 1, RIGHT: 2 };
  plan.touches = { ONE: 1, TWO: 2 };
  plan.minZoom = 0.5;
  plan.maxZoom = 8;

  let mode: TourMode = o.start.mode;
  let current = sweepOf(o.start.sweep);
  let floor = current.floor;
  let heading = o.start.heading;
  let pitch = o.start.pitch;
  // A wider view on a tall (phone) screen: the vertical angle is what the camera keeps.
  const baseFov = () => ((host.clientWidth || 1) < (host.clientHeight || 1) ? 85 : 70);
  let fov = baseFov();
  let dirty = true;
  let frames = 0;
  let transition: 'cut' | 'flight' | null = null;
  let flight: { from: Vector3; to: Vector3; q0: Quaternion; q1: Quaternion; t0: number; done: () => void } | null = null;
  let measuring = false;
  const invalidate = () => {
    dirty = true;
  };
  orbit.addEventListener('change', invalidate);
  plan.addEventListener('change', invalidate);

  /** The camera of the mode, its matrices current (they are otherwise only updated when a frame is drawn). */
  const activeCamera = () => {
    const cam = mode === 'floorplan' ? planCam : eyeCam;
    cam.updateMatrixWorld();
    return cam;
  };
  const eyeQuaternion = (h: number, p: number) => new Quaternion().setFromEuler(new Euler((p * Math.PI) / 180, (-h * Math.PI) / 180, 0, 'YXZ'));
  const placeEye = () => {
    const e = eyeOf(current);
    eyeCam.position.set(e[0], e[1], e[2]);
    eyeCam.quaternion.copy(eyeQuaternion(heading, pitch));
    eyeCam.fov = fov;
    eyeCam.updateProjectionMatrix();
  };

  // What is shown: inside, the whole model with its ceilings; from outside, one floor without them.
  const applyVisibility = () => {
    const outside = mode !== 'inside';
    if (ts.panorama) ts.panorama.group.visible = !outside;
    for (const c of ts.ceilings) c.visible = !outside;
    for (const [i, node] of ts.floors) node.visible = !outside || i === floor;
    for (const [id, m] of ts.markers) {
      const s = sweepOf(id);
      const near = id !== current.id && s.floor === (mode === 'inside' ? current.floor : floor);
      m.visible = near && !flight && mode !== 'dollhouse';
      const mat = m.material as MeshBasicMaterial;
      mat.opacity = mode === 'inside' && !current.neighbours.includes(id) ? 0.08 : 0.18;
    }
    invalidate();
  };

  const floorBox = (i: number) => {
    const f = floorOf(i);
    const [x0, z0, x1, z1] = f?.planBounds ?? [tour.bounds.min[0], tour.bounds.min[2], tour.bounds.max[0], tour.bounds.max[2]];
    return { x0, z0, x1, z1, y: f?.elevation ?? 0, h: f?.height ?? 2.5 };
  };
  const fitPlan = () => {
    const b = floorBox(floor);
    const w = canvas.clientWidth || 1;
    const hgt = canvas.clientHeight || 1;
    const cx = (b.x0 + b.x1) / 2;
    const cz = (b.z0 + b.z1) / 2;
    const half = Math.max((b.x1 - b.x0) / 2 / (w / hgt), (b.z1 - b.z0) / 2) * 1.15;
    planCam.left = (-half * w) / hgt;
    planCam.right = (half * w) / hgt;
    planCam.top = half;
    planCam.bottom = -half;
    planCam.position.set(cx, b.y + 60, cz);
    planCam.zoom = 1;
    planCam.near = 1;
    planCam.far = 60 + 0.5;
    plan.target.set(cx, b.y, cz);
    planCam.lookAt(cx, b.y, cz);
    planCam.updateProjectionMatrix();
    plan.update();
  };
  const dollhousePose = () => {
    const b = floorBox(floor);
    const target = new Vector3((b.x0 + b.x1) / 2, b.y + b.h * 0.3, (b.z0 + b.z1) / 2);
    // Far enough back that the floor's bounding sphere fits the narrower of the two view angles.
    const radius = Math.max(2, Math.hypot(b.x1 - b.x0, b.z1 - b.z0, b.h) / 2);
    const half = (DOLLHOUSE_FOV * Math.PI) / 360;
    const aspect = (canvas.clientWidth || 1) / (canvas.clientHeight || 1);
    const narrow = Math.min(half, Math.atan(Math.tan(half) * aspect));
    const d = (radius / Math.sin(narrow)) * (aspect < 1 ? 0.8 : 1.05);
    const dir = lookDirection(heading, 0);
    const up = Math.PI / 4;
    const pos = target.clone().add(new Vector3(-dir[0] * Math.cos(up), Math.sin(up), -dir[2] * Math.cos(up)).multiplyScalar(d));
    return { target, pos };
  };

  const resize = () => {
    const w = host.clientWidth || 1;
    const hgt = host.clientHeight || 1;
    renderer.setSize(w, hgt, false);
    eyeCam.aspect = w / hgt;
    eyeCam.updateProjectionMatrix();
    if (mode === 'floorplan') fitPlan();
    invalidate();
  };
  const ro = new ResizeObserver(resize);
  ro.observe(host);

  const pins = createTagPins(tour.tags, overlay, ts.meshes, o.tagLabel, events.tag);

  const raycaster = new Raycaster();
  const project = (p: TourPoint): [number, number] | null => {
    const v = new Vector3(p[0], p[1], p[2]).project(activeCamera());
    if (v.z > 1 || v.z < -1) return null;
    return [((v.x + 1) / 2) * canvas.clientWidth, ((1 - v.y) / 2) * canvas.clientHeight];
  };
  /** The first visible model surface under a canvas point (CSS pixels). */
  const hitModel = (x: number, y: number) => {
    raycaster.setFromCamera(new Vector2((x / canvas.clientWidth) * 2 - 1, -(y / canvas.clientHeight) * 2 + 1), activeCamera());
    return raycaster.intersectObjects(ts.meshes, false).find((h) => shown(h.object)) ?? null;
  };
  const hitMarker = (x: number, y: number) => {
    raycaster.setFromCamera(new Vector2((x / canvas.clientWidth) * 2 - 1, -(y / canvas.clientHeight) * 2 + 1), activeCamera());
    const hit = raycaster.intersectObjects(
      [...ts.markers.values()].filter((m) => m.visible),
      false,
    )[0];
    const id = (hit?.object.userData['sweep'] ?? hit?.object.parent?.userData['sweep']) as string | undefined;
    return id ? sweepOf(id) : null;
  };

  const placeTags = () => {
    const cam = activeCamera();
    pins.place({
      camera: cam,
      floor: mode === 'inside' ? null : floor,
      occlude: mode !== 'floorplan',
      reach: mode === 'inside' ? 12 : Infinity,
      hidden: Boolean(flight) || measuring,
      width: canvas.clientWidth,
      height: canvas.clientHeight,
      project,
    });
    measurement.place(cam, project);
  };

  const measurement = createMeasurement(ts.scene, overlay, o.measureLabel);
  const addMeasurePoint = (p: Vector3) => {
    events.measured(measurement.add(p));
    invalidate();
  };

  const fly = (to: Vector3, q1: Quaternion) =>
    new Promise<void>((done) => {
      flight?.done();
      if (o.reducedMotion()) {
        transition = 'cut';
        eyeCam.position.copy(to);
        eyeCam.quaternion.copy(q1);
        flight = null;
        done();
        return;
      }
      transition = 'flight';
      flight = { from: eyeCam.position.clone(), to, q0: eyeCam.quaternion.clone(), q1, t0: performance.now(), done };
      applyVisibility();
    });

  const arrive = (s: TourSweep) => {
    current = s;
    floor = s.floor;
    placeEye();
    void ts.panorama?.show(s, eyeOf(s));
    applyVisibility();
    events.floor(floor);
    events.moved(s);
  };

  const setMode = (next: TourMode) => {
    if (next === mode) return;
    const was = mode;
    mode = next;
    orbit.enabled = mode === 'dollhouse';
    plan.enabled = mode === 'floorplan';
    if (mode === 'inside') {
      const e = eyeOf(current);
      if (was === 'dollhouse') void fly(new Vector3(...e), eyeQuaternion(heading, pitch)).then(() => arrive(current));
      else arrive(current);
    } else if (mode === 'dollhouse') {
      const { target, pos } = dollhousePose();
      orbit.target.copy(target);
      eyeCam.fov = DOLLHOUSE_FOV;
      eyeCam.updateProjectionMatrix();
      const q1 = new Quaternion().setFromRotationMatrix(new Matrix4().lookAt(pos, target, new Vector3(0, 1, 0)));
      void fly(pos, q1).then(() => {
        orbit.update();
        applyVisibility();
      });
    } else fitPlan();
    applyVisibility();
    events.mode(mode);
  };

  const goTo = async (sweepId: string, face: { heading?: number; pitch?: number } = {}) => {
    const s = sweepOf(sweepId);
    if (face.heading !== undefined) heading = normalizeHeading(face.heading);
    else if (mode === 'inside' && s.id !== current.id) heading = headingTo(current.position, s.position);
    if (face.pitch !== undefined) pitch = face.pitch;
    else if (mode !== 'inside') pitch = 0;
    if (mode !== 'inside') {
      const from = mode;
      mode = 'inside';
      orbit.enabled = false;
      plan.enabled = false;
      fov = baseFov();
      if (from === 'floorplan') {
        // From the plan: start the flight from above the point, looking down.
        eyeCam.position.set(s.position[0], s.position[1] + 8, s.position[2]);
        eyeCam.quaternion.copy(eyeQuaternion(heading, -89));
      }
      events.mode(mode);
    }
    current = s;
    floor = s.floor;
    applyVisibility();
    const e = eyeOf(s);
    await fly(new Vector3(...e), eyeQuaternion(heading, pitch));
    arrive(s);
  };

  const step = (forward: boolean) => {
    if (mode !== 'inside') return false;
    const next = neighbourToward(tour, current, heading, forward);
    if (!next) return false;
    void goTo(next.id, { heading: forward ? headingTo(current.position, next.position) : heading });
    return true;
  };

  const look = (dh: number, dp: number) => {
    if (mode === 'inside') {
      heading = normalizeHeading(heading + dh);
      pitch = Math.max(-85, Math.min(85, pitch + dp));
      if (!flight) eyeCam.quaternion.copy(eyeQuaternion(heading, pitch));
    } else if (mode === 'dollhouse') {
      const offset = eyeCam.position.clone().sub(orbit.target);
      offset.applyAxisAngle(new Vector3(0, 1, 0), (-dh * Math.PI) / 180);
      eyeCam.position.copy(orbit.target).add(offset);
      if (dp) {
        const right = new Vector3().crossVectors(offset, new Vector3(0, 1, 0)).normalize();
        const tilted = offset.clone().applyAxisAngle(right, (dp * Math.PI) / 180);
        if (tilted.y > 0.3 && tilted.y < tilted.length() * 0.99) eyeCam.position.copy(orbit.target).add(tilted);
      }
      orbit.update();
    } else {
      const span = (planCam.top - planCam.bottom) / planCam.zoom;
      const d = new Vector3((dh / 90) * span, 0, (-dp / 90) * span);
      planCam.position.add(d);
      plan.target.add(d);
      plan.update();
    }
    invalidate();
  };

  const zoom = (factor: number) => {
    if (mode === 'inside') {
      fov = Math.max(MIN_FOV, Math.min(MAX_FOV, fov / factor));
      eyeCam.fov = fov;
      eyeCam.updateProjectionMatrix();
    } else if (mode === 'dollhouse') {
      const offset = eyeCam.position.clone().sub(orbit.target);
      const len = Math.max(orbit.minDistance, Math.min(orbit.maxDistance, offset.length() / factor));
      eyeCam.position.copy(orbit.target).add(offset.setLength(len));
      orbit.update();
    } else {
      planCam.zoom = Math.max(plan.minZoom, Math.min(plan.maxZoom, planCam.zoom * factor));
      planCam.updateProjectionMatrix();
    }
    invalidate();
  };

  const click = (x: number, y: number) => {
    if (measuring) {
      const hit = hitModel(x, y);
      if (hit) addMeasurePoint(hit.point);
      return;
    }
    const marker = mode === 'dollhouse' ? null : hitMarker(x, y);
    if (marker) return void goTo(marker.id);
    const hit = hitModel(x, y);
    if (!hit) return;
    const p: TourPoint = [hit.point.x, hit.point.y, hit.point.z];
    if (mode === 'inside') {
      // A click on the floor near a marker goes there.
      const s = nearestSweep(tour, p, current.floor);
      if (s.id !== current.id && distance(s.position, p) < 1.5) void goTo(s.id);
      return;
    }
    void goTo(nearestSweep(tour, p, floor).id);
  };

  // The phone's orientation, relative to where it pointed when following began.
  let device: { alpha: number; heading: number } | null = null;
  const onOrientation = (e: DeviceOrientationEvent) => {
    if (e.alpha === null || e.beta === null || mode !== 'inside') return;
    device ??= { alpha: e.alpha, heading };
    heading = normalizeHeading(device.heading - (e.alpha - device.alpha));
    pitch = Math.max(-85, Math.min(85, e.beta - 90));
    eyeCam.quaternion.copy(eyeQuaternion(heading, pitch));
    invalidate();
  };

  const detach = attachInput(canvas, {
    mode: () => mode,
    look: (dh, dp) => look(dh, dp),
    degreesPerPixel: () => fov / (canvas.clientHeight || 1),
    zoom,
    click,
    step,
    measuring: () => measuring,
    measureAtCenter: () => click(canvas.clientWidth / 2, canvas.clientHeight / 2),
  });

  const tick = (now: number) => {
    if (flight) {
      const t = Math.min(1, (now - flight.t0) / FLIGHT_MS);
      const k = ease(t);
      eyeCam.position.lerpVectors(flight.from, flight.to, k);
      eyeCam.quaternion.slerpQuaternions(flight.q0, flight.q1, k);
      dirty = true;
      if (t >= 1) {
        const f = flight;
        flight = null;
        f.done();
      }
    }
    if (!dirty && !renderer.xr.isPresenting) return;
    dirty = false;
    placeTags();
    renderer.render(ts.scene, activeCamera());
    frames++;
  };

  if (mode === 'inside') placeEye();
  resize();
  if (mode === 'dollhouse') {
    mode = 'inside';
    placeEye();
    const reduced = o.reducedMotion;
    o.reducedMotion = () => true;
    setMode('dollhouse');
    o.reducedMotion = reduced;
  } else if (mode === 'floorplan') {
    plan.enabled = true;
    fitPlan();
  }
  applyVisibility();
  // A tour of photos: the first frame shows the start sweep's photo (its preview when it is tiled).
  await ts.panorama?.show(current, eyeOf(current)).catch(() => undefined);
  // The first frame is drawn before this resolves: the page swaps the poster for it.
  tick(performance.now());
  performance.mark('tour:first-frame');
  renderer.setAnimationLoop(tick);

  return {
    view: () => {
      // Orbiting turns the dollhouse camera without the inside heading: a link keeps the side it looks from.
      if (mode === 'dollhouse' && !flight) {
        const p = eyeCam.position;
        heading = headingTo([p.x, p.y, p.z], [orbit.target.x, orbit.target.y, orbit.target.z]);
      }
      return { sweep: current.id, mode, heading, pitch, floor };
    },
    setMode,
    setFloor: (i) => {
      floor = i;
      if (mode === 'inside') {
        const s = nearestSweep(tour, eyeOf(current), i);
        void goTo(s.id);
        return;
      }
      if (mode === 'floorplan') fitPlan();
      if (mode === 'dollhouse') {
        const { target } = dollhousePose();
        const shift = target.clone().sub(orbit.target);
        orbit.target.copy(target);
        eyeCam.position.add(shift);
        orbit.update();
      }
      applyVisibility();
      events.floor(floor);
    },
    goTo,
    step,
    showTag: async (tag) => {
      const s = sweepForTag(tour, tag);
      const eye = eyeOf(s);
      await goTo(s.id, { heading: headingTo(s.position, tag.position), pitch: Math.max(-30, Math.min(30, pitchTo(eye, tag.position))) });
    },
    look,
    zoom,
    setMeasuring: (on) => {
      measuring = on;
      canvas.classList.toggle('is-measuring', on);
      if (!on) {
        measurement.clear();
        events.measured(null);
      }
      invalidate();
    },
    measureAtCenter: () => click(canvas.clientWidth / 2, canvas.clientHeight / 2),
    followDevice: (on) => {
      device = null;
      if (on) window.addEventListener('deviceorientation', onOrientation);
      else window.removeEventListener('deviceorientation', onOrientation);
    },
    enterVR: async () => {
      const xr = navigator.xr;
      if (!xr) return;
      const session = await xr.requestSession('immersive-vr', { optionalFeatures: ['local-floor'] });
      renderer.xr.enabled = true;
      renderer.xr.setReferenceSpaceType('local-floor');
      await renderer.xr.setSession(session);
      const ref = renderer.xr.getReferenceSpace();
      const p = current.position;
      if (ref) renderer.xr.setReferenceSpace(ref.getOffsetReferenceSpace(new XRRigidTransform({ x: p[0], y: p[1], z: p[2] })));
      session.addEventListener('end', () => {
        renderer.xr.enabled = false;
        resize();
      });
    },
    project,
    stats: () => ({ frames, transition }),
    dispose: () => {
      renderer.setAnimationLoop(null);
      ts.panorama?.dispose();
      detach();
      ro.disconnect();
      orbit.dispose();
      plan.dispose();
      renderer.dispose();
      canvas.remove();
    },
  };
}
