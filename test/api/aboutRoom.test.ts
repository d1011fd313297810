import { describe, expect, it } from 'vitest';
import { HeldMeshes } from '../../src/core/api/heldMeshes';
import { encode } from '../../src/core/api/encodeOps';
import { obstructionAll } from '../../src/core/api/obstructionOps';
import { OPEN_CONTEXT, type OpContext, type OpResult } from '../../src/core/api/result';
import { run } from '../../src/core/api/runOps';
import { simulate } from '../../src/core/api/simulateOps';
import { float32Step, movedParameters, planOriginFor } from '../../src/core/validation/aboutRoom';
import { DEFAULT_LIMITS, parseRunRequest } from '../../src/core/validation/requests';
import { stressRoom } from '../../src/evaluation/stressSuite';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * Rooms far from their plan's origin (docs/api-decisions.md, "Limits on geometry"): a national grid's
 * coordinates once turned an angles-only room of 2.0 % DF into 0.07 %, because the engine's and the model's
 * geometry is single precision. Moved about the room before anything becomes single precision, the room
 * drawn at (2 600 km, 1 200 km) is the room drawn at the origin, to the bit, and the answer's points are
 * the user's.
 */
const SWISS = { x: 2_600_000, y: 1_200_000 };
const UTM = { x: 500_000, y: 5_300_000 };

type Body = Record<string, unknown> & { parameters: Record<string, unknown> };

/** The body and its mesh moved by d, as a client in projected coordinates sends it. */
function movedBody(body: Body, d: { x: number; y: number }): Body {
  const p = body.parameters as unknown as Parameters<typeof movedParameters>[0];
  const out: Body = { ...body, parameters: { ...movedParameters(p, { x: -d.x, y: -d.y }) } };
  if (Array.isArray(body.mesh)) out.mesh = movedMesh(body.mesh as number[][], d);
  return out;
}

const movedMesh = (mesh: number[][], d: { x: number; y: number }) =>
  mesh.map(([x, y, z]) => [x! + d.x, y! + d.y, z!]);

interface Fan {
  horizon: number[];
  zenith: number[];
}
interface Answer extends Fan {
  result: number[][];
  origin: { x: number; y: number };
  windows: Record<string, Fan & { reference_point: { x: number; y: number; z: number } }>;
  warnings: string[];
}

const json = (r: OpResult): Answer => {
  if (r.kind !== 'json') throw new Error('expected JSON');
  return r.value as unknown as Answer;
};

function roomBody(cls: 'street-canyon' | 'angles-only', k: number): Body {
  const s = stressRoom(cls, k);
  return { ...s.body, response_format: 'json', ...(s.mesh ? { mesh: s.mesh } : s.angles) } as Body;
}

/**
 * The same map: each cell within 1 % (+ the wire's 1e-4 rounding), the room's mean within 0.3 %. The far
 * room is the near one rounded at its coordinates' last bits (1e-10 m), which can turn one of the engine's
 * random paths or the model's exterior rays another way; read where it lay, it was off by 10–97 %.
 */
function expectSameMap(b: number[][], a: number[][]) {
  const mean = meanOf(a);
  expect(mean).toBeGreaterThan(0.05);
  a.forEach((r, i) =>
    r.forEach((v, j) => expect(Math.abs(b[i]![j]! - v)).toBeLessThanOrEqual(0.01 * v + 2e-4)),
  );
  expect(Math.abs(meanOf(b) / mean - 1)).toBeLessThan(0.003);
}
const meanOf = (a: number[][]) => a.flat().reduce((s, v) => s + v, 0) / a.flat().length;
/** The same angles (°) to 1e-6: the far room is the near one rounded to its coordinates' last bits. */
function expectAngles(
  b: { horizon: number[]; zenith: number[] },
  a: { horizon: number[]; zenith: number[] },
) {
  const off = (p: number[], q: number[]) => Math.max(...p.map((v, i) => Math.abs(v - q[i]!)));
  expect(off(b.horizon, a.horizon)).toBeLessThan(1e-6);
  expect(off(b.zenith, a.zenith)).toBeLessThan(1e-6);
}
const plus = (p: { x: number; y: number }, d: { x: number; y: number }) => ({ x: p.x + d.x, y: p.y + d.y });

