import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { LIGHT_BODY_BYTES, LIGHT_GRID_BYTES, laneOf } from '../../src/service/lanes';
import { STORE_MESH } from '../../src/service/operations';

describe('laneOf', () => {
  it('puts the engine and the mesh store in the heavy lane, whatever their size', () => {
    expect(laneOf('simulate', 100)).toBe('heavy');
    expect(laneOf(STORE_MESH, 100)).toBe('heavy');
  });
  it('bounds requests that may carry a mesh by 64 KiB', () => {
    for (const op of ['run', 'obstruction-all', 'get-reference-point', 'encode']) {
      expect(laneOf(op, LIGHT_BODY_BYTES)).toBe('light');
      expect(laneOf(op, LIGHT_BODY_BYTES + 1)).toBe('heavy');
    }
  });
  it("keeps a 10 × 10 m room's grid (86 KiB) light for /stats and /merge, up to 1 MiB", () => {
    for (const op of ['stats', 'merge']) {
      expect(laneOf(op, 86 * 1024)).toBe('light');
      expect(laneOf(op, LIGHT_GRID_BYTES)).toBe('light');
      expect(laneOf(op, LIGHT_GRID_BYTES + 1)).toBe('heavy');
    }
  });
});

describe('thread defaults', () => {
  it('one thread per core, at least two, heavy work on all but one', () => {
    expect(loadConfig({}, 1)).toMatchObject({ workers: 2, heavyWorkers: 1 });
    expect(loadConfig({}, 2)).toMatchObject({ workers: 2, heavyWorkers: 1 });
    expect(loadConfig({}, 16)).toMatchObject({ workers: 16, heavyWorkers: 15 });
  });
  it('takes LUX_WORKERS and LUX_HEAVY_WORKERS, heavy within 1 … workers', () => {
    expect(loadConfig({ LUX_WORKERS: '1' }, 8)).toMatchObject({ workers: 1, heavyWorkers: 1 });
    expect(loadConfig({ LUX_WORKERS: '4', LUX_HEAVY_WORKERS: '4' }, 2)).toMatchObject({
      workers: 4,
      heavyWorkers: 4,
    });
    expect(loadConfig({ LUX_WORKERS: '4', LUX_HEAVY_WORKERS: '9' }, 2).heavyWorkers).toBe(4);
    expect(loadConfig({ LUX_WORKERS: '4', LUX_HEAVY_WORKERS: '0' }, 2).heavyWorkers).toBe(1);
  });
});
