import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MeshWorker } from '../../workers/mesh.worker';

// The surroundings worker's own module, its slow steps answered by the test: reading an IFC file and a
// context file (each held until the test lets it end, as web-ifc takes seconds), and the building's rooms
// and angles (stand-ins naming what they were made from: the real ones are tested in test/ifc/).
const held: { what: string; resolve: (v: unknown) => void }[] = [];
const hold = (what: string) => new Promise((resolve) => held.push({ what, resolve }));
/**
 * The worker is reading `what`: its readers load on first use (a dynamic import), so a read begins a few
 * ticks after the call. (Vitest answers two such imports at once with the module's mock for one only: a
 * test starts its second read once the first is under way.)
 */
const reading = (what: string): Promise<number> =>
  vi.waitFor(() => {
    const at = held.findIndex((h) => h.what === what);
    expect(at, `${what} being read among ${held.map((h) => h.what).join()}`).toBeGreaterThanOrEqual(0);
    return at;
  });
/** The read of `what` ends (a file's contents: its name, standing for its triangles). */
async function finish(what: string, value: unknown = what): Promise<void> {
  held.splice(await reading(what), 1)[0]!.resolve(value);
  await new Promise((r) => setTimeout(r, 0));
}

let api: MeshWorker;
vi.mock('comlink', () => ({
  expose: (a: MeshWorker) => void (api = a),
  transfer: <T>(v: T) => v,
}));
vi.mock('../../src/ifc/webIfcSource', () => ({
  readIfc: (bytes: Uint8Array) => hold(new TextDecoder().decode(bytes)),
}));
vi.mock('../../src/importers/contextFile', () => ({ readContextFile: (name: string) => hold(name) }));
vi.mock('../../src/core/obstruction', () => ({ buildObstructionScene: () => ({}) }));
/** The options the last building was made with; a frame ratio of FAILING or a `failing` surround throws. */
let made: { defaultFrameRatio: number; vegetation: string } | null = null;
const FAILING = 0.99;
let failing = false;
/** A building's rooms as read: one room, named for its file and the frame ratio it was made with. */
vi.mock('../../src/core/ifc/building', () => ({
  buildingFromIfc: (file: string, o: { defaultFrameRatio: number; vegetation: string }) => {
    if (o.defaultFrameRatio === FAILING) throw new Error('out of memory');
    made = o;
    return {
      north: 0,
      terrainZ: 0,
      rooms: [{ name: `${file} at ${o.defaultFrameRatio}`, room_polygon: [[0, 0]], windows: [] }],
      notes: [],
      context: new Float32Array(9),
    };
  },
  noRoomsMessage: () => null,
}));
/** Each room's request names its room and the context files its angles were measured among. */
vi.mock('../../src/core/building/surroundings', () => ({
  surroundBuilding: (b: { rooms: { name: string }[] }, files: unknown[]) => {
    if (failing) throw new Error('out of memory');
    return {
      context: new Float32Array(9 * (1 + files.length)),
      angles: b.rooms.map(() => []),
      requests: b.rooms.map((r) => ({ room: r.name, among: files })),
    };
  },
  requestsWithCrowns: (b: { rooms: { name: string }[] }) => b.rooms.map((r) => ({ room: r.name })),
  roomRequestWithCrowns: () => ({}),
}));
vi.mock('../../src/core/ifc/roomRequest', () => ({
  requestsWithAngles: (rooms: { name: string }[]) => rooms.map((r) => ({ room: r.name })),
  windowAngles: () => [],
  roomRequest: () => ({}),
}));

await import('../../workers/mesh.worker');

const options = { defaultFrameRatio: 0.2, vegetation: 'opaque' as const };
/** Asks the worker to read `file` (its bytes: its name). */
const open = (file: string) => api.importIfc(file, new TextEncoder().encode(file), options);
/** The building the worker holds now: its room (file and frame ratio) and context files, as made again. */
const holding = () => {
  const r = api.revegetate('opaque');
  api.settleRemakes();
  return r.ok ? { room: r.building.rooms[0]!.name, contexts: r.contexts } : r.message;
};
const city = () => api.addBuildingContext('city.obj', new Uint8Array(), 'auto');

