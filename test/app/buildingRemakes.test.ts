import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';

// The surroundings worker, answered by the test: each race below needs a worker answer held back while the
// page moves on (in the app it is a Worker, which Node has not; the e2e specs drive the real one).
const held: { kind: string; resolve: (answer: unknown) => void }[] = [];
const hold = (kind: string) => vi.fn(() => new Promise((resolve) => held.push({ kind, resolve })));
const worker = {
  addBuildingContext: hold('add'),
  removeBuildingContext: hold('remove'),
  reframe: hold('reframe'),
  keepRoom: hold('keep'),
  importIfc: hold('import'),
};
// A room's run on an engine lane ends at once (a year or proposals started here must not hang the test).
const lanes = {
  size: 1,
  run: async () => ({ ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } }),
  cancelAll: () => {},
};
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => worker,
  engineLanes: Object.assign(() => lanes, { started: () => lanes }),
}));
// The rooms' analysis after a making is not what is tested here: which run starts it, and on what, is.
const analyse = vi.fn(async (_mine: number, _only?: (room: number) => boolean) => undefined);
vi.mock('../../src/app/compute/building/analyse', () => ({ analyse }));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { addContext } = await import('../../src/app/compute/building/contexts');
const { setDefaultFrame } = await import('../../src/app/compute/building/defaultFrame');
const { openIfc } = await import('../../src/app/compute/building/openIfc');
const { openRoom, keepRoomEdits } = await import('../../src/app/compute/building/roomEdits');
const { proposeForBuilding } = await import('../../src/app/compute/building/proposals');
const { cancelBuilding, isCurrent } = await import('../../src/app/compute/building/run');
const { runBuildingYear } = await import('../../src/app/compute/building/year');
const { useClimate } = await import('../../src/app/compute/climate');
const { useApp } = await import('../../src/app/state/store');

const room: IfcRoom = {
  ifcId: 1,
  number: '101',
  name: 'Office',
  storey: 'Level 1',
  zones: [],
  area: 20,
  floor_height_above_terrain: 3,
  height_roof_over_floor: 2.7,
  room_polygon: [
    [0, 0],
    [5, 0],
    [5, 4],
    [0, 4],
  ],
  windows: [
    {
      id: 'w1',
      ifcId: 7,
      name: 'W',
      kind: 'window',
      placedBy: 'space boundary',
      x1: 1.5,
      y1: 0,
      z1: 3.9,
      x2: 3.5,
      y2: -0.3,
      z2: 5.2,
      window_frame_ratio: 0.2,
      frameFrom: 'default',
      width: 2,
      height: 1.3,
      inner: [
        [1.5, 0],
        [3.5, 0],
      ],
      direction: 270,
    },
  ],
  skylights: [],
  ceiling_planes: null,
  problem: null,
  notes: [],
};
const building = (name: string) => ({
  north: 0,
  rooms: [{ ...room, name }],
  unplaced: [],
  notes: [],
});
/** A room's request as the worker answers it, named for what it was made with. */
const request = (made: string) => ({ body: { made } });
const analysed = { answer: null, summary: null, error: null, method: 'engine', quality: 'standard' } as const;

/** The worker answers the call of `kind` held longest (its calls are answered in the order asked). */
async function answer(kind: string, value: unknown): Promise<void> {
  const i = held.findIndex((h) => h.kind === kind);
  expect(i, `a ${kind} call in flight`).toBeGreaterThanOrEqual(0);
  held.splice(i, 1)[0]!.resolve(value);
  await new Promise((r) => setTimeout(r, 0));
}
const inFlight = (kind: string) => vi.waitFor(() => expect(held.map((h) => h.kind)).toContain(kind));
const contextAnswer = (contexts: string[], made: string) => ({
  ok: true,
  requests: [request(made)],
  display: null,
  triangles: 1200,
  contexts,
});

beforeEach(() => {
  held.length = 0;
  analyse.mockClear();
  useClimate.setState({ weather: null });
  useBuilding.setState({
    file: 'office.ifc',
    building: building('Office') as never,
    requests: [request('first')],
    outcomes: [analysed],
    phase: 'done',
    contexts: [],
    contextBusy: null,
    contextError: null,
    yearRunning: false,
    yearWeather: null,
    proposing: null,
  });
});

const weather = () =>
  useClimate.setState({
    weather: {
      name: 'a.epw',
      text: '',
      digest: 'a',
      location: { city: 'A' },
      months: [],
      notes: [],
    } as never,
  });
const cityObj = () => new File([new Uint8Array([1, 2, 3])], 'city.obj');

