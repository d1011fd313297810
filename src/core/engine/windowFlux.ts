import { exteriorGeometry } from './body';
import { DEFAULT_EXTERIOR_QUALITY, Exterior, type ExteriorQuality } from './exterior';
import { buildRoomModel, type EngineRoom } from './model';
import { hash32 } from './random';
import { QUALITY, SECOND_ORDER_CELL_MIN } from './simulate';
import { skyLuminance } from './sky';
import { buildWindowView, SKY_ALL, type ViewQuality, type WindowView } from './windowView';

/**
 * What reaches each window from outside, split by where it comes from: the light the room has to
 * share out by interreflection (physics.md's split flux), from the engine's own view of the exterior —
 * the mesh when the request has one, else the obstruction angles' sectors.
 *
 * The model's angles (64 horizon and zenith values) say where the sky is hidden but not what hides it:
 * a deep balcony slab and a low one with the same angles throw different amounts of ground light onto the
 * ceiling. These illuminances on the outer window plane tell them apart (model.md, docs/model.md "lux-frame-3").
 */
export interface WindowFlux {
  /** From the sky above the horizon (fractions of the unobstructed horizontal illuminance E_h). */
  skyDown: number;
  /** The same weighted by the direction's steepness (sin of the altitude): where in the room it lands. */
  skySteep: number;
  /** From exterior surfaces above the horizon (slab soffits, facades across the street). */
  surfaceDown: number;
  /** From below the horizon (terrain, lower facades, a balcony's floor): it goes on to the ceiling. */
  up: number;
}

/**
 * Coarse settings: these are summaries of a whole opening, not per-receiver light (~2.5 ms a window with
 * angles; with a mesh the exterior BVH and its surface light cost more). No reveal table: it is not read.
 * These settings are part of lux-frame-3: the training inputs were made with them (and with reveal tables,
 * whose rays fill the shared exterior cache before a room's next window: < 0.001 difference in the scaled
 * scalars of multi-window rooms, far below the flux's own sampling noise).
 */
const FLUX_VIEW: ViewQuality = { K: 16, patch: 1, maxPatches: 2, revealStrata: 0 };
const FLUX_EXTERIOR: ExteriorQuality = {
  ...DEFAULT_EXTERIOR_QUALITY,
  fineStrata: 3,
  coarseStrata: 2,
  fineCell: 0.4,
  coarseCell: 0.8,
};

/** The view and exterior settings of a flux; lux-frame-3's are FLUX_QUALITY. */
export interface FluxQuality {
  view: ViewQuality;
  exterior: ExteriorQuality;
}

export const FLUX_QUALITY: FluxQuality = { view: FLUX_VIEW, exterior: FLUX_EXTERIOR };

/**
 * Settings for an accurate flux at the same cost class (issue 35 §3, for the next preprocessing version):
 * one patch for the whole opening but 24 × 24 directions, and the exterior's first- and second-order
 * points sampled densely (strata 6 and 3) with coarser cache cells. `npm run flux-accuracy`: surfaceDown and
 * up within 2.9 / 3.0 % of a fine reference at p90 over 24 canyon and dense-city windows, 29 ms a window in
 * Node (lux-frame-3's: 11.2 / 6.2 %, 8 ms). The light of exterior surfaces varies slowly over an opening:
 * directions and strata buy accuracy, patches only time.
 */
/** The fine reference the flux settings are judged against (npm run flux-accuracy): the engine's high exterior. */
export const FLUX_REFERENCE: FluxQuality = {
  view: { K: 64, patch: 0.25, maxPatches: 8, revealStrata: 0 },
  exterior: QUALITY.high.exterior,
};

export const FLUX_ACCURATE: FluxQuality = {
  view: { K: 24, patch: 10, maxPatches: 1, revealStrata: 0 },
  exterior: { ...DEFAULT_EXTERIOR_QUALITY, fineStrata: 6, coarseStrata: 3, fineCell: 0.25, coarseCell: 0.8 },
};

/**
 * FLUX_ACCURATE with the engine's second-order floor (simulate.ts SECOND_ORDER_CELL_MIN, not 1 m): in a
 * notch of the room's own building its `surfaceDown` read 0.0167–0.0238 over four seeds where the fine
 * reference reads 0.0252, and 0.0249–0.0268 at the finer floor (lux-frame-12, docs/model.md).
 */
export const FLUX_ACCURATE_FINE: FluxQuality = {
  ...FLUX_ACCURATE,
  exterior: { ...FLUX_ACCURATE.exterior, coarseCellMin: SECOND_ORDER_CELL_MIN },
};

export function windowFluxes(room: EngineRoom, seed = 1, q: FluxQuality = FLUX_QUALITY): WindowFlux[] {
  const model = buildRoomModel(room);
  const ext = new Exterior(
    exteriorGeometry(model),
    model.reflectance.terrain,
    hash32(seed, 0xf1),
    q.exterior,
  );
  return model.windows.map((w) =>
    summarise(buildWindowView(model, w, ext, hash32(seed, 0xf2, w.index), q.view)),
  );
}

const SUB = 4;

const shares = new Map<number, Float64Array>();

/** Share of each direction cell (i, j) of a K × K grid over [−1, 1]² inside the unit disc (4 × 4 samples). */
function discShares(K: number): Float64Array {
  const known = shares.get(K);
  if (known) return known;
  const out = new Float64Array(K * K);
  for (let j = 0; j < K; j++)
    for (let i = 0; i < K; i++) {
      let n = 0;
      for (let b = 0; b < SUB; b++)
        for (let a = 0; a < SUB; a++) {
          const x = -1 + (2 * (i + (a + 0.5) / SUB)) / K,
            y = -1 + (2 * (j + (b + 0.5) / SUB)) / K;
          if (x * x + y * y < 1) n++;
        }
      out[j * K + i] = n / (SUB * SUB);
    }
  shares.set(K, out);
  return out;
}

/**
 * Illuminance on the outer opening: each direction cell of the view stands for the same projected solid
 * angle (2/K)² (windowView.ts), so E = Σ L · (2/K)² · share in the disc, averaged over the opening patches.
 */
function summarise(v: WindowView): WindowFlux {
  const K = v.K;
  const share = discShares(K);
  const dA = (2 / K) ** 2;
  const bins = K * K;
  const patches = v.ms * v.mz;
  const f: WindowFlux = { skyDown: 0, skySteep: 0, surfaceDown: 0, up: 0 };
  for (let p = 0; p < patches; p++) {
    for (let j = 0; j < K; j++) {
      const z = -1 + (2 * j + 1) / K;
      for (let i = 0; i < K; i++) {
        const a = share[j * K + i]! * dA;
        if (a === 0) continue;
        const idx = p * bins + j * K + i;
        const m = v.sky[idx]!;
        const skyShare = m === SKY_ALL ? 1 : popcount16(m) / 16;
        const surface = (1 - skyShare) * (v.lum[2 * idx]! + v.lum[2 * idx + 1]!) * a;
        if (z > 0) {
          // A model input (lux-frame-3), defined under the CIE overcast sky the model was trained on.
          const e = skyShare * skyLuminance(z) * a;
          f.skyDown += e;
          f.skySteep += e * z;
          f.surfaceDown += surface;
        } else f.up += surface;
      }
    }
  }
  f.skyDown /= patches;
  f.skySteep /= patches;
  f.surfaceDown /= patches;
  f.up /= patches;
  return f;
}

function popcount16(m: number): number {
  let n = 0;
  for (let x = m; x; x &= x - 1) n++;
  return n;
}
