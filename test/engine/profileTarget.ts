/** Debug aid: stage timings of the benchmark target (20 m², one window, 10⁴-triangle city). */
import { simulateRoom } from '../../src/core/engine/simulate';
import { parseRunRequest } from '../../src/core/validation/requests';
import { BENCH_ROOM } from '../../bench/scenes';
import { cityAround } from '../../bench/engine';
const req = parseRunRequest({
  model_type: 'df_default',
  parameters: BENCH_ROOM,
  mesh: cityAround(10_000, 2.5, 2, 12, 250, 7),
});
const room = { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: req.modelType };
for (let i = 0; i < 4; i++) {
  const r = simulateRoom(room);
  console.log(
    r.stats.milliseconds.toFixed(0),
    Object.entries(r.stats.stageMs)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(', '),
    'rays',
    r.stats.exteriorRays,
    'cache',
    r.stats.cacheEntries,
    'patches',
    r.stats.patches,
    'cells',
    r.stats.cells,
  );
}
