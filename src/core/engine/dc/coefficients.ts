import {
  sampleStrata,
  type SampleVisit,
  newSampleRef,
  sampleWindow,
  SEES_REVEAL,
  SEES_SKY,
  SEES_TRACED,
  SEES_VIEW,
  type ReceiverContext,
  type RectSampler,
} from '../aperture';
import { Coupling } from '../coupling';
import { ExteriorBasis } from '../exteriorBasis';
import type { EngineRoom, RoomModel } from '../model';
import { hash32, rng } from '../random';
import {
  cellReceivers,
  now,
  patchReceivers,
  receiverSetup,
  setUpRoom,
  stageClock,
  resolveQuality,
  selectAbove,
  skylightSampling,
  type EngineQuality,
  type Receivers,
  type SimulationOptions,
} from '../simulate';
import type { SkyBasis } from '../skyBasis';
import type { PlanVisibility } from '../visibility';
import { windowViewSteps, type WindowView } from '../windowView';
import { RESOLUTION, strideCells } from '../workplane';
import { solveRadiosityBasis } from './radiosityBasis';
import { skylightReceiver, sunThroughSkylight } from './skylightBasis';
import { sunThroughWindow, type SunLight } from './sunlight';
import { addOutside, buildViewBasis, type ViewBasis } from './viewBasis';

/**
 * Daylight coefficients of a room (issue 32, docs/climate.md): for every work-plane cell of the daylight
 * factor's grid and every channel of a sky basis (the Reinhart patches), the illuminance that channel gives
 * at unit luminance, through each window, with the surroundings and every interreflection. Under any sky
 * the cell's illuminance is Σ_k DC[cell, k] · L_k, so a year of hourly skies costs a matrix product, not a
 * simulation per hour.
 *
 * The computation is the engine's own (simulate.ts), with vectors where it has numbers: the same window
 * views (which cells see sky, where the skyline and close obstructions are), the same glass samples and
 * form factors; the exterior's light per channel (ExteriorBasis); the interreflection solved for all
 * channels at once (radiosityBasis.ts). `direct` is the part that reaches a cell straight from the sky
 * through the glass, which the 5-phase method swaps for the exact sun.
 */
export interface WindowCoefficients {
  id: string;
  /** Cells × channels (cell-major): all light through this window. */
  total: Float32Array;
  /** Cells × channels: only the sky seen straight through the glass. */
  direct: Float32Array;
  /** The direct sun through this window for each of the options' `sun` directions (none asked: empty). */
  sun: SunLight;
}

export interface DaylightCoefficients {
  /** Channels (the basis's count). */
  P: number;
  /** The work-plane grid of the daylight factor: rows × cols, its mask, and the cells inside the room. */
  rows: number;
  cols: number;
  mask: Uint8Array;
  /** Grid index of each cell the coefficients hold, in their order (with a cellStride, a subset). */
  cells: Int32Array;
  origin: { x: number; y: number };
  resolution: number;
  windows: WindowCoefficients[];
  stats: { milliseconds: number; stageMs: Record<string, number>; patches: number };
}

export type CoefficientOptions = Pick<SimulationOptions, 'seed' | 'quality' | 'signal' | 'onProgress'> & {
  /** Sun directions (unit, world frame, three numbers each) for which to trace the direct sun. */
  sun?: Float64Array;
  /**
   * Every n-th cell along rows and columns only (the centre of each n × n block): a first estimate at
   * about 1/n² of the cells' cost. Default 1: every cell.
   */
  cellStride?: number;
};

export function daylightCoefficients(
  room: EngineRoom,
  basis: SkyBasis,
  opts: CoefficientOptions = {},
): DaylightCoefficients {
  const steps = daylightCoefficientSteps(room, basis, opts);
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    if (opts.signal?.aborted) {
      const e = new Error('The simulation was cancelled');
      e.name = 'AbortError';
      throw e;
    }
    opts.onProgress?.(s.value);
  }
}

/** The same, giving the event loop a turn between chunks, so that a cancel message can land (a worker). */
export async function daylightCoefficientsAsync(
  room: EngineRoom,
  basis: SkyBasis,
  opts: CoefficientOptions = {},
): Promise<DaylightCoefficients> {
  const steps = daylightCoefficientSteps(room, basis, opts);
  const g = globalThis as { setTimeout?: (f: () => void, ms: number) => unknown };
  for (;;) {
    const s = steps.next();
    if (s.done) return s.value;
    await new Promise<void>((resolve) => (g.setTimeout ? g.setTimeout(resolve, 0) : resolve()));
    if (opts.signal?.aborted) {
      const e = new Error('The simulation was cancelled');
      e.name = 'AbortError';
      throw e;
    }
    opts.onProgress?.(s.value);
  }
}

