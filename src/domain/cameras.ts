import { z } from 'zod';

/** Camera kinds as the API names them (spec 3). */
export const CameraKind = z
  .enum([
    'MATTERPORT_PRO3',
    'MATTERPORT_PRO2',
    'MATTERPORT_PRO',
    'LEICA_BLK360',
    'INSTA360_ONE_X2',
    'INSTA360_ONE_R',
    'INSTA360_ONE_RS',
    'INSTA360_ONE_RS_1_INCH',
    'INSTA360_ONE_X',
    'INSTA360_X3',
    'RICOH_THETA_Z1',
    'RICOH_THETA_V',
    'RICOH_THETA_SC2',
    'RICOH_THETA_X',
    'IPHONE',
    'ANDROID',
  ])
  .meta({ id: 'CameraKind' });
/** @see CameraKind */
export type CameraKind = z.infer<typeof CameraKind>;

/** A camera as stored on a space: the model code the capture device reports and its maker. */
export interface CameraModel {
  kind: CameraKind;
  /** Device model code reported by the capture app; the facet `cameraModel` matches these. */
  code: string;
  /** Facet `cameraManufacturer`. */
  manufacturer: string;
  /** Human label. */
  label: string;
  /** Phones and pocket cameras held in the hand rather than on a tripod rig. */
  handheld: boolean;
}

/**
 * The one table of camera model codes. The spec does not show the real codes, so these are ours;
 * every search facet, seed and page derives from this list.
 */
export const CAMERA_MODELS: readonly CameraModel[] = [
  { kind: 'MATTERPORT_PRO3', code: 'MC300', manufacturer: 'MATTERPORT', label: 'Matterport Pro3', handheld: false },
  { kind: 'MATTERPORT_PRO2', code: 'MC250', manufacturer: 'MATTERPORT', label: 'Matterport Pro2', handheld: false },
  { kind: 'MATTERPORT_PRO2', code: 'MC250L', manufacturer: 'MATTERPORT', label: 'Matterport Pro2 Lite', handheld: false },
  { kind: 'MATTERPORT_PRO', code: 'MC200', manufacturer: 'MATTERPORT', label: 'Matterport Pro', handheld: false },
  { kind: 'LEICA_BLK360', code: 'BLK360', manufacturer: 'LEICA', label: 'Leica BLK360', handheld: false },
  { kind: 'LEICA_BLK360', code: 'BLK360G2', manufacturer: 'LEICA', label: 'Leica BLK360 G2', handheld: false },
  { kind: 'INSTA360_ONE_X2', code: 'ONEX2', manufacturer: 'INSTA360', label: 'Insta360 ONE X2', handheld: true },
  { kind: 'INSTA360_ONE_R', code: 'ONER', manufacturer: 'INSTA360', label: 'Insta360 ONE R', handheld: true },
  { kind: 'INSTA360_ONE_RS', code: 'ONERS', manufacturer: 'INSTA360', label: 'Insta360 ONE RS', handheld: true },
  { kind: 'INSTA360_ONE_RS_1_INCH', code: 'ONERS1IN', manufacturer: 'INSTA360', label: 'Insta360 ONE RS 1-Inch 360', handheld: true },
  { kind: 'INSTA360_ONE_X', code: 'ONEX', manufacturer: 'INSTA360', label: 'Insta360 ONE X', handheld: true },
  { kind: 'INSTA360_X3', code: 'X3', manufacturer: 'INSTA360', label: 'Insta360 X3', handheld: true },
  { kind: 'RICOH_THETA_Z1', code: 'THETAZ1', manufacturer: 'RICOH', label: 'Ricoh Theta Z1', handheld: true },
  { kind: 'RICOH_THETA_V', code: 'THETAV', manufacturer: 'RICOH', label: 'Ricoh Theta V', handheld: true },
  { kind: 'RICOH_THETA_SC2', code: 'THETASC2', manufacturer: 'RICOH', label: 'Ricoh Theta SC2', handheld: true },
  { kind: 'RICOH_THETA_X', code: 'THETAX', manufacturer: 'RICOH', label: 'Ricoh Theta X', handheld: true },
  { kind: 'IPHONE', code: 'IPHONE14PRO', manufacturer: 'APPLE', label: 'iPhone 14 Pro', handheld: true },
  { kind: 'IPHONE', code: 'IPHONE15PRO', manufacturer: 'APPLE', label: 'iPhone 15 Pro', handheld: true },
  { kind: 'IPHONE', code: 'IPADPRO', manufacturer: 'APPLE', label: 'iPad Pro', handheld: true },
  { kind: 'ANDROID', code: 'PIXEL8', manufacturer: 'GOOGLE', label: 'Pixel 8', handheld: true },
  { kind: 'ANDROID', code: 'GALAXYS23', manufacturer: 'SAMSUNG', label: 'Galaxy S23', handheld: true },
];

