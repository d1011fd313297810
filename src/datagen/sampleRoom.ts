/**
 * Random rooms and surroundings over the parameter ranges of api.md, for training data (model.md
 * §Training): rectangles, L/T/U shapes and cut corners at any rotation; 1–3 windows on any walls; wall
 * thickness 0–0.5 m; frames; reflectances for df_custom; contexts from open sky to dense blocks, street
 * canyons, balconies and overhangs, or bare horizon/zenith profiles. Every room is a valid /run request
 * (the generator checks it with the core validator). Seeded: the same seed gives the same room.
 */
import { rng } from '../core/engine/random';
import { signedArea } from '../core/geometry/polygon';
import type { Vec2 } from '../core/geometry/vec';
import { RANGES, REFLECTANCE_FIELDS } from '../core/validation/ranges';
import { parseRunRequest, type RunRequest } from '../core/validation/requests';
import { prism } from './solids';
import type { ContextKind, RoomProfile, Shape } from './roomProfile';
import { STRESS_PROFILES, type StressClass } from './stressProfiles';

export interface SampledRoom {
  /** A /run body without mesh and without angles: parameters and model type. */
  body: {
    model_type: 'df_default' | 'df_custom';
    parameters: Record<string, unknown> & {
      height_roof_over_floor: number;
      floor_height_above_terrain: number;
      room_polygon: Vec2[];
      windows: Record<string, Record<string, unknown>>;
    };
  };
  context: ContextKind;
  /** [x, y, z] points, 3 per triangle, or null (open sky or an angles-only context). */
  mesh: number[][] | null;
  /** For the 'angles' context: one horizon/zenith profile for every window. */
  angles: { horizon: number[]; zenith: number[] } | null;
}

const ZEROS = new Array<number>(64).fill(0);

/**
 * The sampled room as a client's /run request, validated as the server would: with its context mesh, or
 * its angles (open sky: zeros, which the engine then drops).
 */
export function sampledRequest(s: SampledRoom): RunRequest {
  return parseRunRequest(
    s.mesh ? { ...s.body, mesh: s.mesh } : { ...s.body, ...(s.angles ?? { horizon: ZEROS, zenith: ZEROS }) },
  );
}

/** One line of a shard's JSONL (src/datagen/shard.ts): a /run body with its windows' angles, no mesh. */
export interface StoredWindow {
  body: object;
  window: number;
  room_seed: number;
  /** Triangles of the room's context mesh (0: open sky or an angles-only context). */
  triangles: number;
}

/**
 * A stored window's request as the client would send it: with the room's context mesh, rebuilt from the
 * room's seed (the JSONL keeps only the angles the mesh gave), when it had one.
 */
export function storedRequest(rec: StoredWindow, focus?: Focus): RunRequest {
  return parseRunRequest(
    rec.triangles > 0 ? { ...rec.body, mesh: sampleRoom(rec.room_seed, focus).mesh } : rec.body,
  );
}

type Rand = () => number;
const uniform = (r: Rand, a: number, b: number): number => a + (b - a) * r();
const pick = <T>(r: Rand, items: readonly (readonly [number, T])[]): T => {
  let u = r() * items.reduce((s, [w]) => s + w, 0);
  for (const [w, v] of items) if ((u -= w) < 0) return v;
  return items[items.length - 1]![1];
};
const round3 = (v: number): number => Math.round(v * 1000) / 1000;
const roundPoint = ([x, y]: Vec2): Vec2 => [round3(x), round3(y)];

