import type { Grid } from '../stats/grid';
import { windowLight, type ReceiverContext } from './aperture';
import { exteriorGeometry } from './body';
import { DEFAULT_EXTERIOR_QUALITY, Exterior, type ExteriorQuality } from './exterior';
import { Coupling } from './coupling';
import { buildRoomModel, type EngineRoom, type RoomModel, type WindowModel } from './model';
import { buildPatches, type NearWindowPatches, type Patches } from './patches';
import { solveRadiosities } from './radiosity';
import { hash32, rng } from './random';
import type { Receivers } from './receivers';
import { skylightLight, type SkylightSampling } from './skylightLight';
import { planVisibility, type PlanVisibility } from './visibility';
import { DEFAULT_VIEW_QUALITY, windowViewSteps, type ViewQuality, type WindowView } from './windowView';
import { cellCentre, RESOLUTION, underCeiling, workPlaneGrid, type WorkPlaneGrid } from './workplane';
import { CIE_OVERCAST, type Sky } from './sky';

/** Minimal structural AbortSignal (the core is compiled without DOM types). */
export interface CancelSignal {
  readonly aborted: boolean;
}

export interface EngineQuality {
  exterior: ExteriorQuality;
  view: ViewQuality;
  /** Target patch size of the room mesh (m), grown in large rooms so that there are at most maxPatches. */
  patchSize: number;
  maxPatches: number;
  /** Finer patches beside each window (patches.ts): the model's coarse room terms only. */
  nearWindow?: NearWindowPatches;
  /** Glass samples per axis ≈ density × glass size / distance, clamped to [min, max]. */
  apertureDensity: number;
  apertureMin: number;
  apertureMax: number;
}

/**
 * The floor of the second-order exterior cache cells (m; a cell is `coarseCell` × the distance it is seen
 * from, at least this). It was 1 m (DEFAULT_EXTERIOR_QUALITY's, which the model's flux inputs keep): in a
 * notch 1.3 m wide of the room's own building, whose walls' light is most of what its window lets in, one
 * 1 m cell took its 3 × 3 rays' sky from one point for a whole band of a wall whose sky changes with
 * height, and the room mean moved by up to 24 % with the seed at standard. At 0.25 m (twice the
 * first-order floor) six seeds agree within ~6 %, at +1 % (draft) and +3 % (standard) of the Radiance
 * scenes' time (`npm run enclosed-noise`, docs/engine.md "Second-order cells").
 */
export const SECOND_ORDER_CELL_MIN = 0.25;

export const QUALITY: Record<'draft' | 'standard' | 'high', EngineQuality> = {
  draft: {
    exterior: {
      ...DEFAULT_EXTERIOR_QUALITY,
      fineStrata: 4,
      fineCell: 0.25,
      coarseCellMin: SECOND_ORDER_CELL_MIN,
    },
    view: { ...DEFAULT_VIEW_QUALITY, K: 32, maxPatches: 2 },
    patchSize: 0.45,
    maxPatches: 600,
    apertureDensity: 6,
    apertureMin: 5,
    apertureMax: 16,
  },
  standard: {
    exterior: { ...DEFAULT_EXTERIOR_QUALITY, coarseCellMin: SECOND_ORDER_CELL_MIN },
    view: DEFAULT_VIEW_QUALITY,
    patchSize: 0.3,
    maxPatches: 1200,
    apertureDensity: 12,
    apertureMin: 8,
    apertureMax: 32,
  },
  high: {
    exterior: {
      ...DEFAULT_EXTERIOR_QUALITY,
      fineStrata: 10,
      coarseStrata: 6,
      fineCell: 0.05,
      coarseCell: 0.1,
      coarseCellMin: SECOND_ORDER_CELL_MIN,
    },
    view: { ...DEFAULT_VIEW_QUALITY, K: 96, maxPatches: 8, patch: 0.25, revealStrata: 12 },
    patchSize: 0.2,
    maxPatches: 4000,
    apertureDensity: 20,
    apertureMin: 12,
    apertureMax: 48,
  },
};