/** A facet filter as the search API takes it (spec 3: facet, filterType, OR-query of codes). */
export const CameraFilter = z
  .object({
    facet: z.enum(['cameraModel', 'cameraManufacturer']),
    filterType: z.enum(['must', 'must_not']),
    query: z.array(z.string().min(1).max(40)).min(1).max(50),
  })
  .meta({ id: 'CameraFilter' });
/** @see CameraFilter */
export type CameraFilter = z.infer<typeof CameraFilter>;

/** A camera page of the site: its URL id, label and the filters that select its spaces. */
export interface CameraType {
  id: string;
  label: string;
  manufacturer: string;
  filters: CameraFilter[];
}

const codesOf = (...kinds: CameraKind[]) => CAMERA_MODELS.filter((m) => kinds.includes(m.kind)).map((m) => m.code);
const byModel = (id: string, label: string, manufacturer: string, ...kinds: CameraKind[]): CameraType => ({
  id,
  label,
  manufacturer,
  filters: [{ facet: 'cameraModel', filterType: 'must', query: codesOf(...kinds) }],
});

/** Every camera page of the site (spec 3, "Camera types (site)"), in display order. */
export const CAMERA_TYPES: readonly CameraType[] = [
  byModel('matterport-pro3', 'Matterport Pro3', 'Matterport', 'MATTERPORT_PRO3'),
  byModel('matterport-pro2', 'Matterport Pro2', 'Matterport', 'MATTERPORT_PRO2'),
  byModel('matterport-pro', 'Matterport Pro', 'Matterport', 'MATTERPORT_PRO'),
  byModel('leica-blk360', 'Leica BLK360', 'Leica', 'LEICA_BLK360'),
  {
    id: 'iphone-smartphone-capture',
    label: 'iPhone smartphone capture',
    manufacturer: 'Apple',
    filters: [{ facet: 'cameraManufacturer', filterType: 'must', query: ['APPLE'] }],
  },
  {
    id: 'android-smartphone-capture',
    label: 'Android smartphone capture',
    manufacturer: 'Android',
    filters: [
      { facet: 'cameraModel', filterType: 'must', query: codesOf('ANDROID') },
      { facet: 'cameraManufacturer', filterType: 'must_not', query: ['APPLE'] },
    ],
  },
  byModel('insta360-one-x2', 'Insta360 ONE X2', 'Insta360', 'INSTA360_ONE_X2'),
  byModel('insta360-one-r', 'Insta360 ONE R', 'Insta360', 'INSTA360_ONE_R'),
  byModel('insta360-one-rs', 'Insta360 ONE RS', 'Insta360', 'INSTA360_ONE_RS'),
  byModel('insta360-one-rs-1-inch', 'Insta360 ONE RS 1-Inch 360', 'Insta360', 'INSTA360_ONE_RS_1_INCH'),
  byModel('insta360-one-x', 'Insta360 ONE X', 'Insta360', 'INSTA360_ONE_X'),
  byModel('insta360-x3', 'Insta360 X3', 'Insta360', 'INSTA360_X3'),
  byModel('ricoh-theta-z1', 'Ricoh Theta Z1', 'Ricoh', 'RICOH_THETA_Z1'),
  byModel('ricoh-theta-v', 'Ricoh Theta V', 'Ricoh', 'RICOH_THETA_V'),
  byModel('ricoh-theta-sc2', 'Ricoh Theta SC2', 'Ricoh', 'RICOH_THETA_SC2'),
  byModel('ricoh-theta-x', 'Ricoh Theta X', 'Ricoh', 'RICOH_THETA_X'),
];

/** Finds a camera page by its URL id. */
export const findCameraType = (id: string): CameraType | undefined => CAMERA_TYPES.find((c) => c.id === id);

/** Finds the stored model for a code. */
export const findCameraModel = (code: string): CameraModel | undefined => CAMERA_MODELS.find((m) => m.code === code);

/** Whether a space's cameras satisfy every filter (AND across filters, OR within a filter's query). */
export function camerasMatch(cameras: readonly { code: string; manufacturer: string }[], filters: readonly CameraFilter[]): boolean {
  return filters.every((f) => {
    const hit = cameras.some((c) => f.query.includes(f.facet === 'cameraModel' ? c.code : c.manufacturer));
    return f.filterType === 'must' ? hit : !hit;
  });
}

/** Header search shortcuts (spec 2); kept zod-free in its own module so the browser can import it. */
export { cameraRedirectFor } from './camera-redirect.ts';
