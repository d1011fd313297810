import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BenchResult } from './harness';

/**
 * A whole building from IFC (issue 20 §7): `npm run ifc` on the Revit duplex (21 spaces, 22 wall windows,
 * 8 rooms analysed), from the file to the last room's map, with the model and with the engine, and the
 * process's peak memory (worker threads included) as the command line reports it. Each run is a fresh
 * process, as an office's script would start it: reading the file and starting the threads are in the
 * figure.
 */
export async function runIfcBench(): Promise<BenchResult[]> {
  const out: BenchResult[] = [];
  for (const method of ['model', 'engine'] as const) {
    const times: number[] = [];
    let peak = 0;
    for (let i = 0; i < 3; i++) {
      const dir = mkdtempSync(join(tmpdir(), 'lux-bench-ifc-'));
      const t0 = performance.now();
      const r = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          'src/cli/ifc.ts',
          'test/fixtures/ifc/duplex.ifc',
          '--method',
          method,
          '--out',
          dir,
          // The analysis is measured; printing the PDF (Chromium, ~2 s) is not.
          '--no-pdf',
        ],
        { encoding: 'utf8' },
      );
      times.push(performance.now() - t0);
      if (r.status !== 0) throw new Error(`npm run ifc failed: ${r.stderr}`);
      const m = /peak memory (\d+) MB/.exec(r.stderr);
      if (m) peak = Math.max(peak, Number(m[1]));
    }
    times.sort((a, b) => a - b);
    out.push({
      name: `npm run ifc, duplex, ${method === 'model' ? 'model maps' : 'engine maps (standard)'}`,
      median_ms: round2(times[1]!),
      min_ms: round2(times[0]!),
      max_ms: round2(times[2]!),
      runs: 3,
      scene: { spaces: 21, analysed: 8, windows: 22, peak_mb: peak },
    });
  }
  return out;
}

/**
 * A large building (issue 20 §1: files up to ~100 MB): 2 000 rooms and windows written by the tests' STEP
 * writer (5 MB; its boxes are lighter than real geometry, so the file is smaller than a real one of as many
 * rooms). Times each step in this process: web-ifc reading it, the core turning it into rooms, and each
 * window's angles from the building (what the app's surroundings worker does before the first preview).
 */
export async function runBigIfcBench(): Promise<BenchResult[]> {
  const { stepFile } = await import('../test/ifc/stepFile');
  const { bigBuilding } = await import('../test/ifc/bigBuilding');
  const { readIfc } = await import('../src/ifc/webIfcSource');
  const { buildingFromIfc } = await import('../src/core/ifc/building');
  const { buildingRequests } = await import('../src/core/ifc/roomRequest');
  const bytes = new TextEncoder().encode(stepFile(bigBuilding(20, 50)));
  const t0 = performance.now();
  const source = await readIfc(bytes);
  const t1 = performance.now();
  const b = buildingFromIfc(source);
  const t2 = performance.now();
  const requests = buildingRequests(b.rooms, b.context);
  const t3 = performance.now();
  const scene = {
    mb: round2(bytes.length / 1e6),
    rooms: b.rooms.length,
    analysable: requests.filter(Boolean).length,
    rss_mb: Math.round(process.memoryUsage().rss / 1e6),
  };
  const one = (name: string, ms: number): BenchResult => ({
    name,
    median_ms: round2(ms),
    min_ms: round2(ms),
    max_ms: round2(ms),
    runs: 1,
    scene,
  });
  return [
    one('IFC 2 000 rooms: web-ifc reads the file', t1 - t0),
    one('IFC 2 000 rooms: rooms and windows from it', t2 - t1),
    one("IFC 2 000 rooms: every window's angles", t3 - t2),
  ];
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