/** Plan outline in local coordinates, counter-clockwise; edge 0 runs from (0, 0) to (W, 0). */
function outline(r: Rand, p: RoomProfile): Vec2[] {
  const W = p.width ? uniform(r, ...p.width) : uniform(r, 2, 12);
  const D = p.depth ? uniform(r, ...p.depth) : uniform(r, 2, 14);
  const shape: Shape = p.shapes
    ? p.shapes[Math.floor(r() * p.shapes.length)]!
    : pick(r, [
        [0.5, 'rect'],
        [0.15, 'L'],
        [0.1, 'T'],
        [0.1, 'U'],
        [0.15, 'cut'],
      ] as const);
  switch (shape) {
    case 'L': {
      const a = uniform(r, 0.35, 0.7) * D,
        b = uniform(r, 0.35, 0.7) * W;
      return [
        [0, 0],
        [W, 0],
        [W, a],
        [b, a],
        [b, D],
        [0, D],
      ];
    }
    case 'T': {
      const a = uniform(r, 0.35, 0.6) * D,
        c = uniform(r, 0.2, 0.35) * W;
      return [
        [0, 0],
        [W, 0],
        [W, a],
        [W - c, a],
        [W - c, D],
        [c, D],
        [c, a],
        [0, a],
      ];
    }
    case 'U': {
      const c = uniform(r, 0.25, 0.4) * W,
        e = uniform(r, 0.3, 0.6) * D;
      return [
        [0, 0],
        [W, 0],
        [W, D],
        [W - c, D],
        [W - c, D - e],
        [c, D - e],
        [c, D],
        [0, D],
      ];
    }
    case 'cut': {
      const a = uniform(r, 0.2, 0.6) * W,
        b = uniform(r, 0.2, 0.6) * D;
      return [
        [0, 0],
        [W, 0],
        [W, D - b],
        [W - a, D],
        [0, D],
      ];
    }
    default:
      return [
        [0, 0],
        [W, 0],
        [W, D],
        [0, D],
      ];
  }
}

interface PlacedWindow {
  edge: number;
  s0: number;
  s1: number;
  /** Inner-face corner points and outward normal. */
  a: Vec2;
  b: Vec2;
  n: Vec2;
  bottom: number;
  top: number;
}

/**
 * A focused stream (`npm run data -- --focus balcony`) samples one corner of the ranges more densely:
 * `balcony` puts a deep slab (1–2.5 m) close above every window, where the model's error in a window's
 * mean was largest (zenith angles above 40°, docs/model.md); `full-height` draws mostly floor-to-ceiling
 * windows on a street or among near blocks. Without a focus the stream is unchanged. The stress suite's
 * classes (stressSuite.ts) are focuses too.
 */
export type Focus = 'balcony' | 'full-height' | 'broad' | StressClass;

const FOCUS_PROFILES: Record<Exclude<Focus, 'broad'>, RoomProfile> = {
  balcony: { context: [[1, 'balcony']], deepSlabs: true },
  // Floor-to-ceiling windows on a street or among near blocks, where the stress suite's rooms with them
  // miss most often (docs/model.md, session 14).
  'full-height': {
    windowEdges: 'first',
    windows: [1, 3],
    fullHeight: 0.8,
    context: [
      [1, 'street'],
      [1, 'dense-near'],
    ],
  },
  ...STRESS_PROFILES,
};

export const isFocus = (name: string): name is Focus =>
  name === 'broad' || Object.hasOwn(FOCUS_PROFILES, name);

export function sampleRoom(seed: number, focus?: Focus): SampledRoom {
  if (focus === 'broad') {
    // One stress class per room, drawn from the seed apart from the room's own draws.
    const classes = Object.keys(STRESS_PROFILES) as StressClass[];
    const cls = classes[Math.floor(rng(seed ^ 0x5bd1e995)() * classes.length)]!;
    return sampleProfiledRoom(seed, STRESS_PROFILES[cls]);
  }
  return sampleProfiledRoom(seed, focus ? FOCUS_PROFILES[focus] : {});
}

/** A strip window's sill and head above the floor (m) in a profile's band (RoomProfile.band). */
function stripHeights(r: Rand, band: 'low' | 'high', H: number): [number, number] {
  if (band === 'low') {
    const sill = uniform(r, 0, 0.4);
    return [sill, sill + uniform(r, 0.4, 0.7)];
  }
  const head = Math.min(H, uniform(r, 2.2, 2.8));
  return [head - uniform(r, 0.4, 0.7), head];
}