const CHUNK = 256;

export function* daylightCoefficientSteps(
  room: EngineRoom,
  basis: SkyBasis,
  opts: CoefficientOptions,
): Generator<number, DaylightCoefficients> {
  const t0 = now();
  const seed = (opts.seed ?? 1) >>> 0;
  const q = resolveQuality(opts.quality);
  const P = basis.count;
  // The scalar exterior answers the geometry (rays, the view tables' sky masks); its sky is irrelevant.
  const { model, grid, ext, plan, patches } = setUpRoom(room, q, seed);
  const xb = new ExteriorBasis(ext, basis);
  const nW = model.windows.length;
  const { stageMs, stage } = stageClock();

  const views: ViewBasis[] = [];
  for (const w of model.windows) {
    const viewSeed = hash32(seed, 0x71e4, w.index);
    const steps = windowViewSteps(model, w, ext, viewSeed, q.view);
    let view: WindowView;
    for (;;) {
      const s = steps.next();
      if (s.done) {
        view = s.value;
        break;
      }
      yield (0.2 * (views.length + s.value)) / Math.max(1, nW);
    }
    stage('views');
    views.push(buildViewBasis(model, view, xb, viewSeed, q.view.revealStrata));
    stage('viewBasis');
    yield (0.3 * views.length) / Math.max(1, nW);
  }

  const pr = patchReceivers(patches);
  const stride = Math.max(1, Math.floor(opts.cellStride ?? 1));
  const cellGrid = { ...grid, cells: strideCells(grid.cells, grid.cols, stride) };
  const cr = cellReceivers(cellGrid, model.workPlane, []);
  const N = patches.count;
  const nc = cr.count;
  // Per opening (the windows, then the skylights): patches' light (Wp), cells' (Wc) and its direct part (Wd).
  const nO = nW + model.skylights.length;
  const Wp = Array.from({ length: nO }, () => new Float64Array(N * P));
  const Wc = Array.from({ length: nO }, () => new Float64Array(nc * P));
  const Wd = Array.from({ length: nO }, () => new Float64Array(nc * P));
  const total = new Float64Array(P),
    direct = new Float64Array(P);
  const all = (pr.count + nc) * Math.max(1, nO);
  /** Receiver i's light through opening v, into Wp (weighted into its patch) or Wc and Wd. */
  const keep = (v: number, tag: number, i: number): void => {
    if (tag === 1) {
      const o = pr.patch[i]! * P;
      const wgt = patches.subW[i]!;
      const out = Wp[v]!;
      for (let c = 0; c < P; c++) out[o + c] = out[o + c]! + wgt * total[c]!;
    } else {
      Wc[v]!.set(total, i * P);
      Wd[v]!.set(direct, i * P);
    }
  };
  let done = 0;
  for (let v = 0; v < nW; v++) {
    const sampler = vectorSampler(views[v]!, total, direct);
    for (const [rec, tag] of [
      [pr, 1],
      [cr, 2],
    ] as const) {
      for (let start = 0; start < rec.count; start += CHUNK) {
        const end = Math.min(rec.count, start + CHUNK);
        for (let i = start; i < end; i++) {
          lightReceiver(
            model,
            views[v]!.view,
            rec,
            i,
            q,
            plan,
            hash32(seed, tag, v),
            tag === 1 ? 0.5 : 1,
            sampler,
            total,
            direct,
          );
          keep(v, tag, i);
        }
        done += end - start;
        stage(tag === 1 ? 'windowLightPatches' : 'windowLightCells');
        yield 0.3 + (0.3 * done) / all;
      }
    }
  }

  for (const [k, sky] of model.skylights.entries()) {
    const v = nW + k;
    for (const [rec, tag] of [
      [pr, 1],
      [cr, 2],
    ] as const) {
      const sampling = skylightSampling(q, tag === 1 ? 0.5 : 1);
      for (let start = 0; start < rec.count; start += CHUNK) {
        const end = Math.min(rec.count, start + CHUNK);
        for (let i = start; i < end; i++) {
          skylightReceiver(
            sky,
            xb,
            plan,
            rec,
            i,
            sampling,
            rng(hash32(hash32(seed, tag, v), i)),
            total,
            direct,
          );
          keep(v, tag, i);
        }
        done += end - start;
        stage(tag === 1 ? 'windowLightPatches' : 'windowLightCells');
        yield 0.3 + (0.3 * done) / all;
      }
    }
  }

  const F = new Float32Array(N * N);
  const coupling = new Coupling(patches, model, plan);
  for (let start = 0; start < N; start += CHUNK / 4) {
    const end = Math.min(N, start + CHUNK / 4);
    coupling.fillRows(F, start, end);
    stage('formFactors');
    yield 0.6 + (0.1 * end) / N;
  }
  const B = solveRadiosityBasis(patches, F, Wp, P);
  stage('solve');
  yield 0.8;

  // Gather: each cell sees the patches' exitance, every channel at once.
  const above = selectAbove(patches, model.workPlane);
  const f = new Float64Array(above.length);
  for (let start = 0; start < nc; start += CHUNK) {
    const end = Math.min(nc, start + CHUNK);
    for (let r = start; r < end; r++) {
      coupling.gatherFactors(cr.x[r]!, cr.y[r]!, model.workPlane, above, f);
      for (let v = 0; v < nO; v++) {
        const out = Wc[v]!,
          Bv = B[v]!;
        const o = r * P;
        for (let a = 0; a < above.length; a++) {
          const fa = f[a]!;
          if (fa <= 0) continue;
          const b = above[a]! * P;
          for (let c = 0; c < P; c++) out[o + c] = out[o + c]! + fa * Bv[b + c]!;
        }
      }
    }
    stage('gather');
    yield 0.8 + (0.2 * end) / nc;
  }

  const sunDirs = opts.sun ?? new Float64Array(0);
  const sun = [
    ...views.map((vb) => sunThroughWindow(vb.view, ext, plan, cr, sunDirs)),
    ...model.skylights.map((sky) => sunThroughSkylight(sky, ext, plan, cr, sunDirs)),
  ];
  stage('sun');

  return {
    P,
    rows: grid.rows,
    cols: grid.cols,
    mask: grid.mask,
    cells: Int32Array.from(cellGrid.cells),
    origin: { x: grid.originX, y: grid.originY },
    resolution: RESOLUTION,
    windows: [...model.windows, ...model.skylights].map((w, v) => ({
      id: w.id,
      total: Float32Array.from(Wc[v]!),
      direct: Float32Array.from(Wd[v]!),
      sun: sun[v]!,
    })),
    stats: { milliseconds: now() - t0, stageMs, patches: N },
  };
}

