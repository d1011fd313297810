import { measure, type BenchResult } from './harness';
import { BENCH_ROOM, cityMesh } from './scenes';
import { startBuiltServer } from './server';

/**
 * Whole HTTP requests against the built server (JSON parse, validation, compute in a worker thread,
 * serialisation). Peers are the original service's figures from ../shared/upstream/obstruction.md
 * (same kind of machine, 2 cores): validate + mesh build + 64-direction compute, JSON parse excluded.
 */
const ORIGINAL_MS: Record<number, number> = {
  10_000: 17 + 6 + 230,
  100_000: 130 + 60 + 200,
  480_000: 670 + 270 + 1030,
};

async function timedPost(url: string, body: string): Promise<void> {
  const res = await fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
}

export async function runRequestBench(): Promise<BenchResult[]> {
  // The 480k-triangle JSON body (~60 MB) needs a larger body limit than the 64 MiB default leaves room for.
  const { url, proc } = await startBuiltServer(18590, {
    LUX_WORKERS: '1',
    LUX_MAX_BODY_BYTES: String(256 * 2 ** 20),
  });
  const out: BenchResult[] = [];
  try {
    for (const n of [10_000, 100_000, 480_000]) {
      const body = JSON.stringify({
        room_polygon: BENCH_ROOM.room_polygon,
        windows: BENCH_ROOM.windows,
        mesh: cityMesh(n, 7),
      });
      const peer = ORIGINAL_MS[n];
      out.push(
        await measure(
          `POST /obstruction_all, ${n.toExponential(0)} triangles`,
          () => timedPost(`${url}/v2/obstruction_all`, body),
          {
            runs: n >= 480_000 ? 3 : 5,
            warmup: 1,
            scene: { triangles: n, json_mb: +(body.length / 2 ** 20).toFixed(1), windows: 1 },
            ...(peer ? { peer: { name: 'original (no JSON parse)', ms: peer } } : {}),
          },
        ),
      );
    }
    const zeros = new Array(64).fill(10);
    const raw = JSON.stringify({
      model_type: 'df_default',
      parameters: {
        ...BENCH_ROOM,
        windows: { w1: { ...BENCH_ROOM.windows.w1, direction_angle: 270, horizon: zeros, zenith: zeros } },
      },
    });
    out.push(
      await measure('POST /encode_raw, 1 window', () => timedPost(`${url}/v2/encode_raw`, raw), {
        runs: 20,
        scene: { windows: 1 },
      }),
    );
    const enc = JSON.stringify({
      model_type: 'df_default',
      parameters: BENCH_ROOM,
      mesh: cityMesh(10_000, 7),
    });
    out.push(
      await measure('POST /encode, 1 window, 1e4-triangle mesh', () => timedPost(`${url}/v2/encode`, enc), {
        runs: 10,
        scene: { triangles: 10_000 },
      }),
    );
    const geo = JSON.stringify({ room_polygon: BENCH_ROOM.room_polygon, windows: BENCH_ROOM.windows });
    out.push(
      await measure('POST /get-reference-point', () => timedPost(`${url}/v2/get-reference-point`, geo), {
        runs: 30,
      }),
    );
  } finally {
    proc.kill();
  }
  return out;
}
