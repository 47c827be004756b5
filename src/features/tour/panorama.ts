import { BackSide, Group, LinearFilter, Mesh, MeshBasicMaterial, SphereGeometry, SRGBColorSpace, TextureLoader, type Texture } from 'three';
import type { TourPoint, TourSweep } from '../../domain/tour.ts';

/** Radius of the panorama sphere, metres: far beyond the sweep rings, well inside the camera's far plane. */
const RADIUS = 50;

/**
 * The 360° photo around the eye at a sweep (tours made of owners' photos have no 3D model): a
 * sphere seen from inside, the photo's middle facing north (heading 0) and its right turning
 * clockwise. A photo cut into tiles shows its small preview at once; each tile of the full picture
 * then covers its part of the preview as it arrives (a slightly smaller patch of the same sphere).
 */
export interface PanoramaView {
  /** Added to the scene once. */
  readonly group: Group;
  /** Shows a sweep's photo around `eye`; resolves when its first picture (the preview, else the whole photo) is on. */
  show: (sweep: TourSweep, eye: TourPoint) => Promise<void>;
  dispose: () => void;
}

/** Creates the panorama layer; `changed` is called when a picture arrives (the player draws a frame). */
export function createPanoramaView(changed: () => void): PanoramaView {
  const group = new Group();
  group.name = 'tour-panorama';
  // Mirrored to be seen from inside; turned so that the photo's middle (u = 0.5) faces -z, north.
  group.scale.set(-1, 1, 1);
  group.rotation.y = -Math.PI / 2;
  const loader = new TextureLoader();
  let shown: string | null = null;
  let parts: Mesh[] = [];

  const load = async (url: string): Promise<Texture> => {
    const texture = await loader.loadAsync(url);
    texture.colorSpace = SRGBColorSpace;
    texture.generateMipmaps = false;
    texture.minFilter = LinearFilter;
    return texture;
  };
  const patch = (texture: Texture, radius: number, phi: [number, number], theta: [number, number], order: number) => {
    const mesh = new Mesh(
      new SphereGeometry(radius, 48, 24, phi[0], phi[1], theta[0], theta[1]),
      new MeshBasicMaterial({ map: texture, side: BackSide, depthWrite: false, depthTest: false }),
    );
    mesh.renderOrder = order;
    group.add(mesh);
    parts.push(mesh);
  };
  const clear = () => {
    for (const m of parts) {
      group.remove(m);
      m.geometry.dispose();
      const material = m.material as MeshBasicMaterial;
      material.map?.dispose();
      material.dispose();
    }
    parts = [];
  };

  return {
    group,
    show: async (sweep, eye) => {
      group.position.set(eye[0], eye[1], eye[2]);
      if (shown === sweep.id) return;
      shown = sweep.id;
      const first = sweep.tiles?.preview.url ?? sweep.panorama?.url;
      if (!first) {
        clear();
        return;
      }
      const base = await load(first);
      if (shown !== sweep.id) return void base.dispose();
      clear();
      patch(base, RADIUS, [0, Math.PI * 2], [0, Math.PI], -3);
      changed();
      const tiles = sweep.tiles;
      if (!tiles) return;
      tiles.urls.forEach((url, i) => {
        const col = i % tiles.columns;
        const row = Math.floor(i / tiles.columns);
        void load(url).then(
          (texture) => {
            if (shown !== sweep.id) return void texture.dispose();
            const phi: [number, number] = [(col / tiles.columns) * Math.PI * 2, (Math.PI * 2) / tiles.columns];
            const theta: [number, number] = [(row / tiles.rows) * Math.PI, Math.PI / tiles.rows];
            patch(texture, RADIUS * 0.98, phi, theta, -2);
            changed();
          },
          () => undefined,
        );
      });
    },
    dispose: () => {
      shown = null;
      clear();
    },
  };
}