/** A room drawn from a profile of one's own (a stress class's with a band, say), not a named focus. */
export function sampleProfiledRoom(seed: number, prof: RoomProfile): SampledRoom {
  const r = rng(seed);
  // Rotate and move the outline: any orientation, anywhere.
  const theta = r() < 0.3 ? Math.floor(r() * 4) * (Math.PI / 2) : r() * 2 * Math.PI;
  const ox = uniform(r, -50, 50),
    oy = uniform(r, -50, 50);
  const c = Math.cos(theta),
    s = Math.sin(theta);
  let poly: Vec2[] = outline(r, prof).map(([x, y]) => [
    round3(ox + c * x - s * y),
    round3(oy + s * x + c * y),
  ]);
  if (signedArea(poly) < 0) poly = poly.reverse();
  const n = poly.length;

  const H = pick(r, [
    [0.6, () => uniform(r, 2.3, 3.5)],
    [0.28, () => uniform(r, 3.5, 7)],
    [0.12, () => uniform(r, 7, 30)],
  ] as const)();
  const floor = prof.floor ? uniform(r, ...prof.floor) : r() < 0.3 ? uniform(r, 0, 1) : uniform(r, 0, 10);
  const thick = prof.thickness ? uniform(r, ...prof.thickness) : r() < 0.15 ? 0 : uniform(r, 0.05, 0.5);

  const windowCount = prof.windows
    ? prof.windows[0] + Math.floor(r() * (prof.windows[1] - prof.windows[0] + 1))
    : pick(r, [
        [0.35, 1],
        [0.35, 2],
        [0.3, 3],
      ] as const);
  const placed: PlacedWindow[] = [];
  for (let attempt = 0; placed.length < windowCount && attempt < 40; attempt++) {
    const e = prof.windowEdges === 'first' ? 0 : Math.floor(r() * n);
    const a = poly[e]!,
      b = poly[(e + 1) % n]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len < 0.8) continue;
    const ux = (b[0] - a[0]) / len,
      uy = (b[1] - a[1]) / len;
    // Counter-clockwise outline: the outside is to the right of each edge.
    const nrm: Vec2 = [uy, -ux];
    if (prof.windowEdges === 'distinct' && placed.some((p) => p.n[0] * nrm[0] + p.n[1] * nrm[1] > 0.999))
      continue;
    const maxW = Math.min(len - 0.1, 8);
    const w = pick(r, [
      [0.75, () => uniform(r, 0.5, Math.min(3, maxW))],
      [0.25, () => uniform(r, 0.4, maxW)],
    ] as const)();
    if (w < 0.4) continue;
    const s0 = uniform(r, 0.05, len - 0.05 - w);
    const s1 = s0 + w;
    if (placed.some((p) => p.edge === e && s0 < p.s1 + 0.2 && p.s0 < s1 + 0.2)) continue;
    // A band draws its own heights; without one the draws are the default's, in the same order.
    const strip = prof.band ? stripHeights(r, prof.band, H) : null;
    const full = !strip && r() < (prof.fullHeight ?? 0.15);
    const sill = strip ? strip[0] : full ? 0 : uniform(r, 0, Math.min(1.6, H - 0.6));
    const head = strip ? strip[1] : full ? H : Math.min(H, sill + uniform(r, 0.5, Math.min(3.5, H - sill)));
    if (head - sill < 0.3) continue;
    placed.push({
      edge: e,
      s0,
      s1,
      a: [a[0] + ux * s0, a[1] + uy * s0],
      b: [a[0] + ux * s1, a[1] + uy * s1],
      n: nrm,
      bottom: floor + sill,
      top: floor + head,
    });
  }
  if (placed.length === 0) return sampleProfiledRoom((seed * 2654435761 + 1) >>> 0, prof);

  const windows: Record<string, Record<string, unknown>> = {};
  placed.forEach((p, i) => {
    const frame = pick(r, [
      [0.7, () => uniform(r, 0.05, 0.35)],
      [0.2, () => uniform(r, 0, 0.05)],
      [0.1, () => uniform(r, 0.35, 0.9)],
    ] as const)();
    windows[`w${i + 1}`] = {
      x1: round3(p.a[0]),
      y1: round3(p.a[1]),
      z1: round3(p.bottom),
      x2: round3(p.b[0] + p.n[0] * thick),
      y2: round3(p.b[1] + p.n[1] * thick),
      z2: round3(p.top),
      window_frame_ratio: round3(frame),
    };
  });

  const custom = prof.reflectances === 'extremes' || r() < 0.65;
  const parameters: SampledRoom['body']['parameters'] = {
    height_roof_over_floor: round3(H),
    floor_height_above_terrain: round3(floor),
    room_polygon: poly,
    windows,
  };
  if (custom) {
    for (const field of REFLECTANCE_FIELDS) {
      const { min, max } = RANGES[field];
      parameters[field] = round3(
        prof.reflectances === 'extremes' ? rangeEnd(r, min, max) : uniform(r, min, max),
      );
    }
  }

  const picked = pick(r, [
    [0.14, 'open'],
    [0.14, 'angles'],
    [0.4, 'city'],
    [0.16, 'canyon'],
    [0.16, 'balcony'],
  ] as const);
  const context: ContextKind = prof.context
    ? prof.context.length === 1
      ? prof.context[0]![1]
      : pick(r, prof.context)
    : picked;
  const mesh: number[][] = [];
  let angles: SampledRoom['angles'] = null;
  const top = floor + H;
  const centre: Vec2 = [
    poly.reduce((acc, p) => acc + p[0], 0) / n,
    poly.reduce((acc, p) => acc + p[1], 0) / n,
  ];
  const radius = Math.max(...poly.map((p) => Math.hypot(p[0] - centre[0], p[1] - centre[1]))) + thick;
  if (context === 'angles') angles = profile(r);
  if (context === 'city' || context === 'balcony' || (context === 'canyon' && r() < 0.5)) {
    const count = context === 'city' ? Math.floor(uniform(r, 2, 40)) : Math.floor(uniform(r, 0, 12));
    const near = uniform(r, 2, 20);
    for (let k = 0; k < count; k++) {
      const w = uniform(r, 4, 30),
        d = uniform(r, 4, 30),
        h = r() < 0.2 ? uniform(r, 20, 80) : uniform(r, 3, 25);
      const half = Math.hypot(w, d) / 2;
      const dist = radius + near + half + uniform(r, 0, 60);
      const az = r() * 2 * Math.PI;
      box(mesh, centre[0] + dist * Math.cos(az), centre[1] + dist * Math.sin(az), w, d, h, r() * Math.PI);
    }
  }
  if (context === 'canyon') {
    // A long block across the street from one of the windows.
    const p = placed[Math.floor(r() * placed.length)]!;
    const dist = thick + uniform(r, 3, 25);
    const mid: Vec2 = [(p.a[0] + p.b[0]) / 2, (p.a[1] + p.b[1]) / 2];
    const h = uniform(r, top - 3, top + 30);
    const len = uniform(r, 20, 120),
      depth = uniform(r, 6, 20);
    const cx = mid[0] + p.n[0] * (dist + depth / 2),
      cy = mid[1] + p.n[1] * (dist + depth / 2);
    box(mesh, cx, cy, depth, len, Math.max(h, 2), Math.atan2(p.n[1], p.n[0]));
  }
  if (context === 'balcony') {
    // Slabs (balconies, overhangs) above some windows, sometimes with side fins.
    const deep = prof.deepSlabs === true;
    for (const p of placed) {
      if (!deep && r() < 0.25 && placed.length > 1) continue;
      const depth = deep ? uniform(r, 1, 2.5) : uniform(r, 0.4, 2.5);
      const room = Math.max(0, top + 0.3 - p.top);
      const over = p.top - floor >= H - 0.05 ? 0.3 : uniform(r, 0, deep ? Math.min(0.6, room) : room);
      const z = Math.min(p.top + over, top + 0.3);
      const ext = uniform(r, 0, 1.5);
      const ux = p.b[0] - p.a[0],
        uy = p.b[1] - p.a[1];
      const len = Math.hypot(ux, uy);
      const ex = (ux / len) * ext,
        ey = (uy / len) * ext;
      const a: Vec2 = [p.a[0] - ex + p.n[0] * thick, p.a[1] - ey + p.n[1] * thick];
      const b: Vec2 = [p.b[0] + ex + p.n[0] * thick, p.b[1] + ey + p.n[1] * thick];
      slab(mesh, a, b, p.n, depth, z, z + 0.2);
      if (r() < 0.3) {
        // A balcony below the window too, or side fins.
        const z0 = p.bottom - 0.2;
        if (z0 > 0.3) slab(mesh, a, b, p.n, depth, z0 - 0.2, z0);
      }
    }
  }
  if (context === 'street') street(mesh, r, poly, placed[0]!, thick, top);
  if (context === 'slab') {
    // One long building across from one window, nothing else.
    const p = placed[Math.floor(r() * placed.length)]!;
    const frame = facadeFrame(poly, p);
    const gap = uniform(r, 3, 40),
      len = uniform(r, 20, 150),
      depth = uniform(r, 6, 20);
    const mid = (p.s0 + p.s1) / 2;
    frame.box(mesh, mid - len / 2, mid + len / 2, thick + gap, thick + gap + depth, 0, uniform(r, 3, 50));
  }
  if (context === 'dense-near' || context === 'dense-far') {
    const near = context === 'dense-near';
    const count = Math.floor(near ? uniform(r, 15, 41) : uniform(r, 10, 41));
    const gap = near ? uniform(r, 1, 6) : uniform(r, 25, 60);
    for (let k = 0; k < count; k++) {
      const w = uniform(r, 4, 30),
        d = uniform(r, 4, 30),
        h = near ? (r() < 0.25 ? uniform(r, 20, 80) : uniform(r, 3, 30)) : uniform(r, 10, 80);
      const half = Math.hypot(w, d) / 2;
      const dist = radius + gap + half + uniform(r, 0, near ? 20 : 60);
      const az = r() * 2 * Math.PI;
      box(mesh, centre[0] + dist * Math.cos(az), centre[1] + dist * Math.sin(az), w, d, h, r() * Math.PI);
    }
  }

  return {
    body: { model_type: custom ? 'df_custom' : 'df_default', parameters },
    context,
    mesh: mesh.length >= 3 ? mesh : null,
    angles,
  };
}

