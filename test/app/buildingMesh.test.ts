import { beforeEach, describe, expect, it, vi } from 'vitest';
import { lanes as spread } from '../../src/app/compute/lanes';

// The surroundings worker and the engine lanes, answered by the test (in the app they are Workers, which
// Node has not): what matters is what each lane is handed and which body each run names.
const A = 'a'.repeat(64),
  B = 'b'.repeat(64);
let around: string | null = A;
const meshWorker = {
  buildingMesh: vi.fn(async (copies: number) =>
    around ? { id: around, copies: Array.from({ length: copies }, () => new Float32Array(9)) } : null,
  ),
};
const failure = { ok: false, error: { type: 'internal_error', message: 'not computed here' } };
type Body = { name: string; mesh_id?: string; parameters: { windows: Record<string, object> } };
function lane() {
  const l = {
    held: null as string | null,
    handed: [] as string[],
    runs: [] as Body[],
    refuse: null as Error | null,
    holdsBuildingMesh: async (id: string) => l.held === id,
    holdBuildingMesh: async (id: string, p: Float32Array) => {
      if (l.refuse) throw l.refuse;
      expect(p).toBeInstanceOf(Float32Array);
      l.held = id;
      l.handed.push(id);
    },
    simulate: async (_job: number, body: Body) => (l.runs.push(body), failure),
    climate: async (_job: number, body: Body) => (l.runs.push(body), failure),
    cancel: () => {},
  };
  return l;
}
const first = lane(),
  second = lane();
const lanes = spread([first, second]);
const previews: Body[] = [];
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => meshWorker,
  modelWorker: () => ({ predict: async (body: Body) => (previews.push(body), failure) }),
  engineLanes: Object.assign(() => lanes, { started: () => lanes }),
  // The editor's engine worker is the first lane (workers.ts).
  engineWorker: () => first,
}));
// Whether the editor's scene is a building's room as the building has it (editedRoom.ts, which compares
// real scenes): said by the test's scene.
vi.mock('../../src/app/compute/building/editedRoom', () => ({
  editedRoom: (scene: { ifcRoom?: { index: number }; changedHere?: boolean; otherAround?: boolean }) =>
    scene.ifcRoom
      ? {
          index: scene.ifcRoom.index,
          changed: scene.changedHere ?? false,
          reshaped: scene.changedHere ?? false,
          buildingAround: !scene.otherAround,
        }
      : null,
}));
vi.mock('../../src/app/compute/predictor', () => ({ ensureModel: async () => {} }));
// A Lux server's jobs: what the building's job is sent with.
const jobs: { context?: Float32Array | null; withoutContext?: (i: number) => boolean }[] = [];
vi.mock('../../src/core/jobs/buildingOnServer', () => ({
  analyseOnServer: async (_t: unknown, requests: unknown[], o: (typeof jobs)[number]) => {
    jobs.push(o);
    return requests.map(() => null);
  },
}));

const { useBuilding } = await import('../../src/app/compute/building/store');
const { analyse } = await import('../../src/app/compute/building/analyse');
const { startRun } = await import('../../src/app/compute/building/run');
const { runBuildingYear } = await import('../../src/app/compute/building/year');
const { useClimate } = await import('../../src/app/compute/climate');
const { useAnswer } = await import('../../src/app/compute/answerStore');
const { buildingPreview, findProposals, useProposals } = await import('../../src/app/compute/proposals');
const { runClimate } = await import('../../src/app/compute/climate');
const { settleNow } = await import('../../src/app/compute/settle');
const { shownAnswer } = await import('../../src/app/compute/answerStore');
const { useApp } = await import('../../src/app/state/store');
const { defaultScene } = await import('../../src/app/scene/scene');

/** A room's request, named for the test; its one window carries its angles, as the worker makes them. */
const request = (name: string) => ({
  body: {
    name,
    model_type: 'df_default',
    parameters: { windows: { w1: { horizon: [0], zenith: [0] } } },
  },
});
// At 3 m the room is sent at its height, among the building; at 14 m it is lowered to the API's 10 m.
const rooms = [{ floor_height_above_terrain: 3 }, { floor_height_above_terrain: 14 }];
const engineRuns = () => [...first.runs, ...second.runs];
const named = (runs: Body[]) => runs.map((b) => [b.name, b.mesh_id ?? 'angles']).sort();