/**
 * The qualities as they were before SECOND_ORDER_CELL_MIN (second-order cells of 1 m at the least): what
 * the committed labels, the stress truths and the model's room terms were made with, which keep it so that
 * a seed gives what it gave (labels/quality.ts, roomTerms.ts).
 */
export const QUALITY_1M: Record<'draft' | 'standard', EngineQuality> = {
  draft: withSecondOrderFloor(QUALITY.draft, 1),
  standard: withSecondOrderFloor(QUALITY.standard, 1),
};

/** `q` with its second-order cells at least `floor` m. */
export function withSecondOrderFloor(q: EngineQuality, floor: number): EngineQuality {
  return { ...q, exterior: { ...q.exterior, coarseCellMin: floor } };
}

export interface SimulationOptions {
  /** Seed of every random choice; the same seed gives bit-identical results. Default 1. */
  seed?: number;
  /** Called with the finished fraction, 0..1, between chunks of work. */
  onProgress?: (fraction: number) => void;
  /** Checked between chunks; when aborted the run throws an Error named 'AbortError'. */
  signal?: CancelSignal;
  quality?: 'draft' | 'standard' | 'high' | EngineQuality;
  /**
   * Ambient bounces in Radiance's sense (-ab): the work plane sees light reflected at most N − 1 times.
   * Default: converged, every reflection counted (a daylight factor is a physical quantity; a bounce limit
   * is a setting some studies prescribe, for reproducing them).
   */
  ambientBounces?: number;
  /**
   * The sky (sky.ts): default the CIE overcast sky of the daylight factor. The answer is relative to the
   * sky's own unobstructed horizontal illuminance (its `onPlane(0, 0, 1)`), in %.
   */
  sky?: Sky;
  /**
   * Extra work-plane points (world x, y) at which to evaluate the DF besides the grid — for resampling into
   * another frame (the v2 window frame) or for comparing with sensors without interpolation.
   */
  points?: readonly (readonly [number, number])[];
  /** Light only `points`, not the work-plane grid (training labels): the map comes back all zeros. */
  pointsOnly?: boolean;
  /**
   * Also split each window's light at `points` into TERMS (training labels, issue 35): the light is linear
   * in its sources, so each interreflected term is its own radiosity solution (three solves a window, not one).
   */
  terms?: boolean;
  /**
   * With `terms` and `pointsOnly`: what the interreflected terms at the points need (TERMS 2–4, what the
   * model's coarse solve reads: roomTerms.ts), which is not the last opening's light through the glass at
   * them (~0.3–0.5 ms of a one-window room's coarse solve), nor each window's interreflection as a whole
   * (its own solve and gather, ~1 ms more): that opening's first two terms at the points, and every
   * total, come back without them. Every other number is the same to the bit (each receiver draws from its
   * own seed, nothing after that light reads the exterior's cache it fills, and each solution and gathered
   * sum is its own).
   */
  roomTermsOnly?: boolean;
  /**
   * With roomTermsOnly: the points from this index on get the last opening's light through the glass after
   * all, so that every term is whole there (the model reads the room beyond its frames from them:
   * roomTerms.ts `beyond`). Default: none of them.
   */
  directFrom?: number;
}

/**
 * The terms a window's daylight factor at a point splits into, summing to it: the sky seen through the
 * glass; exterior surfaces seen through it (reflected light outside); and light interreflected in the room
 * that came in from the sky, or from exterior surfaces above, or below, the horizon (by the direction of the
 * ray through the glass, a window's or a skylight's).
 */
export const TERMS = ['sky', 'exterior', 'roomFromSky', 'roomFromAbove', 'roomFromBelow'] as const;

