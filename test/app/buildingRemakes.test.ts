import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IfcRoom } from '../../src/core/ifc/building';

// The surroundings worker, answered by the test: each race below needs a worker answer held back while the
// page moves on (in the app it is a Worker, which Node has not; the e2e specs drive the real one).
const held: { kind: string; resolve: (answer: unknown) => void; reject: (e: Error) => void }[] = [];
const hold = (kind: string) =>
  vi.fn(() => new Promise((resolve, reject) => held.push({ kind, resolve, reject })));
const worker = {
  addBuildingContext: hold('add'),
  removeBuildingContext: hold('remove'),
  reframe: hold('reframe'),
  keepRoom: hold('keep'),
  importIfc: hold('import'),
  revegetate: hold('revegetate'),
  undoRemakes: vi.fn(),
  settleRemakes: vi.fn(),
};
// A room's run on an engine lane ends at once (a year or proposals started here must not hang the test).
const lanes = {
  size: 1,
  run: async () => ({ ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } }),
  cancelAll: () => {},
};
// The editor's engine worker: its map of a kept room is computed again (roomEdits.ts), and ends at once.
const editorEngine = {
  simulate: vi.fn(async () => ({ ok: false, error: { type: 'cancelled', message: 'Simulation cancelled' } })),
  cancel: vi.fn(),
};
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => worker,
  engineWorker: () => editorEngine,
  engineLanes: Object.assign(() => lanes, { started: () => lanes }),
}));
// The rooms' analysis after a making is not what is tested here: which run starts it, and on what, is.
const analyse = vi.fn(async (_mine: number, _only?: (room: number) => boolean) => undefined);
vi.mock('../../src/app/compute/building/analyse', () => ({ analyse }));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { addContext } = await import('../../src/app/compute/building/contexts');
const { setDefaultFrame } = await import('../../src/app/compute/building/defaultFrame');
const { setVegetation } = await import('../../src/app/compute/building/vegetation');
const { openIfc } = await import('../../src/app/compute/building/openIfc');
const { openRoom, keepRoomEdits } = await import('../../src/app/compute/building/roomEdits');
const { proposeForBuilding } = await import('../../src/app/compute/building/proposals');
const { isCurrent } = await import('../../src/app/compute/building/run');
const { cancelBuildingWork } = await import('../../src/app/compute/building/remade');
const { shownText, underWay } = await import('../../src/app/ui/BuildingStatus');
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
/** The worker's call of `kind` held longest throws (a worker out of memory). */
async function fail(kind: string, e: Error): Promise<void> {
  const i = held.findIndex((h) => h.kind === kind);
  expect(i, `a ${kind} call in flight`).toBeGreaterThanOrEqual(0);
  held.splice(i, 1)[0]!.reject(e);
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
  worker.undoRemakes.mockClear();
  worker.importIfc.mockClear();
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
    defaultFrame: 0.2,
    yearRunning: false,
    yearWeather: null,
    proposing: null,
    message: null,
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

/** The Building panel's status line and whether it offers Cancel, for the store now. */
function panel(): { status: string; cancel: boolean } {
  const s = useBuilding.getState();
  const counts = { rooms: 1, analysable: 1, done: 1, byEngine: 1, city: null };
  return { status: shownText(s, counts), cancel: underWay(s) };
}

describe('a context file or a frame ratio made again, and a Cancel meanwhile', () => {
  it('shows a context file under way with its Cancel, which puts the building back as it was', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    // Before, the status read "(stopped; …)", or the last analysis's count, and there was no Cancel.
    expect(panel()).toEqual({
      status: "office.ifc: city.obj read into the surroundings, every window's view measured again…",
      cancel: true,
    });
    cancelBuildingWork();
    expect(worker.undoRemakes).toHaveBeenCalledTimes(1);
    // The worker's answer, made before it undid it, is not taken.
    await answer('add', contextAnswer(['city.obj'], 'with city'));
    await adding;
    const s = useBuilding.getState();
    expect(s).toMatchObject({
      contexts: [],
      requests: [request('first')],
      outcomes: [analysed],
      phase: 'done',
      contextBusy: null,
      contextError: null,
    });
    expect(analyse).not.toHaveBeenCalled();
    expect(panel().cancel).toBe(false);
  });

  it('puts back the frame ratio and the rooms made with it, their analysis stopped as it was', async () => {
    useBuilding.setState({ phase: 'settling', outcomes: [null], defaultFrame: 0.2 });
    const framing = setDefaultFrame(0.1);
    await inFlight('reframe');
    expect(useBuilding.getState().defaultFrame).toBe(0.1);
    expect(panel()).toEqual({
      status: 'office.ifc: the rooms made again with a 10 % frame where the file gives none…',
      cancel: true,
    });
    cancelBuildingWork();
    await answer('reframe', { ok: true, building: building('Reframed'), requests: [request('reframed')] });
    await framing;
    const s = useBuilding.getState();
    expect(s.building!.rooms[0]!.name).toBe('Office');
    expect(s).toMatchObject({
      defaultFrame: 0.2,
      requests: [request('first')],
      phase: 'cancelled',
      frameBusy: null,
    });
    expect(worker.undoRemakes).toHaveBeenCalledTimes(1);
    expect(analyse).not.toHaveBeenCalled();
  });

  it('undoes every remake since the building was last at rest, taken or not', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    const framing = setDefaultFrame(0.1);
    await inFlight('reframe');
    await answer('reframe', { ok: true, building: building('Reframed'), requests: [request('reframed')] });
    await framing;
    // The frame's rooms were taken (and their analysis begun); the worker undoes both changes, so does the page.
    cancelBuildingWork();
    await answer('add', contextAnswer(['city.obj'], 'reframed with city'));
    await adding;
    const s = useBuilding.getState();
    expect(s.building!.rooms[0]!.name).toBe('Office');
    expect(s).toMatchObject({ contexts: [], requests: [request('first')], defaultFrame: 0.2, phase: 'done' });
    expect(worker.undoRemakes).toHaveBeenCalledTimes(1);
  });
});