/** Within 10 % of the span of either end of [min, max]. */
function rangeEnd(r: Rand, min: number, max: number): number {
  const end = 0.1 * (max - min) * r();
  return r() < 0.5 ? min + end : max - end;
}

/**
 * A street in front of the room's windows (all on edge 0): a long block across it (gap 6–25 m, 5–40 m
 * high) and the room's own side built up too — street walls flush with the facade beside the room, upper
 * floors above it, a block behind it (at least one of them). The own side takes sky from the facade
 * across, which then sends less light into the room: the regime lux-df-3 read 11–70 % high (issue 15).
 */
function street(
  mesh: number[][],
  r: Rand,
  poly: readonly Vec2[],
  p: PlacedWindow,
  thick: number,
  top: number,
): void {
  const f = facadeFrame(poly, p);
  const mid = (f.sMin + f.sMax) / 2;
  const len = uniform(r, 60, 160);
  const gap = uniform(r, 6, 25),
    across = uniform(r, 8, 20);
  f.box(mesh, mid - len / 2, mid + len / 2, thick + gap, thick + gap + across, 0, uniform(r, 5, 40));
  const own = uniform(r, 5, 40);
  let beside = r() < 0.75;
  const above = r() < 0.5 && own > top + 1.3;
  const behind = r() < 0.4;
  if (!beside && !above && !behind) beside = true;
  const back = f.tMin - thick;
  if (beside) {
    const clear = uniform(r, 0.05, 0.5);
    const depth = uniform(r, 8, 16);
    f.box(mesh, f.sMax + thick + clear, mid + len / 2, thick - depth, thick, 0, own * uniform(r, 0.8, 1.2));
    f.box(mesh, mid - len / 2, f.sMin - thick - clear, thick - depth, thick, 0, own * uniform(r, 0.8, 1.2));
  }
  if (above) f.box(mesh, f.sMin - thick, f.sMax + thick, back, thick, top + 0.3, own);
  if (behind) {
    const from = back - uniform(r, 0, 10);
    f.box(mesh, f.sMin - 10, f.sMax + 10, from - uniform(r, 8, 20), from, 0, uniform(r, 5, 40));
  }
}

