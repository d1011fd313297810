import { syntheticCity } from '../test/obstruction/syntheticCity';
import { startBuiltServer } from './server';
const city = syntheticCity(480_000, 3);
const m = city.mesh.positions;
const points: number[][] = [];
for (let i = 0; i < m.length; i += 3) points.push([m[i]!, m[i + 1]!, m[i + 2]!]);
const { url, proc } = await startBuiltServer(18593, { LUX_WORKERS: '1', LUX_MAX_BODY_BYTES: String(256 * 2 ** 20) }, process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof3'] : []);
try {
  const stored = await (await fetch(`${url}/v2/meshes`, { method: 'POST', body: JSON.stringify({ mesh: points }), headers: { 'content-type': 'application/json' } })).json() as any;
  const parameters = { height_roof_over_floor: 3, floor_height_above_terrain: 6, room_polygon: [[5, -2], [10, -2], [10, 2], [5, 2]], windows: { w1: { x1: 10, y1: 1, z1: 6.9, x2: 10, y2: -1, z2: 8.4, window_frame_ratio: 0.2 } } };
  const body = JSON.stringify({ model_type: 'df_default', parameters, mesh_id: stored.mesh_id });
  const ts: number[] = [];
  for (let i = 0; i < 40; i++) {
    const t = performance.now();
    const r = await fetch(`${url}/v2/run`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    await r.arrayBuffer();
    ts.push(performance.now() - t);
  }
  console.log(ts.map((t) => t.toFixed(0)).join(' '));
  ts.sort((a, b) => a - b);
  console.log('median', ts[20]!.toFixed(1));
} finally { proc.kill('SIGINT'); await new Promise((r) => setTimeout(r, 2000)); }
