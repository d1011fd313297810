import { expect, test } from './fixtures';
import { loadWorkerProbe } from './probe/bundle';
import { SMALL_ROOM_RUN } from './rooms';

/**
 * The core runs unchanged in a browser Web Worker: the API worker (workers/api.worker.ts) is bundled for
 * the browser and asked for obstruction angles, an encoding and a validation error, in Chromium.
 */

test('obstruction, encoding and validation run in a Web Worker', async ({ page }) => {
  await loadWorkerProbe(page, {
    worker: 'workers/api.worker.ts',
    workerName: 'api.worker',
    probe: 'e2e/probe/workerProbe.ts',
    global: 'luxWorker',
  });

  const result = await page.evaluate(async (room) => {
    type Answer = {
      ok: boolean;
      result: { value: { horizon: number[] }; bytes: Uint8Array };
      error?: unknown;
    };
    const w = (window as unknown as { luxWorker: { run(op: string, body: unknown): Promise<Answer> } })
      .luxWorker;
    const wall = [
      [-100, -10.3, 0],
      [100, -10.3, 0],
      [100, -10.3, 11.5],
      [-100, -10.3, 0],
      [100, -10.3, 11.5],
      [-100, -10.3, 11.5],
    ];
    const fan = await w.run('obstruction-all', { x: 2.5, y: -0.3, z: 1.5, direction_angle: 270, mesh: wall });
    const enc = await w.run('encode', {
      model_type: room.model_type,
      parameters: room.parameters,
      mesh: wall,
    });
    const bad = await w.run('stats', { df_matrix: [[1]] });
    return {
      middle: fan.result.value.horizon[31],
      zipBytes: enc.result.bytes.byteLength,
      zipMagic: Array.from(enc.result.bytes.slice(0, 2)),
      bad,
    };
  }, SMALL_ROOM_RUN);
  expect(result.middle).toBeCloseTo(45, 0);
  expect(result.zipMagic).toEqual([0x50, 0x4b]); // "PK"
  expect(result.zipBytes).toBeGreaterThan(200);
  expect(result.bad).toEqual({
    ok: false,
    error: { type: 'validation_error', message: 'Missing required parameters: room_mask' },
  });
});
