import { describe, expect, it, vi } from 'vitest';
import type { VegetationMode } from '../../src/core/ifc/vegetation';

// The mesh worker, answered by the test: the race below needs its answer held back while the setting moves
// on (in the app it is a Worker, which Node has not; e2e/vegetation.spec.ts drives the real one).
const pending: { mode: VegetationMode; resolve: () => void }[] = [];
const building = (mode: VegetationMode) => ({
  rooms: [],
  notes: [],
  vegetation: { elements: [{ ifcId: 1, type: 'IFCBUILDINGELEMENTPROXY', label: 'Tree' }], mode },
});
const revegetate = vi.fn(
  (mode: VegetationMode) =>
    new Promise((resolve) =>
      pending.push({
        mode,
        resolve: () =>
          resolve({ ok: true, building: building(mode), requests: [], triangles: 0, display: null }),
      }),
    ),
);
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => ({ revegetate }),
  engineLanes: { started: () => null },
}));
// The analysis after it is not what is tested here.
vi.mock('../../src/app/compute/building/analyse', () => ({ analyse: async () => undefined }));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { setVegetation } = await import('../../src/app/compute/building/vegetation');

describe('the vegetation setting with a building open', () => {
  it('ends with the building made for the last setting, when it is set back before the first answer', async () => {
    useBuilding.setState({
      building: building('opaque') as never,
      vegetation: 'opaque',
      phase: 'done',
    });
    // Leave out, then back to opaque at once (a select's arrow keys change it on each press).
    const first = setVegetation('ignore');
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    const second = setVegetation('opaque');
    await new Promise((r) => setTimeout(r, 0));
    // The worker answers each call in the order it was asked.
    for (let i = 0; i < pending.length; i++) {
      pending[i]!.resolve();
      await new Promise((r) => setTimeout(r, 0));
    }
    await Promise.all([first, second]);
    const s = useBuilding.getState();
    expect(s.vegetation).toBe('opaque');
    // Before, the second call saw the building still opaque and did nothing; the first's answer then left
    // the trees out under a setting that reads "Stand as opaque surfaces".
    expect(s.building!.vegetation!.mode).toBe('opaque');
  });
});
