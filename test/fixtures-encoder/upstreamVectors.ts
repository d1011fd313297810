/**
 * The recorded answers of the original encoder service (test/fixtures/upstream-encoder, see its
 * README) and the translation of its requests into Lux's encoder inputs. Node APIs live here, outside
 * src/core, so that the core's tests stay free of them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { readNpy, type NpyArray } from '../../src/core/encoding/npy';
import type { EncoderRoom, EncoderWindow, EncodeOptions } from '../../src/core/encoding/types';
import type { EncodingScheme, ModelType } from '../../src/core/types';

export const FIXTURE_DIR = fileURLToPath(new URL('../fixtures/upstream-encoder/', import.meta.url));

type Json = Record<string, unknown>;

export interface UpstreamVector {
  name: string;
  path: string;
  request: Json | null;
  status: number;
  npz?: string;
  arrays?: Record<string, { shape: number[]; dtype: string; sha256: string }>;
  json?: Json;
}

export function loadVectors(): UpstreamVector[] {
  return JSON.parse(readFileSync(`${FIXTURE_DIR}vectors.json`, 'utf8')) as UpstreamVector[];
}

/** The entries of a vector's NPZ body, in archive order: file name → bytes. */
export function recordedFiles(v: UpstreamVector): Record<string, Uint8Array> {
  return unzipSync(new Uint8Array(readFileSync(`${FIXTURE_DIR}${v.npz ?? ''}`)));
}

/** The NPZ body of a vector, decoded: key (without `.npy`) → array. */
export function recordedArrays(v: UpstreamVector): Map<string, NpyArray> {
  return new Map(
    Object.entries(recordedFiles(v)).map(([name, bytes]) => [name.replace(/\.npy$/, ''), readNpy(bytes)]),
  );
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** The v1/v2 `/encode` vectors answered 200: the ones Lux must reproduce byte for byte. */
export function isReproducibleEncode(v: UpstreamVector): boolean {
  const scheme = v.request?.['encoding_scheme'] ?? 'v2';
  return v.path === '/encode' && v.status === 200 && (scheme === 'v1' || scheme === 'v2');
}

/**
 * Original names → Lux names. `horizontal_reflectance` / `vertical_reflectance` in an original request
 * were ignored by it, so they are dropped rather than mapped (Lux encodes those names).
 */
const MATERIAL_NAMES: Record<string, string> = {
  ceiling_reflectance: 'ceiling_reflectance',
  floor_reflectance: 'horizontal_reflectance',
  wall_reflectance: 'vertical_reflectance',
  facade_reflectance: 'facade_reflectance',
  terrain_reflectance: 'terrain_reflectance',
  window_frame_reflectance: 'window_frame_reflectance',
  balcony_reflectance: 'balcony_reflectance',
  context_reflectance: 'context_reflectance',
};
const WINDOW_NUMBERS = [
  'x1',
  'y1',
  'z1',
  'x2',
  'y2',
  'z2',
  'window_frame_ratio',
  'window_sill_height',
  'window_height',
];

function materials(src: Json): Json {
  const out: Json = {};
  for (const [from, to] of Object.entries(MATERIAL_NAMES))
    if (src[from] !== undefined) out[to] = Number(src[from]);
  return out;
}

const obstruction = (v: unknown): number | number[] => (Array.isArray(v) ? v.map(Number) : Number(v));

function toWindow(id: string, w: Json, shared: Json): EncoderWindow {
  const out: Json = { id, ...materials(w) };
  for (const k of WINDOW_NUMBERS) if (w[k] !== undefined) out[k] = Number(w[k]);
  if (w['direction_angle'] !== undefined) out['directionRad'] = Number(w['direction_angle']);
  out['horizon'] = obstruction(w['horizon'] ?? shared['horizon']);
  out['zenith'] = obstruction(w['zenith'] ?? shared['zenith']);
  return out as unknown as EncoderWindow;
}

function toPolygon(raw: unknown): [number, number][] {
  return (raw as unknown[]).map((p) =>
    Array.isArray(p) ? [Number(p[0]), Number(p[1])] : [Number((p as Json)['x']), Number((p as Json)['y'])],
  );
}

export interface EncoderCall {
  room: EncoderRoom;
  windows: EncoderWindow[];
  opts: EncodeOptions;
}

/** An original `/encode` request as Lux encoder inputs (radians kept exact in `directionRad`). */
export function toEncoderCall(request: Json): EncoderCall {
  const p = request['parameters'] as Json;
  const room = {
    height_roof_over_floor: Number(p['height_roof_over_floor']),
    floor_height_above_terrain: Number(p['floor_height_above_terrain']),
    room_polygon: toPolygon(p['room_polygon']),
    ...materials(p),
    ...(p['window_orientation'] !== undefined ? { window_orientation: Number(p['window_orientation']) } : {}),
  } as EncoderRoom;
  const windows =
    p['x1'] !== undefined
      ? [toWindow('window', p, p)]
      : Object.entries(p['windows'] as Record<string, Json>).map(([id, w]) => toWindow(id, w, p));
  const modelType = String(request['model_type']).replace(/_\d+\.\d+(\.\d+)?$/, '') as ModelType;
  const scheme = (request['encoding_scheme'] ?? 'v2') as EncodingScheme;
  return { room, windows, opts: { modelType, scheme } };
}