beforeEach(() => {
  around = A;
  for (const l of [first, second]) Object.assign(l, { held: null, handed: [], runs: [], refuse: null });
  previews.length = 0;
  jobs.length = 0;
  meshWorker.buildingMesh.mockClear();
  useBuilding.setState({
    building: { north: 0, rooms } as never,
    requests: [request('low'), request('high')],
    outcomes: [null, null],
    message: null,
    phase: 'analysing',
  });
});

describe('a building’s engine runs among its own mesh, as the command line’s', () => {
  it('names the mesh for a room at its height, leaves a room above 10 m and the model’s preview on their angles', async () => {
    await analyse(startRun());
    // Draft and standard, each room once.
    expect(named(engineRuns())).toEqual([
      ['high', 'angles'],
      ['high', 'angles'],
      ['low', A],
      ['low', A],
    ]);
    expect(named(previews)).toEqual([
      ['high', 'angles'],
      ['low', 'angles'],
    ]);
    // Every lane is a worker of its own: each holds its copy.
    expect([first.handed, second.handed]).toEqual([[A], [A]]);
  });

  it('hands the mesh over once, and the new one after a context change before the next run', async () => {
    await analyse(startRun());
    await analyse(startRun());
    expect([first.handed, second.handed]).toEqual([[A], [A]]);
    // The triangles travelled once (both lanes' copies at once); the second run asked the id only.
    expect(meshWorker.buildingMesh.mock.calls).toEqual([[0], [2], [0]]);
    // A context file added (or trees left out): the worker's surroundings and their id are new.
    around = B;
    first.runs.length = second.runs.length = 0;
    await analyse(startRun());
    expect([first.handed, second.handed]).toEqual([
      [A, B],
      [A, B],
    ]);
    expect(named(engineRuns()).filter(([n]) => n === 'low')).toEqual([
      ['low', B],
      ['low', B],
    ]);
  });

  it('says why a lane did not take the mesh, computes from the angles meanwhile, and clears it once taken', async () => {
    second.refuse = new Error('out of memory');
    await analyse(startRun());
    expect(useBuilding.getState().message).toMatch(
      /^The engine could not take the building's surroundings \(out of memory\): its rooms are computed from each window's angles/,
    );
    expect(named(engineRuns()).every(([, m]) => m === 'angles')).toBe(true);
    second.refuse = null;
    await analyse(startRun());
    expect(useBuilding.getState().message).toBeNull();
    expect(second.handed).toEqual([A]);
  });

  it('runs the year among the mesh too, a room above 10 m on its angles', async () => {
    useBuilding.setState({ phase: 'done', yearWeather: null });
    useClimate.setState({
      weather: {
        name: 'a.epw',
        text: 'A',
        digest: 'a',
        location: { city: 'A' },
        months: [],
        notes: [],
      } as never,
    });
    await runBuildingYear();
    expect(named(engineRuns())).toEqual([
      ['high', 'angles'],
      ['low', A],
    ]);
  });

  it('sends the building’s surroundings with a server’s job, a room above 10 m without them', async () => {
    useAnswer.setState({ remote: { url: 'http://lux.test', token: '' } as never });
    try {
      await analyse(startRun());
    } finally {
      useAnswer.setState({ remote: null });
    }
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.context).toBeInstanceOf(Float32Array);
    expect(jobs[0]!.context).toHaveLength(9);
    expect([0, 1].map((i) => jobs[0]!.withoutContext!(i))).toEqual([false, true]);
  });
});

describe('the proposals’ fast answer for a building’s room (buildingPreview)', () => {
  const body = (windows: Record<string, object>, extra: object = {}) =>
    ({ name: 'low', model_type: 'df_default', mesh_id: A, parameters: { windows, ...extra } }) as never;
  const angled = { horizon: [0], zenith: [0] };

  it('asks the model on the windows’ angles, and the engine among the mesh where the model cannot answer', async () => {
    const preview = buildingPreview(first as never, -1);
    await expect(preview(body({ w1: angled }))).rejects.toThrow('not computed here');
    // A second window (no angles of its own), a sloped ceiling: the engine's draft, the mesh named.
    await expect(preview(body({ w1: angled, w2: {} }))).rejects.toThrow('not computed here');
    await expect(preview(body({ w1: angled }, { ceiling_planes: [[0, 0, 3]] }))).rejects.toThrow();
    expect(named(previews)).toEqual([['low', 'angles']]);
    expect(named(first.runs)).toEqual([
      ['low', A],
      ['low', A],
    ]);
  });
});

