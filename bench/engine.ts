/**
 * Daylight engine benchmarks (issue 3): time per room for every shared Radiance scene, with Radiance's own
 * wall time for the same scene as the peer (2 processes, -ab 7 -ad 8192, at 0.25 m sensors where the engine
 * fills the whole 0.1 m grid), and the target case of physics.md: a 20 m² room, one window, a
 * 10 000-triangle context, full grid, one core.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulateRoom } from '../src/core/engine/simulate';
import type { EngineRoom } from '../src/core/engine/model';
import { parseRunRequest } from '../src/core/validation/requests';
import { measure, type BenchResult } from './harness';
import { BENCH_ROOM, box, mulberry32 } from './scenes';

const FIXTURES = join(import.meta.dirname, '../test/fixtures/radiance');

export function roomOf(body: Record<string, unknown>): EngineRoom {
  const hasMesh = Array.isArray(body.mesh) && body.mesh.length >= 3;
  const req = parseRunRequest(
    hasMesh
      ? body
      : { ...body, mesh: undefined, horizon: new Array(64).fill(0), zenith: new Array(64).fill(0) },
  );
  if (!hasMesh)
    for (const w of req.parameters.windows) {
      delete w.horizon;
      delete w.zenith;
    }
  return {
    parameters: req.parameters,
    geometry: req.geometry,
    mesh: hasMesh ? req.mesh : null,
    modelType: req.modelType,
  };
}

/**
 * ~`triangles` triangles of box buildings within `radius` m of (cx, cy), none closer than `clear` m: an
 * urban context that leaves the room and a street in front of it free (bench/scenes.ts' cityMesh can put a
 * block over the room, which makes a meaningless daylight scene).
 */
export function cityAround(
  triangles: number,
  cx: number,
  cy: number,
  clear = 12,
  radius = 250,
  seed = 1,
): number[][] {
  const rnd = mulberry32(seed);
  const pts: number[][] = [];
  while (pts.length / 3 < triangles) {
    const w = 6 + rnd() * 18,
      d = 6 + rnd() * 18,
      h = 6 + rnd() * 30;
    const r = clear + Math.max(w, d) * 0.75 + rnd() * (radius - clear);
    const a = rnd() * Math.PI * 2;
    const x = cx + r * Math.cos(a) - w / 2,
      y = cy + r * Math.sin(a) - d / 2;
    const nx = Math.max(x, Math.min(cx, x + w)),
      ny = Math.max(y, Math.min(cy, y + d));
    if (Math.hypot(nx - cx, ny - cy) < clear) continue;
    box(pts, x, y, w, d, h);
  }
  return pts.slice(0, triangles * 3);
}

export async function runEngineBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  const target = roomOf({
    model_type: 'df_default',
    parameters: BENCH_ROOM,
    mesh: cityAround(10_000, 2.5, 2, 12, 250, 7),
  });
  let cells = 0;
  out.push(
    await measure(
      'engine: 20 m² room, 1 window, 10^4-triangle city',
      () => {
        cells = simulateRoom(target).stats.cells;
      },
      {
        runs: 5,
        warmup: 1,
        scene: {
          floor_m2: 20,
          windows: 1,
          triangles: 10_000,
          get cells() {
            return cells;
          },
        },
        peer: { name: 'target (engine)', ms: 1000 },
      },
    ),
  );
  let files: string[];
  try {
    files = readdirSync(FIXTURES)
      .filter((f) => f.endsWith('.json') && !f.includes('high_sampling'))
      .sort();
  } catch {
    return out; // the shared fixtures are not in this checkout
  }
  for (const f of files) {
    const raw = JSON.parse(readFileSync(join(FIXTURES, f), 'utf8')) as {
      parameters: Record<string, unknown>;
      mesh: unknown[];
      reference: { seconds: number; sensors: unknown[] };
    };
    const room = roomOf({ model_type: 'df_custom', parameters: raw.parameters, mesh: raw.mesh });
    let n = 0;
    out.push(
      await measure(
        `engine: ${f.replace('.json', '')}`,
        () => {
          n = simulateRoom(room).stats.cells;
        },
        {
          runs: 3,
          warmup: 1,
          scene: {
            windows: room.parameters.windows.length,
            triangles: raw.mesh.length / 3,
            radiance_sensors: raw.reference.sensors.length,
            get cells() {
              return n;
            },
          },
          peer: { name: 'Radiance rtrace (2 procs)', ms: raw.reference.seconds * 1000 },
        },
      ),
    );
  }
  return out;
}