export interface WindowResult {
  id: string;
  /** This window's share of the DF grid (the room result is the sum over windows). */
  df: Grid<Float32Array>;
  /** This window's share at `options.points`. */
  points: Float32Array;
  /** With `options.terms`: its share at `options.points` by TERMS (DF %, each over the points). */
  terms?: Float32Array[];
}

export interface SimulationResult {
  /** Daylight factor (%) in the room frame of api.md's /run; 0 outside the room. */
  df: Grid<Float32Array>;
  mask: Grid<Uint8Array>;
  /** World x of the grid's left edge and y of its top edge. */
  origin: { x: number; y: number };
  resolution: number;
  perWindow: WindowResult[];
  /** DF at `options.points` (same order), all windows. */
  points: Float32Array;
  stats: {
    patches: number;
    cells: number;
    exteriorRays: number;
    cacheEntries: [number, number];
    milliseconds: number;
    stageMs: Record<string, number>;
  };
}

export function abortError(): Error {
  const e = new Error('The simulation was cancelled');
  e.name = 'AbortError';
  return e;
}

/** Runs a simulation synchronously (in a worker or in Node). */
export function simulateRoom(room: EngineRoom, opts: SimulationOptions = {}): SimulationResult {
  const steps = simulationSteps(room, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    if (opts.signal?.aborted) throw abortError();
    opts.onProgress?.(s.value);
  }
}

/**
 * Runs a simulation giving the event loop a turn between chunks, so that an AbortSignal fired by a message
 * can stop it. `yieldTurn` defaults to a zero-delay timer.
 */
export async function simulateRoomAsync(
  room: EngineRoom,
  opts: SimulationOptions & { yieldTurn?: () => Promise<void> } = {},
): Promise<SimulationResult> {
  const turn = opts.yieldTurn ?? defaultTurn;
  const steps = simulationSteps(room, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    await turn();
    if (opts.signal?.aborted) throw abortError();
    opts.onProgress?.(s.value);
  }
}

function defaultTurn(): Promise<void> {
  const g = globalThis as { setTimeout?: (f: () => void, ms: number) => unknown };
  return new Promise((resolve) => (g.setTimeout ? g.setTimeout(resolve, 0) : resolve()));
}

const CHUNK = 256;

export type { Receivers };

/** The patches' sample points as receivers (window light is averaged over them). */
export function patchReceivers(p: Patches): Receivers & { patch: Int32Array } {
  const n = p.subX.length;
  const patch = new Int32Array(n);
  const nx = new Float64Array(n),
    ny = new Float64Array(n),
    nz = new Float64Array(n);
  const tunnel = new Int16Array(n);
  for (let i = 0; i < p.count; i++) {
    for (let k = p.subStart[i]!; k < p.subStart[i + 1]!; k++) {
      patch[k] = i;
      nx[k] = p.nx[i]!;
      ny[k] = p.ny[i]!;
      nz[k] = p.nz[i]!;
      tunnel[k] = p.tunnel[i]!;
    }
  }
  return { count: n, x: p.subX, y: p.subY, z: p.subZ, nx, ny, nz, tunnel, patch };
}

/** Work-plane receivers: the grid's cells inside the room, then the extra points. */
export function cellReceivers(
  grid: WorkPlaneGrid,
  z: number,
  extra: readonly (readonly [number, number])[],
): Receivers {
  const nc = grid.cells.length;
  const n = nc + extra.length;
  const x = new Float64Array(n),
    y = new Float64Array(n);
  for (let i = 0; i < nc; i++) {
    const idx = grid.cells[i]!;
    const [cx, cy] = cellCentre(grid.originX, grid.originY, Math.floor(idx / grid.cols), idx % grid.cols);
    x[i] = cx;
    y[i] = cy;
  }
  extra.forEach(([px, py], k) => {
    x[nc + k] = px;
    y[nc + k] = py;
  });
  return {
    count: n,
    x,
    y,
    z: new Float64Array(n).fill(z),
    nx: new Float64Array(n),
    ny: new Float64Array(n),
    nz: new Float64Array(n).fill(1),
    tunnel: new Int16Array(n).fill(-1),
  };
}