describe('a remake whose worker call throws', () => {
  it('ends as a refused one: no work shown under way, and a later Cancel undoes only what came after it', async () => {
    worker.settleRemakes.mockClear();
    const framing = setDefaultFrame(0.1);
    await inFlight('reframe');
    await fail('reframe', new Error('out of memory'));
    await expect(framing).resolves.toBeUndefined();
    // Before, the page stayed under way, with its Cancel, and counted the remake in hand for good.
    expect(useBuilding.getState()).toMatchObject({
      phase: 'done',
      frameBusy: null,
      message: 'The building could not be made again: out of memory',
      // The field reads the ratio the rooms were made with, not the one that failed.
      defaultFrame: 0.2,
    });
    expect(panel().cancel).toBe(false);
    expect(worker.settleRemakes).toHaveBeenCalledTimes(1);
    const adding = addContext(cityObj());
    await inFlight('add');
    await answer('add', contextAnswer(['city.obj'], 'with city'));
    await adding;
    const parking = addContext(new File([new Uint8Array([4])], 'park.obj'));
    await inFlight('add');
    cancelBuildingWork();
    await answer('add', contextAnswer(['city.obj', 'park.obj'], 'with park'));
    await parking;
    // The Cancel was of the park alone: the city, taken and analysed, stays (it went back to before the frame).
    expect(useBuilding.getState()).toMatchObject({
      contexts: ['city.obj'],
      requests: [request('with city')],
    });
  });

  it('says why the trees were not left out, and leaves no remake in hand', async () => {
    worker.settleRemakes.mockClear();
    const trees = { mode: 'opaque', elements: [{}] };
    useBuilding.setState({
      building: { ...building('Office'), vegetation: trees } as never,
      vegetation: 'opaque',
    });
    const leaving = setVegetation('ignore');
    await inFlight('revegetate');
    await fail('revegetate', new Error('out of memory'));
    await expect(leaving).resolves.toBeUndefined();
    expect(useBuilding.getState()).toMatchObject({
      phase: 'error',
      message: 'The building could not be made again: out of memory',
      vegetationBusy: null,
      // The setting reads what the rooms were made with: the trees still stand.
      vegetation: 'opaque',
    });
    // Answered: nothing is left in hand, and the worker lets the building before it go.
    expect(worker.settleRemakes).toHaveBeenCalledTimes(1);
  });

  it('says why a context file was not added, the rooms as they were', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    await fail('add', new Error('out of memory'));
    await expect(adding).resolves.toBeUndefined();
    expect(useBuilding.getState()).toMatchObject({
      contexts: [],
      requests: [request('first')],
      phase: 'done',
      contextBusy: null,
      contextError: 'The building could not be made again: out of memory',
    });
  });
});

