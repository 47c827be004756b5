import { CAMERA_MODELS } from '../../../domain/cameras.ts';
import { MAX_IMPORT, SpaceImportItem } from '../../../domain/admin-inputs.ts';

/**
 * Reads a feed of spaces pasted or uploaded on the Spaces screen, as JSON (`{ "spaces": [...] }`
 * or a bare array) or CSV (a header row naming the fields of spacesImportDto), into rows checked
 * one by one with the API's own schema, so the preview shows each row's problems before sending.
 */

/** One row of a feed: what will be sent and what is wrong with it. */
export interface FeedRow {
  /** 1-based line (CSV) or item (JSON) number, as the admin sees it in their file. */
  line: number;
  /** The row as read (CSV cells already turned into the field types). */
  raw: Record<string, unknown>;
  /** The row as the API takes it, when valid. */
  item: SpaceImportItem | null;
  /** 'field: message' for each problem. */
  problems: string[];
}

/** A read feed: its rows, or why it could not be read at all. */
export type Feed = { ok: true; format: 'json' | 'csv'; rows: FeedRow[] } | { ok: false; error: string };

/** CSV columns holding numbers. */
const NUMBERS = new Set(['views', 'imageWidth', 'imageHeight', 'lat', 'long', 'altitude']);
/** CSV columns holding lists, items separated by `|` (or `;`). */
const LISTS = new Set(['tags', 'cameras']);
/** The columns a CSV may have (spacesImportDto's fields; geolocation as lat/long/altitude). */
export const CSV_COLUMNS = [
  'modelId',
  'name',
  'summary',
  'description',
  'address',
  'city',
  'region',
  'countryCode',
  'countryName',
  'lat',
  'long',
  'altitude',
  'tags',
  'cameras',
  'visibility',
  'presentedBy',
  'organizationId',
  'type',
  'views',
  'imageKey',
  'imageWidth',
  'imageHeight',
] as const;

/** Splits CSV text into records (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const src = text.replace(/^\uFEFF/, '');
  while (i < src.length) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') quoted = false;
      else cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cell === '') quoted = true;
    else if (ch === ',') {
      record.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      record.push(cell);
      if (record.some((c) => c.trim() !== '')) records.push(record);
      record = [];
      cell = '';
    } else cell += ch;
    i++;
  }
  record.push(cell);
  if (record.some((c) => c.trim() !== '')) records.push(record);
  return records;
}

/** A camera cell item: a known model code, or `code:MANUFACTURER:KIND`. */
function cameraOf(value: string): Record<string, string> {
  const [code = '', manufacturer, kind] = value.split(':').map((p) => p.trim());
  const known = CAMERA_MODELS.find((m) => m.code.toLowerCase() === code.toLowerCase());
  return { code: known?.code ?? code, ...(manufacturer ? { manufacturer } : {}), ...(kind ? { kind } : {}) };
}

/** A CSV cell as the field's type; empty cells are left out. */
function cellValue(column: string, value: string): unknown {
  const v = value.trim();
  if (v === '') return undefined;
  if (NUMBERS.has(column)) return Number.isFinite(Number(v)) ? Number(v) : v;
  if (LISTS.has(column)) {
    const items = v
      .split(/[|;]/)
      .map((x) => x.trim())
      .filter(Boolean);
    return column === 'cameras' ? items.map(cameraOf) : items;
  }
  if (column === 'organizationId' && v.toLowerCase() === 'null') return null;
  return v;
}

/** A CSV record as an object of spacesImportDto's shape. */
function csvObject(header: readonly string[], cells: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const geo: Record<string, unknown> = {};
  header.forEach((column, i) => {
    const value = cellValue(column, cells[i] ?? '');
    if (value === undefined) return;
    if (column === 'lat' || column === 'long' || column === 'altitude') geo[column] = value;
    else out[column] = value;
  });
  if (Object.keys(geo).length) out['geolocation'] = geo;
  return out;
}

/** Checks one row with the API's schema. */
function checkRow(line: number, raw: unknown): FeedRow {
  const obj = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  if (obj !== raw) return { line, raw: obj, item: null, problems: ['Each space must be an object with a modelId'] };
  const parsed = SpaceImportItem.safeParse(raw);
  if (parsed.success) return { line, raw: obj, item: parsed.data, problems: [] };
  return { line, raw: obj, item: null, problems: parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)) };
}

/** Marks later rows naming a modelId an earlier row has (the import matches on modelId). */
function markDuplicates(rows: FeedRow[]): FeedRow[] {
  const seen = new Map<string, number>();
  for (const row of rows) {
    const id = typeof row.raw['modelId'] === 'string' ? row.raw['modelId'] : null;
    if (!id) continue;
    const first = seen.get(id);
    if (first !== undefined) {
      row.problems.push(`modelId: also on row ${first}`);
      row.item = null;
    } else seen.set(id, row.line);
  }
  return rows;
}

/** Reads a pasted or uploaded feed: JSON when it starts with `{` or `[`, else CSV with a header row. */
export function readFeed(text: string): Feed {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, error: 'Paste or upload a JSON or CSV feed of spaces.' };
  let rows: FeedRow[];
  let format: 'json' | 'csv';
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    format = 'json';
    let data: unknown;
    try {
      data = JSON.parse(trimmed);
    } catch (cause) {
      return { ok: false, error: `This is not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}` };
    }
    const list = Array.isArray(data) ? data : (data as { spaces?: unknown }).spaces;
    if (!Array.isArray(list)) return { ok: false, error: 'The JSON must be a list of spaces, or an object with a "spaces" list.' };
    rows = list.map((item, i) => checkRow(i + 1, item));
  } else {
    format = 'csv';
    const [header, ...records] = parseCsv(trimmed);
    const columns = (header ?? []).map((h) => h.trim());
    const unknown = columns.filter((c) => !(CSV_COLUMNS as readonly string[]).includes(c));
    if (!columns.includes('modelId')) return { ok: false, error: `The first CSV row must name the columns, modelId among them (${CSV_COLUMNS.join(', ')}).` };
    if (unknown.length) return { ok: false, error: `Unknown CSV columns: ${unknown.join(', ')}. Known columns: ${CSV_COLUMNS.join(', ')}.` };
    rows = records.map((cells, i) => checkRow(i + 2, csvObject(columns, cells)));
  }
  if (!rows.length) return { ok: false, error: 'The feed holds no spaces.' };
  if (rows.length > MAX_IMPORT) return { ok: false, error: `One import takes at most ${MAX_IMPORT} spaces; this feed has ${rows.length}.` };
  return { ok: true, format, rows: markDuplicates(rows) };
}
