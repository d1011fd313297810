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
const analyse = vi.fn(async () => undefined);
vi.mock('../../src/app/compute/building/analyse', () => ({ analyse }));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { setVegetation } = await import('../../src/app/compute/building/vegetation');
const { cancelBuilding } = await import('../../src/app/compute/building/run');
const { runBuildingYear } = await import('../../src/app/compute/building/year');
const { useClimate } = await import('../../src/app/compute/climate');

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

describe('a Cancel while the building is made again with another vegetation setting', () => {
  it('stops the rooms’ analysis, not the making: the building shown is the one the setting names', async () => {
    pending.length = 0;
    analyse.mockClear();
    const before = { answer: null, summary: null, error: null };
    useBuilding.setState({
      building: building('opaque') as never,
      vegetation: 'opaque',
      phase: 'done',
      outcomes: [before],
    });
    const change = setVegetation('ignore');
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    // Meanwhile the panel shows it under way, with its Cancel; the year, proposals and report wait.
    expect(useBuilding.getState()).toMatchObject({ phase: 'analysing', vegetationBusy: 'ignore' });
    cancelBuilding();
    // A year started now would run on the rooms before: it waits for the building (its button too).
    useClimate.setState({ weather: { name: 'a.epw', text: '', digest: 'a', location: {} } as never });
    await runBuildingYear();
    expect(useBuilding.getState()).toMatchObject({
      phase: 'cancelled',
      yearRunning: false,
      yearWeather: null,
    });
    pending[0]!.resolve();
    await change;
    const s = useBuilding.getState();
    // Before, the worker's answer was dropped: the trees stood in the rooms' surroundings under "Leave out".
    expect(s.vegetation).toBe('ignore');
    expect(s.building!.vegetation!.mode).toBe('ignore');
    expect(s).toMatchObject({ phase: 'cancelled', vegetationBusy: null, outcomes: [] });
    expect(analyse).not.toHaveBeenCalled();
  });
});