describe('a context file read while a year or proposals are asked for', () => {
  it('keeps the year waiting, and the file’s answer lands in the list and the rooms', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    weather();
    await runBuildingYear();
    // The year would run on the rooms before the file: it waits for them, as for the trees.
    expect(useBuilding.getState()).toMatchObject({ yearRunning: false, yearWeather: null });
    await proposeForBuilding('bfs');
    expect(useBuilding.getState().proposing).toBeNull();
    await answer('add', contextAnswer(['city.obj'], 'with city'));
    await adding;
    const s = useBuilding.getState();
    // Before, the year's run dropped the answer: the worker had city.obj, the list and the rooms did not.
    expect(s.contexts).toEqual(['city.obj']);
    expect(s.requests).toEqual([request('with city')]);
    expect(s).toMatchObject({ contextBusy: null, triangles: 1200, phase: 'analysing', outcomes: [null] });
    expect(analyse).toHaveBeenCalledTimes(1);
  });

  it('after a Cancel, takes the file’s answer without analysing the rooms', async () => {
    useBuilding.setState({ phase: 'settling' });
    const adding = addContext(cityObj());
    await inFlight('add');
    cancelBuilding();
    await answer('add', contextAnswer(['city.obj'], 'with city'));
    await adding;
    const s = useBuilding.getState();
    expect(s.contexts).toEqual(['city.obj']);
    expect(s.requests).toEqual([request('with city')]);
    expect(s.outcomes).toEqual([null]);
    expect(s.phase).toBe('cancelled');
    expect(analyse).not.toHaveBeenCalled();
  });

  it('analyses the rooms it made again when a later change’s analysis had begun on the rooms before', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    // The frame ratio changed meanwhile: the worker makes it at once (the file is still being read).
    const framing = setDefaultFrame(0.1);
    await inFlight('reframe');
    await answer('reframe', { ok: true, building: building('Reframed'), requests: [request('reframed')] });
    await framing;
    expect(analyse).toHaveBeenCalledTimes(1);
    // The worker's file answer holds both: the rooms at 10 % among the city.
    await answer('add', contextAnswer(['city.obj'], 'reframed with city'));
    await adding;
    const s = useBuilding.getState();
    expect(s.contexts).toEqual(['city.obj']);
    expect(s.requests).toEqual([request('reframed with city')]);
    // The frame's analysis was of the rooms without the city: it starts again on these.
    expect(analyse).toHaveBeenCalledTimes(2);
    expect(isCurrent(analyse.mock.lastCall![0])).toBe(true);
    expect(s.phase).toBe('analysing');
  });
});

describe('a frame ratio made again while the page moves on', () => {
  it('after a Cancel, takes the worker’s rooms (the setting reads what they are made with)', async () => {
    useBuilding.setState({ phase: 'settling' });
    const framing = setDefaultFrame(0.1);
    await inFlight('reframe');
    cancelBuilding();
    await answer('reframe', { ok: true, building: building('Reframed'), requests: [request('reframed')] });
    await framing;
    const s = useBuilding.getState();
    // Before, the answer was dropped: the rooms stayed at 20 % under a field reading 10 %.
    expect(s.building!.rooms[0]!.name).toBe('Reframed');
    expect(s.requests).toEqual([request('reframed')]);
    expect(s).toMatchObject({ outcomes: [null], phase: 'cancelled', frameBusy: null });
    expect(analyse).not.toHaveBeenCalled();
  });

  it('keeps a year waiting until the rooms are made', async () => {
    const framing = setDefaultFrame(0.1);
    await inFlight('reframe');
    weather();
    await runBuildingYear();
    expect(useBuilding.getState()).toMatchObject({ yearRunning: false, yearWeather: null });
    await answer('reframe', { ok: true, building: building('Reframed'), requests: [request('reframed')] });
    await framing;
    expect(useBuilding.getState().requests).toEqual([request('reframed')]);
    expect(analyse).toHaveBeenCalledTimes(1);
  });
});

describe('a room kept from the editor while another file is read', () => {
  it('does not stop the file’s reading: the file read is the building shown', async () => {
    openRoom(0);
    useApp.getState().edit((s) => ({ ...s, height: 3 }), { record: false });
    const keeping = keepRoomEdits();
    await inFlight('keep');
    // The next file is opened before the worker's answer to the kept room is in.
    const opening = openIfc(new File([new Uint8Array([1])], 'school.ifc'));
    await inFlight('import');
    await answer('keep', { ok: true, body: { made: 'kept' } });
    await keeping;
    expect(useBuilding.getState().phase).toBe('reading');
    await answer('import', {
      ok: true,
      building: building('Classroom'),
      requests: [request('school')],
      display: new Float32Array(9),
      triangles: 1,
    });
    await opening;
    const s = useBuilding.getState();
    // Before, the kept room's run dropped the file's answer: the worker held school.ifc, the page office.ifc.
    expect(s.file).toBe('school.ifc');
    expect(s.building!.rooms[0]!.name).toBe('Classroom');
    expect(s.requests).toEqual([request('school')]);
  });
});

describe('rooms made again while another file is read, and that file refused', () => {
  const refused = { ok: false, message: 'The file has no rooms.' };

  it('analyses a room kept meanwhile, the building staying open', async () => {
    openRoom(0);
    useApp.getState().edit((s) => ({ ...s, height: 3.1 }), { record: false });
    const keeping = keepRoomEdits();
    await inFlight('keep');
    const opening = openIfc(new File([new Uint8Array([1])], 'shell.ifc'));
    await inFlight('import');
    await answer('keep', { ok: true, body: { made: 'kept' } });
    await keeping;
    expect(analyse).not.toHaveBeenCalled();
    await answer('import', refused);
    await opening;
    const s = useBuilding.getState();
    expect(s).toMatchObject({
      file: 'office.ifc',
      phase: 'analysing',
      requests: [{ body: { made: 'kept' } }],
    });
    expect(s.refused).toContain('shell.ifc');
    // The kept room's analysis, which the reading held back, is taken up.
    expect(analyse).toHaveBeenCalledTimes(1);
    expect(isCurrent(analyse.mock.lastCall![0])).toBe(true);
    expect(analyse.mock.lastCall![1]!(0)).toBe(true);
  });

  it('analyses the rooms of a context file read meanwhile', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    const opening = openIfc(new File([new Uint8Array([1])], 'shell.ifc'));
    await inFlight('import');
    await answer('add', contextAnswer(['city.obj'], 'with city'));
    await adding;
    expect(useBuilding.getState()).toMatchObject({ phase: 'reading', contexts: ['city.obj'] });
    expect(analyse).not.toHaveBeenCalled();
    await answer('import', refused);
    await opening;
    expect(useBuilding.getState()).toMatchObject({ phase: 'analysing', requests: [request('with city')] });
    expect(analyse).toHaveBeenCalledTimes(1);
    expect(analyse.mock.lastCall![1]!(0)).toBe(true);
  });
});
