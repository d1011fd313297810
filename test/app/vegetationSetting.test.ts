import { describe, expect, it, vi } from 'vitest';
import type { VegetationMode } from '../../src/core/ifc/vegetation';

// The mesh worker, answered by the test: the race below needs its answer held back while the setting moves
// on (in the app it is a Worker, which Node has not; e2e/vegetation.spec.ts drives the real one).
const pending: { mode: VegetationMode; resolve: () => void }[] = [];
const building = (mode: VegetationMode, transmittance?: number) => ({
  rooms: [],
  notes: [],
  vegetation: {
    elements: [{ ifcId: 1, type: 'IFCBUILDINGELEMENTPROXY', label: 'Tree' }],
    mode,
    ...(mode === 'translucent' ? { transmittance: transmittance ?? 0.2 } : {}),
  },
});
const revegetate = vi.fn(
  (mode: VegetationMode, transmittance?: number) =>
    new Promise((resolve) =>
      pending.push({
        mode,
        resolve: () =>
          resolve({
            ok: true,
            building: building(mode, transmittance),
            requests: [],
            triangles: 0,
            display: null,
          }),
      }),
    ),
);
const undoRemakes = vi.fn();
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => ({ revegetate, undoRemakes, settleRemakes: () => {} }),
  engineLanes: { started: () => null },
}));
// The analysis after it is not what is tested here.
const analyse = vi.fn(async () => undefined);
vi.mock('../../src/app/compute/building/analyse', () => ({ analyse }));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { setVegetation } = await import('../../src/app/compute/building/vegetation');
const { cancelBuildingWork } = await import('../../src/app/compute/building/remade');
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
  it('undoes the making, here and in the worker: the building and the setting are as they were', async () => {
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
    // A year asked for now would run on the rooms about to be replaced: it waits (its button too).
    useClimate.setState({ weather: { name: 'a.epw', text: '', digest: 'a', location: {} } as never });
    await runBuildingYear();
    expect(useBuilding.getState()).toMatchObject({ yearRunning: false, yearWeather: null });
    cancelBuildingWork();
    expect(undoRemakes).toHaveBeenCalledTimes(1);
    // The worker's answer, made before it undid it, is not taken (before 2026-12-07 a Cancel stopped the
    // rooms' analysis only, and the building made again was taken under the new setting).
    pending[0]!.resolve();
    await change;
    const s = useBuilding.getState();
    expect(s.vegetation).toBe('opaque');
    expect(s.building!.vegetation!.mode).toBe('opaque');
    expect(s).toMatchObject({ phase: 'done', vegetationBusy: null, outcomes: [before] });
    expect(analyse).not.toHaveBeenCalled();
  });
});

describe('the setting asked again after a Cancel, before the worker’s answer to the one cancelled', () => {
  it('makes the building again: the Cancel undid the one asked before', async () => {
    pending.length = 0;
    revegetate.mockClear();
    useBuilding.setState({ building: building('opaque') as never, vegetation: 'opaque', phase: 'done' });
    const first = setVegetation('ignore');
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    cancelBuildingWork();
    const again = setVegetation('ignore');
    // Before, the cancelled ask still counted as what the building would be made with: nothing was asked.
    expect(revegetate).toHaveBeenCalledTimes(2);
    for (const p of pending) p.resolve();
    await Promise.all([first, again]);
    expect(useBuilding.getState()).toMatchObject({ vegetation: 'ignore', vegetationBusy: null });
    expect(useBuilding.getState().building!.vegetation!.mode).toBe('ignore');
  });
});

describe('the crowns’ transmittance', () => {
  it('makes the building again for another share, once however often it is asked, and a Cancel puts it back', async () => {
    pending.length = 0;
    revegetate.mockClear();
    useBuilding.setState({
      building: building('translucent', 0.2) as never,
      vegetation: 'translucent',
      crownTransmittance: 0.2,
      phase: 'done',
    });
    // The same share as the building's: nothing to make.
    await setVegetation('translucent', 0.2);
    expect(revegetate).not.toHaveBeenCalled();
    const bare = setVegetation('translucent', 0.5);
    await vi.waitFor(() => expect(pending).toHaveLength(1));
    expect(revegetate).toHaveBeenLastCalledWith('translucent', 0.5);
    expect(useBuilding.getState().crownTransmittance).toBe(0.5);
    // Asked again while it is made: the making under way is for it.
    await setVegetation('translucent', 0.5);
    expect(revegetate).toHaveBeenCalledTimes(1);
    pending[0]!.resolve();
    await bare;
    expect(useBuilding.getState().building!.vegetation!.transmittance).toBe(0.5);
    // Another, cancelled: the share and the building as they were.
    const third = setVegetation('translucent', 0.3);
    await vi.waitFor(() => expect(pending).toHaveLength(2));
    cancelBuildingWork();
    pending[1]!.resolve();
    await third;
    expect(useBuilding.getState().crownTransmittance).toBe(0.5);
    expect(useBuilding.getState().building!.vegetation!.transmittance).toBe(0.5);
    // Another mode keeps the share for when crowns are chosen again.
    const opaque = setVegetation('opaque');
    await vi.waitFor(() => expect(pending).toHaveLength(3));
    expect(revegetate).toHaveBeenLastCalledWith('opaque', 0.5);
    pending[2]!.resolve();
    await opaque;
    expect(useBuilding.getState()).toMatchObject({ vegetation: 'opaque', crownTransmittance: 0.5 });
  });
});