/**
 * The patch size: the quality's target, or larger in a big room (the form factors cost the square of the
 * patch count; the light on far walls and ceilings varies slowly there).
 */
export function patchSizeFor(model: RoomModel, q: EngineQuality): number {
  const poly = model.polygon;
  let area = 0,
    perimeter = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!,
      b = poly[(i + 1) % poly.length]!;
    area += a[0] * b[1] - b[0] * a[1];
    perimeter += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  const surface = Math.abs(area) + perimeter * (model.ceiling - model.floor);
  return Math.max(q.patchSize, Math.sqrt(surface / q.maxPatches));
}

/**
 * What every pass over a room starts from — the daylight factor's (simulationSteps) and the daylight
 * coefficients' (dc/coefficients.ts): the room's model, its work-plane grid under the ceiling, the exterior
 * scene, the plan's visibility and the room's patches. `sky` lights the exterior's scalar answers (the
 * coefficients read only its geometry).
 */
export interface RoomSetup {
  model: RoomModel;
  grid: WorkPlaneGrid;
  ext: Exterior;
  plan: PlanVisibility | null;
  patches: Patches;
}

export function setUpRoom(
  room: EngineRoom,
  q: EngineQuality,
  seed: number,
  sky: Sky = CIE_OVERCAST,
): RoomSetup {
  const model = buildRoomModel(room);
  const grid = underCeiling(
    workPlaneGrid(model.polygon),
    model.ceilingPlanes,
    model.ceiling,
    model.workPlane,
  );
  const ext = new Exterior(
    exteriorGeometry(model),
    model.reflectance.terrain,
    hash32(seed, 0xe7),
    q.exterior,
    sky,
  );
  const plan = planVisibility(model);
  const patches = buildPatches(model, patchSizeFor(model, q), q.nearWindow);
  return { model, grid, ext, plan, patches };
}

/** Milliseconds by stage: `stage(name)` charges the time since the last call to `name`. */
export function stageClock(): { stageMs: Record<string, number>; stage: (name: string) => void } {
  const stageMs: Record<string, number> = {};
  let tStage = now();
  return {
    stageMs,
    stage: (name) => {
      const t = now();
      stageMs[name] = (stageMs[name] ?? 0) + t - tStage;
      tStage = t;
    },
  };
}

export function resolveQuality(q: SimulationOptions['quality']): EngineQuality {
  if (q === undefined) return QUALITY.standard;
  return typeof q === 'string' ? QUALITY[q] : q;
}

/**
 * The simulation as a sequence of chunks, yielding the finished fraction after each. Stages:
 * 1. the exterior scene (BVH over context + building body) and each window's view of it;
 * 2. window light on every room patch and work-plane cell (by reflection order);
 * 3. patch-to-patch form factors; 4. the bounce-counted interreflection solution per window;
 * 5. interreflected light gathered on the work plane.
 */