/**
 * Plan coordinates along a window's wall: s along the wall's direction from the wall's start vertex, t
 * outward along its normal (0 = the inner wall face). `s0`/`s1` and `t0` bound the room's outline.
 */
function facadeFrame(poly: readonly Vec2[], p: PlacedWindow) {
  const u: Vec2 = [-p.n[1], p.n[0]];
  const a = poly[p.edge]!;
  const sOf = (q: Vec2): number => (q[0] - a[0]) * u[0] + (q[1] - a[1]) * u[1];
  const tOf = (q: Vec2): number => (q[0] - a[0]) * p.n[0] + (q[1] - a[1]) * p.n[1];
  const at = (s: number, t: number): Vec2 => [a[0] + s * u[0] + t * p.n[0], a[1] + s * u[1] + t * p.n[1]];
  return {
    sMin: Math.min(...poly.map(sOf)),
    sMax: Math.max(...poly.map(sOf)),
    tMin: Math.min(...poly.map(tOf)),
    /** A block over s ∈ [s0, s1], t ∈ [t0, t1], from z0 to z1. */
    box(out: number[][], s0: number, s1: number, t0: number, t1: number, z0: number, z1: number): void {
      let quad = [at(s0, t0), at(s1, t0), at(s1, t1), at(s0, t1)].map(roundPoint);
      if (signedArea(quad) < 0) quad = quad.reverse();
      prism(out, quad, round3(z0), round3(z1));
    },
  };
}
/** A smooth random horizon (0–60°) and, sometimes, zenith (0–50°) profile over the 64 directions. */
function profile(r: Rand): { horizon: number[]; zenith: number[] } {
  const wave = (amp: number, base: number): number[] => {
    const k = 1 + Math.floor(r() * 4);
    const phases = Array.from({ length: k }, () => [r() * 2 * Math.PI, 1 + r() * 4, r()] as const);
    return Array.from({ length: 64 }, (_, i) => {
      let v = base;
      for (const [ph, f, a] of phases) v += amp * a * Math.sin(ph + (f * i * Math.PI) / 63);
      return round3(Math.min(89, Math.max(0, v)));
    });
  };
  const horizon = wave(uniform(r, 0, 25), uniform(r, 0, 45));
  const zenith = r() < 0.35 ? wave(uniform(r, 0, 15), uniform(r, 0, 40)) : new Array<number>(64).fill(0);
  // Sky must stay open somewhere in each sector: horizon + zenith < 90.
  return { horizon, zenith: zenith.map((z, i) => round3(Math.min(z, Math.max(0, 89 - horizon[i]!)))) };
}

/** A box of w × d × h centred at (cx, cy), rotated by `rot` about z, as 12 triangles. */
function box(out: number[][], cx: number, cy: number, w: number, d: number, h: number, rot: number): void {
  const c = Math.cos(rot),
    s = Math.sin(rot);
  const corner = (x: number, y: number): Vec2 => [cx + c * x - s * y, cy + s * x + c * y];
  const base = [corner(-w / 2, -d / 2), corner(w / 2, -d / 2), corner(w / 2, d / 2), corner(-w / 2, d / 2)];
  prism(out, base.map(roundPoint), 0, round3(h));
}

/** A horizontal slab from the facade segment a–b out along n by `depth`, between z0 and z1. */
function slab(out: number[][], a: Vec2, b: Vec2, n: Vec2, depth: number, z0: number, z1: number): void {
  const fa: Vec2 = [a[0] + n[0] * depth, a[1] + n[1] * depth];
  const fb: Vec2 = [b[0] + n[0] * depth, b[1] + n[1] * depth];
  prism(out, [a, b, fb, fa].map(roundPoint), round3(z0), round3(z1));
}
