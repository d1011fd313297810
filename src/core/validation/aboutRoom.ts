/**
 * Requests computed about the room itself. The engine's and the model's geometry (the mesh, the room's
 * body, the surroundings built from angles, their ray-tracing structures) is single precision, whose steps
 * at a national grid's or UTM's coordinates (10⁶ m) are 0.1–0.5 m: a room drawn there was answered
 * wrongly (an angles-only room 2.0 → 0.07 % DF). So a room far from its plan's origin is moved near it
 * before anything becomes single precision — its outline, windows, skylights, ceiling planes and a JSON
 * mesh, all in double precision — and the answer's coordinates are moved back (roomResponse.ts).
 */
/** Rooms nearer the origin than this (m, per axis) stay where they are: float32 steps there are < 0.1 mm. */
const NEAR = 1000;
/** The shift is a whole number of these (m): exact in double precision, and keeps 0.1 m grids aligned. */
const STEP = 1000;

/** Where a computation's origin lies in the request's plan: (0, 0) for a room near the origin. */
export interface PlanOrigin {
  x: number;
  y: number;
}

export const AT_ORIGIN: PlanOrigin = { x: 0, y: 0 };

/**
 * The shift that brings a room near the origin: its outline's middle rounded to whole kilometres, on each
 * axis where it lies beyond 1 km. Subtracting a whole number of metres from a coordinate is exact in
 * double precision (both are multiples of the coordinate's last bit), so the moved room is the room.
 */
export function planOriginFor(polygon: readonly (readonly number[])[]): PlanOrigin {
  const mid = (k: 0 | 1) => {
    let lo = Infinity,
      hi = -Infinity;
    for (const p of polygon) {
      const v = p[k]!;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const m = (lo + hi) / 2;
    return Math.abs(m) > NEAR ? Math.round(m / STEP) * STEP : 0;
  };
  return { x: mid(0), y: mid(1) };
}

export const isAtOrigin = (o: PlanOrigin): boolean => o.x === 0 && o.y === 0;

const moved = (p: readonly number[], o: PlanOrigin): [number, number] => [p[0]! - o.x, p[1]! - o.y];

interface RawRoomGeometry {
  room_polygon: [number, number][];
  windows: Record<string, object>;
  skylights?: Record<string, { polygon: [number, number][] }> | undefined;
  ceiling_planes?: [number, number, number][] | undefined;
}

/** The room's parameters (as zod returns them) moved by −origin; a new object, the given one untouched. */
export function movedParameters<P extends RawRoomGeometry>(p: P, o: PlanOrigin): P {
  const windows = Object.fromEntries(
    Object.entries(p.windows).map(([id, w]) => {
      const c = w as { x1: number; y1: number; x2: number; y2: number };
      return [id, { ...w, x1: c.x1 - o.x, y1: c.y1 - o.y, x2: c.x2 - o.x, y2: c.y2 - o.y }];
    }),
  );
  const out: P = { ...p, room_polygon: p.room_polygon.map((q) => moved(q, o)), windows };
  if (p.skylights)
    out.skylights = Object.fromEntries(
      Object.entries(p.skylights).map(([id, s]) => [
        id,
        { ...s, polygon: s.polygon.map((q) => moved(q, o)) },
      ]),
    );
  // z = a·x + b·y + c with x = x' + o.x: the same plane about the moved room has c' = c + a·o.x + b·o.y.
  if (p.ceiling_planes)
    out.ceiling_planes = p.ceiling_planes.map(([a, b, c]) => [a, b, c + a * o.x + b * o.y]);
  return out;
}

/**
 * A mesh that arrived as float32 (an NPY upload, a stored mesh) moved by −origin: its points keep the
 * steps they were sent with, but everything computed about the room is then exact. Returns the step (m)
 * single precision had at the mesh's farthest plan coordinate, for the answer to name when it is coarse.
 */
export function movedPositions(
  positions: Float32Array,
  o: PlanOrigin,
  /** In shared memory (where there is any), so that other threads are handed it rather than a copy. */
  shared = false,
): { positions: Float32Array; step: number } {
  const out =
    shared && typeof SharedArrayBuffer !== 'undefined'
      ? new Float32Array(new SharedArrayBuffer(positions.byteLength))
      : new Float32Array(positions.length);
  let far = 0;
  for (let i = 0; i < positions.length; i += 3) {
    const x = positions[i]!,
      y = positions[i + 1]!;
    far = Math.max(far, Math.abs(x), Math.abs(y));
    out[i] = x - o.x;
    out[i + 1] = y - o.y;
    out[i + 2] = positions[i + 2]!;
  }
  return { positions: out, step: float32Step(far) };
}

/** The distance between neighbouring float32 values at magnitude v (m). */
export function float32Step(v: number): number {
  return v < 2 ** -126 ? 0 : 2 ** (Math.floor(Math.log2(v)) - 23);
}

/** A point of the request's plan in the computation's coordinates (inPlan's inverse). */
export const aboutOrigin = <P extends { x: number; y: number }>(p: P, o: PlanOrigin): P =>
  isAtOrigin(o) ? p : { ...p, x: p.x - o.x, y: p.y - o.y };

/** A point of the computation back in the request's plan. */
export const inPlan = <P extends { x: number; y: number }>(p: P, o: PlanOrigin | undefined): P =>
  o && !isAtOrigin(o) ? { ...p, x: p.x + o.x, y: p.y + o.y } : p;