describe('the editor’s engine runs of a building’s room', () => {
  const weather = { text: 'A', digest: 'a' };
  /** The editor's room: room `index` of the building, as the building has it or changed here. */
  const editing = (index: number | null, changedHere = false, otherAround = false) =>
    useApp.setState({
      scene: {
        ...defaultScene(),
        ...(index === null ? {} : { ifcRoom: { file: 'b.ifc', index } }),
        changedHere,
        otherAround,
      } as never,
    });
  const meshes = () => first.runs.map((b) => b.mesh_id ?? 'angles');

  it('name the building’s mesh as its row’s do: its year and its proposals’ confirmations', async () => {
    editing(0);
    await runClimate(weather);
    // The year's first estimate (which fails here: the test's lanes compute nothing, so the year stops).
    expect(meshes()).toEqual([A]);
    // The lanes were handed the mesh before the editor's first run named it.
    expect(first.handed).toEqual([A]);
    first.runs.length = 0;
    // Its windows without angles of their own (a building's mesh as surroundings): the search's fast
    // answer is the engine's draft among the building, as the Building view's search (buildingPreview).
    useApp.setState((a) => ({
      scene: { ...a.scene, surroundings: { kind: 'mesh', name: 'b', triangles: 0, perWindow: {} } } as never,
    }));
    await findProposals('bfs');
    // The search failed on its first answer (the test's lanes compute nothing): an engine run, named.
    expect(meshes()).toEqual([A]);
  });

  it('read the angles once the room is changed here or other surroundings chosen, for a room above 10 m, or a room drawn here', async () => {
    for (const [index, changed, other] of [
      [0, true, false],
      [0, false, true],
      [1, false, false],
      [null, false, false],
    ] as const) {
      editing(index, changed, other);
      first.runs.length = 0;
      await runClimate(weather);
      expect(meshes(), `room ${index}, changed ${changed}, other surroundings ${other}`).toEqual(['angles']);
    }
  });
  it('settle the map among the building as its row, and the page knows it was (the report says so)', async () => {
    const answer = { method: { kind: 'engine', quality: 'draft' } };
    const simulate = first.simulate;
    // The editor's runs answer here: the map settles (draft, then standard).
    first.simulate = async (_job: number, body: Body) =>
      (first.runs.push(body), { ok: true, answer }) as never;
    try {
      for (const [index, among] of [
        [0, true],
        [1, false],
      ] as const) {
        editing(index);
        first.runs.length = 0;
        settleNow();
        await vi.waitFor(() => expect(first.runs).toHaveLength(2));
        await vi.waitFor(() => expect(useAnswer.getState().engine).toMatchObject({ phase: 'done' }));
        expect(meshes(), `room ${index}`).toEqual(among ? [A, A] : ['angles', 'angles']);
        expect(shownAnswer()?.amongBuilding, `room ${index}`).toBe(among ? true : undefined);
      }
    } finally {
      first.simulate = simulate;
    }
  });
  it('say so when the building’s surroundings were made again during a proposals search', async () => {
    editing(0);
    useApp.setState((a) => ({
      scene: { ...a.scene, surroundings: { kind: 'mesh', name: 'b', triangles: 0, perWindow: {} } } as never,
    }));
    const simulate = first.simulate;
    // The trees were left out meanwhile: the lanes hold the new surroundings, and the old id is refused.
    first.simulate = async () => {
      first.held = B;
      return { ok: false, error: { type: 'validation_error', message: 'no longer loaded here' } } as never;
    };
    try {
      await findProposals('bfs');
    } finally {
      first.simulate = simulate;
    }
    expect(useProposals.getState()).toMatchObject({
      phase: 'error',
      error:
        'The building’s surroundings changed during the search (its trees, a context file or a frame ratio): ask again to search among them.',
    });
    // Still held: the engine's own message.
    first.simulate = async () =>
      ({ ok: false, error: { type: 'internal_error', message: 'out of memory' } }) as never;
    try {
      await findProposals('bfs');
    } finally {
      first.simulate = simulate;
    }
    expect(useProposals.getState()).toMatchObject({ phase: 'error', error: 'out of memory' });
  });
});