export function* simulationSteps(
  room: EngineRoom,
  opts: SimulationOptions,
): Generator<number, SimulationResult> {
  const t0 = now();
  if (opts.roomTermsOnly && !(opts.terms && opts.pointsOnly))
    throw new Error(
      'roomTermsOnly needs terms and pointsOnly (the map would lack its light through the glass)',
    );
  const seed = (opts.seed ?? 1) >>> 0;
  const q = resolveQuality(opts.quality);
  const bounces = opts.ambientBounces ?? Infinity;
  const maxReflections = Number.isFinite(bounces) ? Math.max(0, Math.floor(bounces) - 1) : Infinity;
  const { model, grid, ext, plan, patches } = setUpRoom(room, q, seed, opts.sky);
  const nW = model.windows.length;
  const { stageMs, stage } = stageClock();
  stage('setup');
  yield 0.02;

  const views: WindowView[] = [];
  for (const w of model.windows) {
    const steps = windowViewSteps(model, w, ext, hash32(seed, 0x71e4, w.index), q.view);
    for (;;) {
      const s = steps.next();
      if (s.done) {
        views.push(s.value);
        break;
      }
      yield 0.02 + (0.3 * (views.length + s.value)) / Math.max(1, nW);
    }
    stage('views');
  }

  // Light through each opening (the windows, then the skylights) by order: patches (Wp) and cells (Wc).
  const pr = patchReceivers(patches);
  const extra = opts.points ?? [];
  const lit = opts.pointsOnly ? { ...grid, cells: new Int32Array(0) } : grid;
  const cr = cellReceivers(lit, model.workPlane, extra);
  const openings = [...model.windows, ...model.skylights];
  const nO = openings.length;
  // Orders 0, 1, 2 — and with terms, the parts of 1 and 2 that came from above the horizon (aperture.ts).
  const orders = opts.terms ? [0, 1, 2, 3, 4] : [0, 1, 2];
  const Wsub = openings.map(() => orders.map(() => new Float64Array(pr.count)));
  const Wc = openings.map(() => orders.map(() => new Float64Array(cr.count)));
  const total = (pr.count + cr.count) * Math.max(1, nO);
  let done = 0;
  for (let v = 0; v < nO; v++) {
    const sky = v >= nW ? model.skylights[v - nW]! : null;
    for (const [rec, out, tag] of [
      [pr, Wsub[v]!, 1],
      [cr, Wc[v]!, 2],
    ] as const) {
      // The last opening's light at the points feeds nothing after it; an earlier one's fills the exterior's
      // cache (its first sample in a cell stands for the cell) that later openings' patches read. Each
      // receiver draws from its own seed, so lighting only some of them changes none of their numbers.
      const first =
        tag === 2 && opts.roomTermsOnly && v === nO - 1
          ? lit.cells.length + (opts.directFrom ?? extra.length)
          : 0;
      const density = tag === 1 ? 0.5 : 1;
      for (let start = first; start < rec.count; start += CHUNK) {
        const end = Math.min(rec.count, start + CHUNK);
        if (sky === null)
          lightReceivers(model, views[v]!, rec, start, end, out, q, plan, hash32(seed, tag, v), density);
        else
          skylightLight(
            sky,
            ext,
            plan,
            rec,
            start,
            end,
            skylightSampling(q, density),
            hash32(seed, tag, v),
            out,
          );
        done += end - start;
        stage(tag === 1 ? 'windowLightPatches' : 'windowLightCells');
        yield 0.32 + (0.33 * done) / total;
      }
    }
  }

  // Patch averages of the window light.
  const Wp = Wsub.map((orders) =>
    orders.map((sub) => {
      const out = new Float64Array(patches.count);
      for (let k = 0; k < sub.length; k++)
        out[pr.patch[k]!] = out[pr.patch[k]!]! + patches.subW[k]! * sub[k]!;
      return out;
    }),
  );
  const N = patches.count;
  const F = new Float32Array(N * N);
  const coupling = new Coupling(patches, model, plan);
  for (let start = 0; start < N; start += CHUNK / 4) {
    const end = Math.min(N, start + CHUNK / 4);
    coupling.fillRows(F, start, end);
    stage('formFactors');
    yield 0.65 + (0.15 * end) / N;
  }
  // Every window's solution, and with terms each of its sources' own: the sky, and exterior light from
  // above and below the horizon (solved together: solveRadiosities shares each pass over F). With
  // roomTermsOnly the windows' own solutions are not solved: only their terms are read.
  const withTotal = !opts.roomTermsOnly;
  const perSource = Wp.map((W) => {
    const own = withTotal ? [W.slice(0, 3)] : [];
    if (!opts.terms) return own;
    const up = [W[3]!, W[4]!];
    const down = [0, 1].map((k) => W[k + 1]!.map((x, i) => x - up[k]![i]!));
    return [...own, [W[0]!], [new Float64Array(N), ...up], [new Float64Array(N), ...down]];
  });
  const solved = solveRadiosities(patches, F, perSource.flat(), maxReflections);
  const k = perSource[0]?.length ?? 0;
  const each = perSource.map((_, v) => solved.slice(k * v, k * v + k));
  const B = withTotal ? each.map((b) => b[0]!) : [];
  const termB = opts.terms ? each.map((b) => (withTotal ? b.slice(1) : b.slice(0, 3))) : null;
  stage('solve');
  yield 0.82;

  // Gather: work-plane cells see the patches' exitance — with terms, each term's solution too, in the same
  // pass (a point's form factors to the patches are computed once for every solution it weighs; the terms'
  // are gathered at the points only, the cells after the grid's).
  const perCell = openings.map(() => new Float64Array(cr.count));
  const termCell = termB ? [0, 1, 2].map(() => openings.map(() => new Float64Array(cr.count))) : null;
  const above = selectAbove(patches, model.workPlane);
  const nLit = lit.cells.length;
  const pointSources = termB ? [...B, ...[0, 1, 2].flatMap((t) => termB.map((b) => b[t]!))] : B;
  // (with roomTermsOnly, B is empty and perCell stays 0: the totals are not read.)
  const pointOuts = termCell ? [...(withTotal ? perCell : []), ...termCell.flat()] : perCell;
  for (let start = 0; start < cr.count; start += CHUNK) {
    const end = Math.min(cr.count, start + CHUNK);
    const firstPoint = Math.min(end, Math.max(start, nLit));
    if (firstPoint > start)
      coupling.gatherUp(cr.x, cr.y, model.workPlane, start, firstPoint, above, B, perCell);
    if (end > firstPoint)
      coupling.gatherUp(cr.x, cr.y, model.workPlane, firstPoint, end, above, pointSources, pointOuts);
    stage('gather');
    yield 0.82 + (0.17 * end) / cr.count;
  }

  const size = grid.rows * grid.cols;
  const nc = lit.cells.length;
  const df = new Float32Array(size);
  const points = new Float32Array(extra.length);
  const perWindow: WindowResult[] = openings.map((w, v) => {
    const data = new Float32Array(size);
    const pts = new Float32Array(extra.length);
    const Wcv = Wc[v]!;
    for (let i = 0; i < cr.count; i++) {
      const e = 100 * (Wcv[0]![i]! + Wcv[1]![i]! + Wcv[2]![i]! + perCell[v]![i]!);
      if (i < nc) data[grid.cells[i]!] = e;
      else pts[i - nc] = e;
    }
    for (let k = 0; k < size; k++) df[k] = df[k]! + data[k]!;
    for (let k = 0; k < pts.length; k++) points[k] = points[k]! + pts[k]!;
    const result: WindowResult = { id: w.id, df: { rows: grid.rows, cols: grid.cols, data }, points: pts };
    if (termCell) {
      const at = (f: (i: number) => number): Float32Array =>
        Float32Array.from({ length: extra.length }, (_, k) => 100 * f(nc + k));
      result.terms = [
        at((i) => Wcv[0]![i]!),
        at((i) => Wcv[1]![i]! + Wcv[2]![i]!),
        at((i) => termCell[0]![v]![i]!),
        at((i) => termCell[1]![v]![i]!),
        at((i) => termCell[2]![v]![i]!),
      ];
    }
    return result;
  });
  return {
    df: { rows: grid.rows, cols: grid.cols, data: df },
    mask: { rows: grid.rows, cols: grid.cols, data: grid.mask },
    origin: { x: grid.originX, y: grid.originY },
    resolution: RESOLUTION,
    perWindow,
    points,
    stats: {
      patches: N,
      cells: nc,
      exteriorRays: ext.rays,
      cacheEntries: ext.cacheSize,
      milliseconds: now() - t0,
      stageMs,
    },
  };
}

