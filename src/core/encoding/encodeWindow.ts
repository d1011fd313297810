/**
 * Room → 128 × 128 encoding of the original service's schemes v2 (and v1), byte for byte
 * (encoder.md §1.3): background, room, window stripe, obstruction bar, drawn in that order. Each window
 * gets its own image in its own frame; nothing is combined across windows (§4.11).
 */
import { deg, toRadians } from '../units';
import { regionPixel, type PixelContext, type ScalarValues } from './channels';
import { originalDirection } from './direction';
import { fillImage, fillRect, fillWhere, newImage } from './image';
import { drawObstructionBar } from './obstructionBar';
import { roomMask } from './roomMask';
import type { EncodedWindow, EncodeOptions, EncoderMaterials, EncoderRoom, EncoderWindow } from './types';
import type { PlanCorners } from './windowFrame';
import { windowStripe } from './windowStripe';

/** The original clips these before encoding (§5.2 g): every ordinary room is encoded as 15 m high. */
const ROOF_RANGE = [15, 30] as const;
const MAX_FLOOR = 10;

const MATERIALS: readonly (keyof EncoderMaterials)[] = [
  'ceiling_reflectance',
  'horizontal_reflectance',
  'vertical_reflectance',
  'facade_reflectance',
  'terrain_reflectance',
  'window_frame_reflectance',
  'balcony_reflectance',
  'context_reflectance',
];

export function planCorners(w: EncoderWindow): PlanCorners {
  return { p1: [w.x1, w.y1], p2: [w.x2, w.y2] };
}

/** The exact radians the original worked with (see EncoderWindow.directionRad). */
export function windowDirection(room: EncoderRoom, w: EncoderWindow): number {
  if (w.directionRad !== undefined) return w.directionRad;
  if (w.direction_angle !== undefined) return toRadians(deg(w.direction_angle));
  return originalDirection(room.room_polygon, planCorners(w));
}

/**
 * Sill and window height when not given: from z and the floor. Single-window requests used the raw
 * floor, multi-window ones the floor already clipped to 10 m (§5.2, vectors `floor12_*`).
 */
function derivedHeights(w: EncoderWindow, floor: number): { sill: number; height: number } {
  const bottom = Math.min(w.z1, w.z2);
  const top = Math.max(w.z1, w.z2);
  return { sill: Math.max(0, bottom - floor), height: bottom >= floor ? top - bottom : top - floor };
}

/** The merged scalar parameters of one window, after the original's clipping; absent keys stay absent. */
function windowValues(room: EncoderRoom, w: EncoderWindow, multiWindow: boolean): ScalarValues {
  const values: ScalarValues = {};
  for (const k of MATERIALS) {
    const v = w[k] ?? room[k];
    if (v !== undefined) values[k] = v;
  }
  if (room.window_orientation !== undefined) values.window_orientation = room.window_orientation;
  const clippedFloor = Math.min(room.floor_height_above_terrain, MAX_FLOOR);
  const derived = derivedHeights(w, multiWindow ? clippedFloor : room.floor_height_above_terrain);
  values.floor_height_above_terrain = clippedFloor;
  values.height_roof_over_floor = Math.min(
    Math.max(room.height_roof_over_floor, ROOF_RANGE[0]),
    ROOF_RANGE[1],
  );
  values.window_frame_ratio = w.window_frame_ratio;
  values.window_sill_height = w.window_sill_height ?? derived.sill;
  values.window_height = w.window_height ?? derived.height;
  return values;
}

export interface EncodeWindowOptions extends EncodeOptions {
  /** True when the request had several windows (changes derived heights for floors above 10 m). */
  multiWindow?: boolean;
}

export function encodeWindow(room: EncoderRoom, w: EncoderWindow, opts: EncodeWindowOptions): EncodedWindow {
  const corners = planCorners(w);
  const a = windowDirection(room, w);
  const ctx: PixelContext = {
    values: windowValues(room, w, opts.multiWindow ?? false),
    modelType: opts.modelType,
    scheme: opts.scheme,
  };
  const mask = roomMask(room.room_polygon, corners, a);
  const image = newImage();
  fillImage(image, regionPixel('background', ctx));
  fillWhere(image, mask, regionPixel('room', ctx));
  const stripe = windowStripe(corners, a);
  fillRect(image, stripe.r0, stripe.r1, stripe.c0, stripe.c1, regionPixel('window', ctx));
  drawObstructionBar(image, w.horizon, w.zenith, ctx);
  return { id: w.id, image, mask };
}

/** Every window of a room, in request order; "several windows" mode when there is more than one. */
export function encodeRoom(
  room: EncoderRoom,
  windows: readonly EncoderWindow[],
  opts: EncodeOptions,
): EncodedWindow[] {
  const multiWindow = windows.length > 1;
  return windows.map((w) => encodeWindow(room, w, { ...opts, multiWindow }));
}
