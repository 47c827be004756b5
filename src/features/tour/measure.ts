import {
  BufferGeometry,
  Line,
  LineBasicMaterial,
  Mesh,
  MeshBasicMaterial,
  OrthographicCamera,
  SphereGeometry,
  type Vector3,
  type Camera,
  type Scene,
} from 'three';
import type { TourPoint } from '../../domain/tour.ts';

/** The measuring tool's drawing: two dots, the line between them and its length on a label. */
export interface Measurement {
  /** Adds a point (a third starts a new measurement); the length once there are two, else null. */
  add: (p: Vector3) => number | null;
  clear: () => void;
  /** Keeps the dots' size on screen and the label on the line's middle; call before each frame. */
  place: (camera: Camera, project: (p: TourPoint) => [number, number] | null) => void;
}

const COLOR = 0xffd34d;

/** The measurement drawn in `scene`, its label an element of `overlay` written by `label`. */
export function createMeasurement(scene: Scene, overlay: HTMLElement, label: (metres: number) => string): Measurement {
  const points: Vector3[] = [];
  const objects: (Mesh | Line)[] = [];
  const dotGeometry = new SphereGeometry(1, 16, 12);
  // Drawn over the model (no depth test): the dots stay visible on the surfaces they sit on.
  const dotMaterial = new MeshBasicMaterial({ color: COLOR, depthTest: false });
  const lineMaterial = new LineBasicMaterial({ color: COLOR, depthTest: false });
  const tag = document.createElement('span');
  tag.className = 'tp-measure-label';
  tag.hidden = true;
  overlay.append(tag);

  const clear = () => {
    for (const o of objects) {
      scene.remove(o);
      if (o instanceof Line) o.geometry.dispose();
    }
    objects.length = 0;
    points.length = 0;
    tag.hidden = true;
  };
  return {
    clear,
    add: (p) => {
      if (points.length === 2) clear();
      points.push(p.clone());
      const dot = new Mesh(dotGeometry, dotMaterial);
      dot.renderOrder = 10;
      dot.position.copy(p);
      scene.add(dot);
      objects.push(dot);
      if (points.length < 2) return null;
      const line = new Line(new BufferGeometry().setFromPoints(points), lineMaterial);
      line.renderOrder = 10;
      scene.add(line);
      objects.push(line);
      const metres = (points[0] as Vector3).distanceTo(points[1] as Vector3);
      tag.textContent = label(metres);
      return metres;
    },
    place: (camera, project) => {
      for (const o of objects) {
        if (!(o instanceof Mesh)) continue;
        const r = camera instanceof OrthographicCamera ? ((camera.top - camera.bottom) / camera.zoom) * 0.006 : camera.position.distanceTo(o.position) * 0.008;
        o.scale.setScalar(Math.max(0.005, r));
      }
      const [a, b] = points;
      const at = a && b ? project([(a.x + b.x) / 2, (a.y + b.y) / 2, (a.z + b.z) / 2]) : null;
      tag.hidden = !at;
      if (at) tag.style.transform = `translate(${at[0].toFixed(1)}px, ${at[1].toFixed(1)}px)`;
    },
  };
}