function lightReceivers(
  model: RoomModel,
  view: WindowView,
  rec: Receivers,
  start: number,
  end: number,
  out: Float64Array[],
  q: EngineQuality,
  plan: PlanVisibility | null,
  seed: number,
  density: number,
): void {
  // Orders 0–2, and with terms the upward parts of 1 and 2 (windowLight fills what the array holds).
  const e = new Float64Array(out.length);
  const ctx: ReceiverContext = { ownTunnel: false, otherTunnel: null, plan };
  const n = new Int32Array(2);
  const nW = model.windows.length;
  for (let i = start; i < end; i++) {
    // A receiver in a skylight's well sees a window only through the ceiling opening: its direct share is
    // neglected there (the well gets the window's light reflected by the room).
    if (rec.tunnel[i]! >= nW) {
      out[0]![i] = out[1]![i] = out[2]![i] = 0;
      continue;
    }
    receiverSetup(model, view.w, rec, i, q, density, ctx, n);
    windowLight(
      view,
      rec.x[i]!,
      rec.y[i]!,
      rec.z[i]!,
      rec.nx[i]!,
      rec.ny[i]!,
      rec.nz[i]!,
      n[0]!,
      n[1]!,
      rng(hash32(seed, i)),
      ctx,
      e,
    );
    for (let k = 0; k < e.length; k++) out[k]![i] = e[k]!;
  }
}