describe('a room far from its plan’s origin', () => {
  it('is moved by whole kilometres, on the axes where it is far, and exactly', () => {
    expect(
      planOriginFor([
        [3, 4],
        [900, -20],
      ]),
    ).toEqual({ x: 0, y: 0 });
    expect(
      planOriginFor([
        [2_600_123.45, 1_199_990.05],
        [2_600_131.45, 1_200_002.05],
      ]),
    ).toEqual(SWISS);
    expect(
      planOriginFor([
        [-5_400.2, 20],
        [-5_390.2, 30],
      ]),
    ).toEqual({ x: -5_000, y: 0 });
    // x − whole metres is exact in double precision: the moved room plus the shift is the room.
    const x = 2_600_123.456789;
    expect(x - 2_600_000 + 2_600_000).toBe(x);
    expect(float32Step(2_600_000)).toBe(0.25);
    expect(float32Step(5_300_000)).toBe(0.5);
  });

  it('gets the engine’s answer of the same room at the origin, its points where the user drew them', () => {
    const near = roomBody('street-canyon', 996100);
    for (const d of [SWISS, UTM]) {
      const a = json(simulate({ ...near, quality: 'draft' }, OPEN_CONTEXT));
      const b = json(simulate({ ...movedBody(near, d), quality: 'draft' }, OPEN_CONTEXT));
      expectSameMap(b.result, a.result);
      expect(b.origin).toEqual(plus(a.origin, d));
      for (const [id, w] of Object.entries(a.windows)) {
        expectAngles(b.windows[id]!, w);
        expect(b.windows[id]!.reference_point.x).toBeCloseTo(w.reference_point.x + d.x, 3);
        expect(b.windows[id]!.reference_point.y).toBeCloseTo(w.reference_point.y + d.y, 3);
      }
      expect(b.warnings).toEqual(a.warnings);
    }
    // Read where it lies, as before the move, single precision turns it into another room.
    const far = parseRunRequest(movedBody(near, SWISS));
    const ys = new Set(
      Array.from(
        far.mesh!.positions.filter((_, i) => i % 3 === 1),
        (y) => y % 0.125,
      ),
    );
    expect(ys).toEqual(new Set([0]));
  });

  it('names the steps of a mesh that came in single precision, and still answers about the room', () => {
    // A stored mesh (or an NPY upload) is float32 where the client sent it: rounded there to 0.25 m.
    const near = roomBody('street-canyon', 996100);
    const far = movedBody(near, SWISS);
    const stored = Float32Array.from((far.mesh as number[][]).flat());
    // Held as a browser worker holds it (a server's store keeps its moved copies itself: threadMeshes.test.ts).
    const held = new HeldMeshes();
    held.hold('ab'.repeat(32), stored);
    const ctx: OpContext = { ...OPEN_CONTEXT, storedMesh: held.resolve };
    const { mesh: _m, ...bare } = far;
    const b = json(simulate({ ...bare, mesh_id: 'ab'.repeat(32), quality: 'draft' }, ctx));
    const a = json(simulate({ ...near, quality: 'draft' }, OPEN_CONTEXT));
    expect(b.warnings).toEqual([
      "the mesh came in single precision (an NPY file or a stored mesh) far from the plan's origin, where its points lie 25 cm apart: its surroundings are that coarse; send the mesh as JSON, or move the model near the origin",
    ]);
    expect(Math.abs(meanOf(b.result) / meanOf(a.result) - 1)).toBeLessThan(0.1);
  });

  it('moves a held mesh once for each origin its rooms lie about, so its trees are built once', () => {
    const near = roomBody('street-canyon', 996100);
    const { mesh: m, ...bare } = movedBody(near, SWISS);
    const held = new HeldMeshes();
    held.hold('ab'.repeat(32), Float32Array.from((m as number[][]).flat()));
    const soup = held.resolve('ab'.repeat(32));
    const limits = { ...DEFAULT_LIMITS, storedMesh: held.resolve };
    const at = (d: { x: number; y: number }) =>
      parseRunRequest({ ...movedBody(bare as Body, d), mesh_id: 'ab'.repeat(32) }, limits, {
        asComputed: true,
      }).mesh!;
    const first = at({ x: 0, y: 0 });
    // Another room of the same building (the same kilometre square): the same moved soup, to the object.
    expect(at({ x: 3, y: -2 })).toBe(first);
    expect(first.positions[1]).toBe(soup.positions[1]! - SWISS.y);
    // Kept for the next rooms: in shared memory (handed to the solve thread, not copied), worth a tree.
    expect(first.positions.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(first.reused).toBe(true);
    // Four other squares in turn: the first is dropped (four kept), and moved again when a room needs it.
    const others = [1, 2, 3, 4].map((k) => at({ x: 1000 * k, y: 0 }));
    expect(new Set(others.map((o) => o.positions)).size).toBe(4);
    expect(at({ x: 4000, y: 0 })).toBe(others[3]);
    const again = at({ x: 0, y: 0 });
    expect(again).not.toBe(first);
    expect(again.positions).toEqual(first.positions);
  });

  it('gets the model’s answer of the same room at the origin, angles-only rooms included', async () => {
    const model = await loadModel(SHIPPED_CARD_PATH);
    const ctx: OpContext = { ...OPEN_CONTEXT, model: async () => model };
    for (const body of [roomBody('angles-only', 996101), roomBody('street-canyon', 996102)]) {
      const a = json(await run(body, ctx));
      const b = json(await run(movedBody(body, UTM), ctx));
      expectSameMap(b.result, a.result);
      expect(b.origin).toEqual(plus(a.origin, UTM));
      expect(b.warnings).toEqual(a.warnings);
    }
  }, 60_000);

  it('gets the same obstruction angles and /encode images, its reference points where the user drew them', () => {
    const s = stressRoom('street-canyon', 996103);
    const body = {
      room_polygon: s.body.parameters.room_polygon,
      windows: s.body.parameters.windows,
      mesh: s.mesh,
    };
    const a = json(obstructionAll(body, OPEN_CONTEXT));
    const moved = movedBody({ parameters: body, mesh: s.mesh } as Body, SWISS);
    const b = json(obstructionAll({ ...moved.parameters, mesh: moved.mesh }, OPEN_CONTEXT));
    for (const [id, w] of Object.entries(a.windows)) {
      expectAngles(b.windows[id]!, w);
      expect(b.windows[id]!.reference_point.x).toBeCloseTo(w.reference_point.x + SWISS.x, 3);
    }
    const view = { x: 1.5, y: 0.5, z: 1.2, direction_angle: 200, mesh: s.mesh };
    const v = json(obstructionAll(view, OPEN_CONTEXT));
    const vMoved = json(
      obstructionAll(
        {
          ...view,
          x: 1.5 + UTM.x,
          y: 0.5 + UTM.y,
          mesh: movedMesh(s.mesh!, UTM),
        },
        OPEN_CONTEXT,
      ),
    );
    expectAngles(vMoved, v);
    // /encode draws the original's images from the room where it was drawn; its angles come about the room.
    const enc = (b: Body) =>
      encode({ ...b, model_type: 'df_default', response_format: undefined }, OPEN_CONTEXT);
    const e0 = enc(roomBody('street-canyon', 996103)),
      e1 = enc(movedBody(roomBody('street-canyon', 996103), SWISS));
    if (e0.kind !== 'file' || e1.kind !== 'file') throw new Error('expected a file');
    expect(Buffer.from(e1.bytes).equals(Buffer.from(e0.bytes))).toBe(true);
  });
});
