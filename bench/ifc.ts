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
        ['--import', 'tsx', 'src/cli/ifc.ts', 'test/fixtures/ifc/duplex.ifc', '--method', method, '--out', dir],
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

const round2 = (v: number): number => Math.round(v * 100) / 100;