/**
 * Receiver i's place relative to window w (`ctx`: inside its own opening or another's) and its glass
 * samples per axis (`n`): denser for a receiver close to the glass, as the glass fills more of its view.
 */
export function receiverSetup(
  model: RoomModel,
  w: WindowModel,
  rec: Receivers,
  i: number,
  q: EngineQuality,
  density: number,
  ctx: ReceiverContext,
  n: Int32Array,
): void {
  const b = w.frame;
  const gw = w.s1 - w.s0 - 2 * b;
  const gh = w.z1 - w.z0 - 2 * b;
  const gx = w.ox + ((w.s0 + w.s1) / 2) * w.ux + (model.thickness / 2) * w.nx;
  const gy = w.oy + ((w.s0 + w.s1) / 2) * w.uy + (model.thickness / 2) * w.ny;
  const gz = (w.z0 + w.z1) / 2;
  const t = rec.tunnel[i]!;
  ctx.ownTunnel = t === w.index;
  ctx.otherTunnel = t >= 0 && t !== w.index ? model.windows[t]! : null;
  const dist = Math.max(0.05, Math.hypot(rec.x[i]! - gx, rec.y[i]! - gy, rec.z[i]! - gz));
  const lo = Math.max(2, Math.round(q.apertureMin * density));
  const hi = Math.max(lo, Math.round(q.apertureMax * density));
  n[0] = clampInt((density * q.apertureDensity * gw) / dist, lo, hi);
  n[1] = clampInt((density * q.apertureDensity * gh) / dist, lo, hi);
}

/** A skylight's glass samples, as dense as a window's (skylightLight.ts). */
export function skylightSampling(q: EngineQuality, density: number): SkylightSampling {
  const min = Math.max(2, Math.round(q.apertureMin * density));
  return {
    density: density * q.apertureDensity,
    min,
    max: Math.max(min, Math.round(q.apertureMax * density)),
  };
}

export function clampInt(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Math.ceil(v)));
}

/** Patches an upward-facing work-plane point can see: some vertex above the plane. */
export function selectAbove(p: Patches, z: number): Int32Array {
  const out: number[] = [];
  for (let j = 0; j < p.count; j++) {
    const v = p.verts[j]!;
    for (let k = 2; k < v.length; k += 3) {
      if (v[k]! > z + 1e-9) {
        out.push(j);
        break;
      }
    }
  }
  return Int32Array.from(out);
}

export function now(): number {
  const g = globalThis as { performance?: { now(): number } };
  return g.performance ? g.performance.now() : Date.now();
}