const ref = newSampleRef();

/** The glass sampler of the daylight coefficients: what each sample sees, per channel (aperture.ts). */
function vectorSampler(vb: ViewBasis, total: Float64Array, direct: Float64Array): RectSampler {
  const P = vb.P;
  const channelOf = vb.xb.basis.channelOf;
  const visit: SampleVisit = (_, kind, r) => {
    const g = r.g;
    if (kind === SEES_SKY) {
      const k = channelOf(r.dx, r.dy, r.dz);
      total[k] = total[k]! + g;
      direct[k] = direct[k]! + g;
    } else if (kind === SEES_VIEW) {
      const o = vb.at[r.idx]!;
      if (o < 0) return;
      for (let k = 0; k < P; k++) total[k] = total[k]! + g * vb.vec[o + k]!;
    } else if (kind === SEES_TRACED) {
      if (!addOutside(vb, r.wx, r.wy, r.wz, r.dx, r.dy, r.dz, g, total)) {
        const k = channelOf(r.dx, r.dy, r.dz);
        direct[k] = direct[k]! + g;
      }
    } else if (kind === SEES_REVEAL) {
      const tab = vb.reveal![r.face]!;
      const o = r.idx * P;
      for (let k = 0; k < P; k++) total[k] = total[k]! + g * tab[o + k]!;
    }
  };
  return (L, s0, s1, z0, z1, na, nb, rand) =>
    sampleStrata(L, s0, s1, z0, z1, na, nb, rand, ref, visit, false);
}

/** One receiver's light through one window per channel, as simulate.ts's lightReceivers samples it. */
function lightReceiver(
  model: RoomModel,
  view: WindowView,
  rec: Receivers,
  i: number,
  q: EngineQuality,
  plan: PlanVisibility | null,
  seed: number,
  density: number,
  sampler: RectSampler,
  total: Float64Array,
  direct: Float64Array,
): void {
  total.fill(0);
  direct.fill(0);
  // A receiver in a skylight's well: the window's direct light there is neglected (simulate.ts).
  if (rec.tunnel[i]! >= model.windows.length) return;
  const ctx: ReceiverContext = { ownTunnel: false, otherTunnel: null, plan };
  receiverSetup(model, view.w, rec, i, q, density, ctx, counts);
  sampleWindow(
    view,
    rec.x[i]!,
    rec.y[i]!,
    rec.z[i]!,
    rec.nx[i]!,
    rec.ny[i]!,
    rec.nz[i]!,
    counts[0]!,
    counts[1]!,
    rng(hash32(seed, i)),
    ctx,
    sampler,
  );
}

const counts = new Int32Array(2);