describe('a frame ratio made again while the page moves on', () => {
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
    editorEngine.simulate.mockClear();
    const keeping = keepRoomEdits();
    await inFlight('keep');
    // The next file is opened before the worker's answer to the kept room is in.
    const opening = openIfc(new File([new Uint8Array([1])], 'school.ifc'));
    await inFlight('import');
    await answer('keep', { ok: true, body: { made: 'kept' } });
    await keeping;
    expect(useBuilding.getState().phase).toBe('reading');
    // The editor's map of the room as kept is computed again (on its angles while a file is read).
    await vi.waitFor(() => expect(editorEngine.simulate).toHaveBeenCalledTimes(1));
    expect((editorEngine.simulate.mock.calls[0] as unknown[])[1]).not.toHaveProperty('mesh_id');
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

const school = {
  ok: true,
  building: building('Classroom'),
  requests: [request('school')],
  display: new Float32Array(9),
  triangles: 1,
};

describe('another building opened while a context file is read for the open one', () => {
  it('does not take the file’s answer onto the building read meanwhile', async () => {
    const adding = addContext(cityObj());
    await inFlight('add');
    const opening = openIfc(new File([new Uint8Array([1])], 'school.ifc'));
    await inFlight('import');
    await answer('import', school);
    await opening;
    // The file's answer comes after (the worker, before 2026-12-07, added the city to the school).
    await answer('add', contextAnswer(['city.obj'], 'school with city'));
    await adding;
    const s = useBuilding.getState();
    // Before, the school was listed with office.ifc's neighbour and its rooms measured among it.
    expect(s).toMatchObject({
      file: 'school.ifc',
      contexts: [],
      requests: [request('school')],
      triangles: 1,
      contextBusy: null,
      contextError: null,
    });
  });
});

describe('two IFC files opened at once', () => {
  it('never asks the worker for the first after the second (its bytes read last)', async () => {
    let bytes!: (b: ArrayBuffer) => void;
    const large = {
      name: 'large.ifc',
      arrayBuffer: () => new Promise<ArrayBuffer>((resolve) => (bytes = resolve)),
    } as unknown as File;
    const first = openIfc(large);
    const second = openIfc(new File([new Uint8Array([1])], 'school.ifc'));
    await inFlight('import');
    bytes(new ArrayBuffer(8));
    await new Promise((r) => setTimeout(r, 0));
    // Before, large.ifc was asked for after school.ifc: the worker keeps the file asked for last, the page
    // the one opened last, so it showed the school while the worker measured among the large building.
    expect((worker.importIfc.mock.calls as unknown as [string][]).map((c) => c[0])).toEqual(['school.ifc']);
    await answer('import', school);
    await Promise.all([first, second]);
    expect(useBuilding.getState()).toMatchObject({ file: 'school.ifc', phase: 'analysing' });
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
