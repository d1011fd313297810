/**
 * `npm run flux-accuracy`: how near the window flux's exterior-surface terms (windowFlux.ts `surfaceDown`,
 * `up`) come to a fine reference at a few settings (issue 35 §3: accurate to 2–3 % at p90, ≤ 30 ms a
 * window), on 8 street-canyon and 8 dense-near rooms of their own stream (`--seed`, `--rooms`: another
 * draw); prints median and p90 of the
 * relative error over windows, and the time a window.
 */
import { DEFAULT_EXTERIOR_QUALITY } from '../core/engine/exterior';
import {
  FLUX_ACCURATE,
  FLUX_QUALITY,
  FLUX_REFERENCE,
  windowFluxes,
  type FluxQuality,
} from '../core/engine/windowFlux';
import { sampledRequest, sampleRoom } from '../datagen/sampleRoom';
import { roomSeed } from '../datagen/shard';

const SETTINGS: Record<string, FluxQuality> = {
  'lux-frame-3 (K 16, 1 m patches, strata 3/2)': FLUX_QUALITY,
  'K 32, 0.5 m patches, strata 4/3': {
    view: { K: 32, patch: 0.5, maxPatches: 4, revealStrata: 0 },
    exterior: {
      ...DEFAULT_EXTERIOR_QUALITY,
      fineStrata: 4,
      coarseStrata: 3,
      fineCell: 0.25,
      coarseCell: 0.5,
    },
  },
  'K 32, one patch, strata 6/2': {
    view: { K: 32, patch: 10, maxPatches: 1, revealStrata: 0 },
    exterior: { ...DEFAULT_EXTERIOR_QUALITY, fineStrata: 6, coarseStrata: 2, fineCell: 0.3, coarseCell: 0.8 },
  },
  'FLUX_ACCURATE (K 24, one patch, strata 6/3)': FLUX_ACCURATE,
};

// `--seed N --rooms K`: another draw of rooms (seed 4 is the one the settings were chosen on; a fresh seed
// confirms them on rooms nobody looked at), K a class.
const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const SEED = arg('--seed', 4),
  PER_CLASS = arg('--rooms', 8);
console.log(`rooms: seed ${SEED}, ${PER_CLASS} street-canyon and ${PER_CLASS} dense-near`);
const rooms = (['street-canyon', 'dense-near'] as const).flatMap((focus) =>
  Array.from({ length: PER_CLASS }, (_, k) => {
    const req = sampledRequest(sampleRoom(roomSeed({ seed: SEED, stream: 11, index: 0 }, k), focus));
    return { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType };
  }),
);
const reference = rooms.map((r) => windowFluxes(r, 7, FLUX_REFERENCE));
for (const [name, q] of Object.entries(SETTINGS)) {
  const t0 = performance.now();
  const got = rooms.map((r) => windowFluxes(r, 1, q));
  const ms = (performance.now() - t0) / got.flat().length;
  for (const key of ['surfaceDown', 'up'] as const) {
    const e: number[] = [];
    got.forEach((g, i) =>
      g.forEach((f, j) => {
        const r = reference[i]![j]![key];
        if (r > 1e-3) e.push(Math.abs(f[key] / r - 1));
      }),
    );
    e.sort((a, b) => a - b);
    const pct = (v: number): string => `${(100 * v).toFixed(1)} %`;
    console.log(
      `${name}: ${key} median ${pct(e[e.length >> 1]!)}, p90 ${pct(e[Math.floor(0.9 * (e.length - 1))]!)} over ${e.length} windows; ${ms.toFixed(0)} ms a window`,
    );
  }
}
