import { roomAnchor } from '../encoding/anchor';
import { originalDirection } from '../encoding/direction';
import { IMAGE_SIZE } from '../encoding/image';
import { ANCHOR_ROW, STRIPE_END_COL } from '../encoding/layout';
import { roomMaskParts, type FramePart } from '../encoding/roomMask';
import {
  frameRotationDeg,
  intoWindowFrame,
  thickness,
  thicknessPx,
  type PlanCorners,
} from '../encoding/windowFrame';
import { containsPoint, nearestBoundaryPoint } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import type { EngineRoom } from './model';
import { simulateRoom, type SimulationOptions } from './simulate';

/**
 * The `v2` window frame of the encoder (upstream encoder.md §4): 128 × 128 pixels of 0.1 m, the window on
 * the right facing +x, the room anchored at (FX, 64). The model learns one window at a time in this frame,
 * so its training target is that window's share of the DF at the frame's room pixels. Pixel (row, col)
 * stands for the frame point at its integer coordinates (that is how cv2.fillPoly decides membership),
 * which maps back to the world by the inverse of the encoder's rotation.
 */
export interface V2Frame {
  /** uint8 128 × 128, 1 on room pixels: exactly the encoder's mask for this window. */
  mask: Uint8Array;
  /** Row-major pixel index of each room pixel, and the world point (x, y) it stands for. */
  pixels: Int32Array;
  points: [number, number][];
  /** World plan point → fractional (row, col) of the frame: the inverse of the pixels' mapping. */
  toPixel: (x: number, y: number) => [number, number];
  /** The column of the window's wall (its inner face): the room lies at lower columns. */
  wallCol: number;
  /** Pixels of the room's pieces the frame cuts away from the kept one (roomMaskParts), null if none. */
  cut: Uint8Array | null;
}

export function v2Frame(room: EngineRoom, windowIndex: number, part: FramePart = 'largest'): V2Frame {
  const polygon = room.parameters.room_polygon;
  const w = room.parameters.windows[windowIndex]!;
  const corners: PlanCorners = { p1: [w.x1, w.y1], p2: [w.x2, w.y2] };
  // The direction exactly as the encoder takes it (encodeWindow.ts windowDirection): given, else derived
  // the original's way.
  const a =
    w.direction_angle !== undefined
      ? (w.direction_angle * Math.PI) / 180
      : originalDirection(polygon, corners);
  const { mask, cut } = roomMaskParts(polygon, corners, a, part);
  const frame = intoWindowFrame(polygon, corners, a);
  const anchor = roomAnchor(frame.polygon, frame.corners, frame.angle);
  const facadeCol = STRIPE_END_COL - thicknessPx(thickness(frame.corners, frame.angle)) - 1;
  const rot = frameRotationDeg(a);
  // Inverse of the encoder's rotation by rot degrees about the origin.
  const back = rot === null ? 0 : (-rot * Math.PI) / 180;
  const c = Math.cos(back),
    s = Math.sin(back);
  const pixels: number[] = [];
  const points: [number, number][] = [];
  for (let r = 0; r < IMAGE_SIZE; r++) {
    for (let col = 0; col < IMAGE_SIZE; col++) {
      if (mask[r * IMAGE_SIZE + col] !== 1) continue;
      const xf = anchor[0] + (col - facadeCol) * 0.1;
      const yf = anchor[1] + (ANCHOR_ROW - r) * 0.1;
      const p: Vec2 = rot === null ? [xf, yf] : [c * xf - s * yf, s * xf + c * yf];
      pixels.push(r * IMAGE_SIZE + col);
      points.push(inside(polygon, p));
    }
  }
  // Forward: rotate by rot (the encoder's rotation), then shift and scale into pixels.
  const fc = Math.cos(-back),
    fs = Math.sin(-back);
  const toPixel = (x: number, y: number): [number, number] => {
    const xf = rot === null ? x : fc * x - fs * y;
    const yf = rot === null ? y : fs * x + fc * y;
    return [ANCHOR_ROW - (yf - anchor[1]) / 0.1, facadeCol + (xf - anchor[0]) / 0.1];
  };
  return { mask, pixels: Int32Array.from(pixels), points, toPixel, wallCol: facadeCol, cut };
}

/**
 * A pixel on the outline stands for a point on (or, by rounding, just outside) a wall: evaluate the
 * light 1 cm inside instead, where a receiver has a room around it.
 */
function inside(polygon: readonly Vec2[], p: Vec2): [number, number] {
  if (containsPoint(polygon, p)) return [p[0], p[1]];
  const q = nearestBoundaryPoint(polygon, p);
  const e = q.edge;
  const lx = e.b[0] - e.a[0],
    ly = e.b[1] - e.a[1];
  const l = Math.hypot(lx, ly);
  for (const sign of [1, -1]) {
    const t: [number, number] = [q.point[0] - (sign * ly * 0.01) / l, q.point[1] + (sign * lx * 0.01) / l];
    if (containsPoint(polygon, t)) return t;
  }
  return [q.point[0], q.point[1]];
}

export interface WindowFrameResult {
  id: string;
  /** DF (%) of this window alone on the encoder's 128 × 128 grid, 0 outside its mask, NaN where not sampled. */
  df: Float32Array;
  mask: Uint8Array;
}

/**
 * Which room pixels to evaluate (all by default). Training data samples every pixel near the window,
 * where DF changes fast, and a sparser lattice elsewhere: the engine's cost is mostly per receiver.
 */
export type PixelSampler = (frame: V2Frame) => (pixel: number) => boolean;

/**
 * Each window's share of the daylight factor in its own v2 frame (the model's training target), from one
 * simulation of the whole room (every window's light interreflects in the same room).
 */
export function simulateWindowFrames(
  room: EngineRoom,
  opts: Omit<SimulationOptions, 'points'> = {},
  sampler?: PixelSampler,
): WindowFrameResult[] {
  const frames = room.parameters.windows.map((_, i) => {
    const f = v2Frame(room, i);
    if (!sampler) return f;
    const keep = sampler(f);
    const k = [...f.pixels.keys()].filter((j) => keep(f.pixels[j]!));
    return {
      mask: f.mask,
      pixels: Int32Array.from(k, (j) => f.pixels[j]!),
      points: k.map((j) => f.points[j]!),
    };
  });
  const offsets: number[] = [];
  const all: [number, number][] = [];
  for (const f of frames) {
    offsets.push(all.length);
    all.push(...f.points);
  }
  const res = simulateRoom(room, { ...opts, points: all });
  return room.parameters.windows.map((w, i) => {
    const f = frames[i]!;
    const df = new Float32Array(IMAGE_SIZE * IMAGE_SIZE);
    if (sampler) f.mask.forEach((m, px) => m && (df[px] = NaN));
    const share = res.perWindow.find((p) => p.id === w.id);
    if (share) f.pixels.forEach((px, k) => (df[px] = share.points[offsets[i]! + k]!));
    return { id: w.id, df, mask: f.mask };
  });
}