beforeEach(async () => {
  held.length = 0;
  const first = open('office.ifc');
  await finish('office.ifc');
  expect((await first).ok).toBe(true);
});

describe('a context file read for a building while another is opened', () => {
  it('is not added to the building read meanwhile', async () => {
    const adding = city();
    await reading('city.obj');
    const opening = open('school.ifc');
    // The school is read first: the worker holds it while the city is still being read.
    await finish('school.ifc');
    expect((await opening).ok).toBe(true);
    await finish('city.obj');
    const answer = await adding;
    // Before, the city was pushed onto the school's files and its rooms measured among it.
    expect(answer.ok).toBe(false);
    expect(holding()).toEqual({ room: 'school.ifc at 0.2', contexts: [] });
  });

  it('is added to its building when read before the other is', async () => {
    const adding = city();
    await reading('city.obj');
    const opening = open('school.ifc');
    await finish('city.obj');
    const answer = await adding;
    expect(answer.ok && answer.contexts).toEqual(['city.obj']);
    await finish('school.ifc');
    expect((await opening).ok).toBe(true);
    expect(holding()).toEqual({ room: 'school.ifc at 0.2', contexts: [] });
  });
});

describe('two IFC files opened at once', () => {
  it('keeps the one opened last, whichever read ends last', async () => {
    const first = open('school.ifc');
    await reading('school.ifc');
    const second = open('library.ifc');
    await finish('library.ifc');
    expect((await second).ok).toBe(true);
    // The first file's read ends after: the page shows the library, so the worker must hold it too.
    await finish('school.ifc');
    expect((await first).ok).toBe(false);
    expect(holding()).toEqual({ room: 'library.ifc at 0.2', contexts: [] });
  });

  it('keeps the open building when the file opened last is refused', async () => {
    const first = open('school.ifc');
    await reading('school.ifc');
    const second = open('broken.ifc');
    // web-ifc refuses it (the page says so and keeps office.ifc open).
    await finish('broken.ifc', {
      then: (_: unknown, reject: (e: Error) => void) => reject(new Error('Not IFC')),
    });
    expect(await second).toEqual({ ok: false, message: 'Not IFC' });
    await finish('school.ifc');
    expect((await first).ok).toBe(false);
    expect(holding()).toEqual({ room: 'office.ifc at 0.2', contexts: [] });
  });
});

describe('a Cancel of the building’s remakes', () => {
  it('puts the building back as it was before the remakes not yet settled', async () => {
    const adding = city();
    await finish('city.obj');
    expect((await adding).ok).toBe(true);
    expect(api.reframe(0.1).ok).toBe(true);
    api.undoRemakes();
    expect(holding()).toEqual({ room: 'office.ifc at 0.2', contexts: [] });
  });

  it('does not add a context file still being read', async () => {
    const adding = city();
    await reading('city.obj');
    api.undoRemakes();
    await finish('city.obj');
    expect((await adding).ok).toBe(false);
    expect(holding()).toEqual({ room: 'office.ifc at 0.2', contexts: [] });
  });

  it('keeps the remakes the page settled', async () => {
    const adding = city();
    await finish('city.obj');
    await adding;
    api.settleRemakes();
    api.reframe(0.1);
    api.undoRemakes();
    expect(holding()).toEqual({ room: 'office.ifc at 0.2', contexts: ['city.obj'] });
  });
});

describe('a remake that throws in the worker', () => {
  it('leaves the building’s settings as its rooms were made (a frame ratio, trees)', () => {
    expect(() => api.reframe(FAILING)).toThrow('out of memory');
    // Before, the failed ratio stayed in the worker's options: every later remake read it (and threw).
    expect(holding()).toEqual({ room: 'office.ifc at 0.2', contexts: [] });
    failing = true;
    try {
      expect(() => api.revegetate('ignore')).toThrow('out of memory');
    } finally {
      failing = false;
    }
    // The trees' setting as the rooms were made with: opaque, not the 'ignore' whose surroundings failed.
    expect(api.reframe(0.3).ok).toBe(true);
    expect(made).toEqual({ defaultFrameRatio: 0.3, vegetation: 'opaque' });
    api.settleRemakes();
  });
});
