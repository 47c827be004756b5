import { CircleGeometry, Color, DoubleSide, Group, Mesh, MeshBasicMaterial, RingGeometry, Scene, type Object3D } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import type { Tour, TourSweep } from '../../domain/tour.ts';
import { createPanoramaView, type PanoramaView } from './panorama.ts';

/**
 * The model and what the player draws into it: the scene, the model's meshes, its floors
 * (`floor-<index>` nodes) and ceilings (`ceiling-<floor>` nodes, hidden outside), and a ring on the
 * floor at each sweep.
 */
export interface TourScene {
  scene: Scene;
  /** The model's meshes: what clicks and the measuring tool hit. */
  meshes: Mesh[];
  /** Floor nodes by floor index (empty when the model names none: then every floor shows). */
  floors: Map<number, Object3D>;
  ceilings: Object3D[];
  /** One marker per sweep, by sweep id; `userData.sweep` names it. */
  markers: Map<string, Mesh>;
  /** The 360° photos around the eye, for a tour made of photos (no model). */
  panorama: PanoramaView | null;
}

/**
 * Loads the GLB (meshopt-compressed) and builds the scene; rejects when the file cannot be read.
 * A tour of 360° photos (no model, panoramas at its sweeps) gets the panorama layer instead.
 */
export async function loadTourScene(tour: Tour, changed: () => void = () => undefined, signal?: AbortSignal): Promise<TourScene> {
  const photos = !tour.model && tour.sweeps.some((s) => s.panorama);
  if (!tour.model && !photos) throw new Error('This tour has no 3D model.');
  const gltf = tour.model ? await new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).loadAsync(tour.model.url) : null;
  if (signal?.aborted) throw new Error('Stopped.');
  const scene = new Scene();
  scene.background = new Color(0x16181d);
  const panorama = photos ? createPanoramaView(changed) : null;
  if (gltf) scene.add(gltf.scene);
  if (panorama) scene.add(panorama.group);

  const meshes: Mesh[] = [];
  const floors = new Map<number, Object3D>();
  const ceilings: Object3D[] = [];
  gltf?.scene.traverse((o) => {
    const floor = /^floor-(\d+)$/.exec(o.name);
    if (floor) floors.set(Number(floor[1]), o);
    if (/^ceiling-\d+/.test(o.name)) ceilings.push(o);
    if ((o as Mesh).isMesh) meshes.push(o as Mesh);
  });

  const markers = new Map<string, Mesh>();
  const group = new Group();
  group.name = 'tour-markers';
  const ringGeometry = new RingGeometry(0.2, 0.27, 48).rotateX(-Math.PI / 2);
  const discGeometry = new CircleGeometry(0.2, 48).rotateX(-Math.PI / 2);
  for (const sweep of tour.sweeps) group.add(marker(sweep, ringGeometry, discGeometry, markers));
  scene.add(group);
  return { scene, meshes, floors, ceilings, markers, panorama };
}

function marker(sweep: TourSweep, ring: RingGeometry, disc: CircleGeometry, markers: Map<string, Mesh>): Mesh {
  const m = new Mesh(disc, new MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.18, depthWrite: false, side: DoubleSide }));
  const edge = new Mesh(ring, new MeshBasicMaterial({ color: 0xffffff, transparent: true, opacity: 0.9, depthWrite: false, side: DoubleSide }));
  m.add(edge);
  m.position.set(sweep.position[0], sweep.position[1] + 0.02, sweep.position[2]);
  m.userData['sweep'] = sweep.id;
  m.renderOrder = 2;
  edge.renderOrder = 2;
  markers.set(sweep.id, m);
  return m;
}

/** Whether an object and all its parents are visible. */
export function shown(o: Object3D | null): boolean {
  for (let at = o; at; at = at.parent) if (!at.visible) return false;
  return true;
}
