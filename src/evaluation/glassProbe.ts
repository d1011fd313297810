/**
 * `npx tsx src/evaluation/glassProbe.ts [--rooms 12] [--quality standard]`
 *
 * How far the model's treatment of glass transmittance (each window's map scaled by its pane's diffuse
 * transmittance over the reference pane's, predict.ts glassScale; the plain τ / 0.70 beside it) is from
 * the engine, which models the pane exactly (glazing.ts: Fresnel at n = 1.52, absorption by τ): sampled
 * rooms of the training generator on seeds of their own, simulated at τ = 0.70 and at each τ of 0.40–0.90
 * with the same seed. Prints, per τ, the engine's room-mean ratio against the scale and the cell MAE of the
 * scaled 0.70 map against the engine's map at τ (DF points): the error the scaling adds to the model's
 * own. docs/model.md §Glass transmittance holds the result.
 */
import { parseArgs } from 'node:util';
import { simulateRoom } from '../core/engine';
import { DEFAULT_GLASS_TRANSMITTANCE } from '../core/engine/glazing';
import { glassScale } from '../core/model/predict';
import { roomStats } from '../core/stats/roomStats';
import type { Grid } from '../core/stats/grid';
import { sampledRequest, sampleRoom } from '../datagen/sampleRoom';

const TAUS = [0.4, 0.5, 0.6, 0.8, 0.9];
const SEED_BASE = 0x61a55; // rooms of their own: no training, held-out or stress seed starts here

const { values: opt } = parseArgs({
  options: { rooms: { type: 'string', default: '12' }, quality: { type: 'string', default: 'standard' } },
});
const quality = opt.quality as 'draft' | 'standard' | 'high';

const meanOf = (r: { df: Grid<Float32Array>; mask: Grid<Uint8Array> }) => roomStats(r.df, r.mask).mean;

const rows = TAUS.map((tau) => ({
  tau,
  ratio: [] as number[],
  linear: [] as number[],
  mae: [] as number[],
  meanErr: [] as number[],
}));
for (let k = 0; k < Number(opt.rooms); k++) {
  const req = sampledRequest(sampleRoom(SEED_BASE + k));
  const ref = simulateRoom(req, { seed: 7, quality });
  const refMean = meanOf(ref);
  for (const row of rows) {
    const windows = req.parameters.windows.map((w) => ({ ...w, glass_transmittance: row.tau }));
    const sim = simulateRoom({ ...req, parameters: { ...req.parameters, windows } }, { seed: 7, quality });
    const scale = glassScale(row.tau);
    const [a, b, mask] = [ref.df.data, sim.df.data, sim.mask.data];
    let err = 0,
      n = 0;
    for (let i = 0; i < b.length; i++)
      if (mask[i]) {
        err += Math.abs(a[i]! * scale - b[i]!);
        n++;
      }
    const m = meanOf(sim);
    row.ratio.push(m / refMean / scale);
    row.linear.push(m / refMean / (row.tau / DEFAULT_GLASS_TRANSMITTANCE));
    row.mae.push(err / n);
    row.meanErr.push(Math.abs((refMean * scale) / m - 1));
  }
}
const avg = (a: number[]) => a.reduce((x, y) => x + y, 0) / a.length;
const f = (v: number, d = 4) => v.toFixed(d);
console.log(`${opt.rooms} rooms, engine ${quality}; the 0.70 map scaled, against the engine at τ:`);
console.log(
  'τ | scale | engine / scaled mean (min–max) | with τ/0.70 | cell MAE (worst) | room mean error mean / worst',
);
for (const r of rows)
  console.log(
    `${f(r.tau, 2)} | ${f(glassScale(r.tau))} | ${f(avg(r.ratio))} (${f(Math.min(...r.ratio))}–${f(Math.max(...r.ratio))})` +
      ` | ${f(avg(r.linear))} | ${f(avg(r.mae))} (${f(Math.max(...r.mae))})` +
      ` | ${f(100 * avg(r.meanErr), 2)} % / ${f(100 * Math.max(...r.meanErr), 2)} %`,
  );
