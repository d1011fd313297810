import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { npyBytes } from '../../src/core/encoding/npy';
import { cityMesh, BENCH_ROOM } from '../../bench/scenes';
import { EXAMPLE_BODIES, MESH } from '../helpers/exampleBodies';
import { post, testApp, tokensFor } from './inProcess';

/**
 * Contexts uploaded once (issue 17): POST /v2/meshes answers the content hash as `mesh_id`, and every
 * endpoint that takes `mesh` takes `mesh_id` instead, with the same answer. The store is bounded (LRU),
 * an unknown id is a 404 the client answers by uploading again.
 */
const city = cityMesh(3_000, 7);
const cityFlat = Float32Array.from(city.flat());
const expectedId = createHash('sha256').update(new Uint8Array(cityFlat.buffer)).digest('hex');

/** LV95's coordinates (2 600 km east, 1 200 km north): rooms there are computed about their kilometre square. */
const SWISS = { x: 2_600_000, y: 1_200_000 };
const farMesh = (m: number[][]) => m.map(([x, y, z]) => [x! + SWISS.x, y! + SWISS.y, z!]);
/** The bench room moved to SWISS, and `dx` metres east. */
const farRoom = (dx = 0) => ({
  room_polygon: BENCH_ROOM.room_polygon.map(([x, y]) => [x! + SWISS.x + dx, y! + SWISS.y]),
  windows: Object.fromEntries(
    Object.entries(BENCH_ROOM.windows).map(([id, w]) => [
      id,
      { ...w, x1: w.x1 + SWISS.x + dx, x2: w.x2 + SWISS.x + dx, y1: w.y1 + SWISS.y, y2: w.y2 + SWISS.y },
    ]),
  ),
});

const upload = async (app: ReturnType<typeof testApp>, mesh: unknown) => {
  const res = await post(app, '/v2/meshes', { mesh });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('POST /v2/meshes', () => {
  const app = testApp();

  it('answers the SHA-256 of the float32 positions, the triangle count and the bytes held', async () => {
    const { status, body } = await upload(app, city);
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', mesh_id: expectedId, triangles: 3_000 });
    // positions (36 bytes a triangle), the obstruction tree, and the engine's tree (72 bytes a triangle
    // in float64) with its normals (12): about 4 × the positions in all
    expect(body.bytes).toBeGreaterThan(3_000 * (36 + 72 + 12));
    expect(body.bytes).toBeLessThan(3_000 * 36 * 6);
  });

  it('gives the same id to the same context sent as .npy, gzip .npy, a form or a raw file', async () => {
    const npy = npyBytes(cityFlat, [city.length, 3]);
    const form = new FormData();
    form.set('mesh', new Blob([npy as BlobPart]), 'context.npy');
    const bodies: [BodyInit, Record<string, string>][] = [
      [form, {}],
      [npy as BodyInit, { 'content-type': 'application/octet-stream' }],
      [gzipSync(npy) as BodyInit, { 'content-type': 'application/gzip' }],
    ];
    for (const [body, headers] of bodies) {
      const res = await app.request('/v2/meshes', { method: 'POST', body, headers });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { mesh_id: string }).mesh_id).toBe(expectedId);
    }
  });

  it('checks the mesh as every endpoint does', async () => {
    expect(await upload(app, [[0, 0, 0]])).toMatchObject({ status: 400 });
    expect(
      await upload(app, [
        [0, 0, 'x'],
        [1, 0, 0],
        [0, 1, 0],
      ]),
    ).toMatchObject({
      status: 400,
      body: { error: "Parameter 'mesh[0][2]' must be a finite number" },
    });
    const res = await post(app, '/v2/meshes', {});
    expect(await res.json()).toMatchObject({
      error_type: 'validation_error',
      error: expect.stringMatching(/mesh/),
    });
  });
});

describe('mesh_id in place of mesh', () => {
  const app = testApp();
  const room = { room_polygon: BENCH_ROOM.room_polygon, windows: BENCH_ROOM.windows };
  const viewpoint = { x: 2.5, y: -0.5, z: 4.5, direction_angle: 270 };

  const sameAnswer = async (path: string, body: Record<string, unknown>, id: string) => {
    const inline = await post(app, path, { ...body, mesh: city });
    const byId = await post(app, path, { ...body, mesh_id: id });
    expect(byId.status).toBe(200);
    expect(inline.status).toBe(200);
    return { inline: Buffer.from(await inline.arrayBuffer()), byId: Buffer.from(await byId.arrayBuffer()) };
  };

  it('answers /obstruction_all, /horizon, /zenith, /obstruction and /encode exactly as with the mesh', async () => {
    const { body } = await upload(app, city);
    const id = body.mesh_id as string;
    for (const [path, req] of [
      ['/v2/obstruction_all', room],
      ['/v2/obstruction_all', viewpoint],
      ['/v2/horizon', viewpoint],
      ['/v2/zenith', viewpoint],
      ['/v2/obstruction', viewpoint],
      ['/v2/encode', { model_type: 'df_default', parameters: BENCH_ROOM }],
    ] as const) {
      const { inline, byId } = await sameAnswer(path, req, id);
      expect(byId.equals(inline), path).toBe(true);
    }
    // The context is not empty around this room: the fan sees buildings.
    const fan = await (await post(app, '/v2/obstruction_all', { ...room, mesh_id: id })).json();
    expect(Math.max(...fan.horizon)).toBeGreaterThan(0);
  });

  it('checks a stored mesh on /get-reference-point like a sent one', async () => {
    const { body } = await upload(app, MESH);
    const ok = await post(app, '/v2/get-reference-point', {
      ...(EXAMPLE_BODIES['/get-reference-point']![0] as object),
      mesh_id: body.mesh_id,
    });
    expect(ok.status).toBe(200);
    const unknown = await post(app, '/v2/get-reference-point', {
      ...(EXAMPLE_BODIES['/get-reference-point']![0] as object),
      mesh_id: 'f'.repeat(64),
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses an unknown id with a 404 that says to upload again, a malformed one and both at once with 400', async () => {
    const unknown = await post(app, '/v2/obstruction_all', { ...room, mesh_id: '0'.repeat(64) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({
      error_type: 'not_found',
      error: expect.stringContaining('upload it again with POST /v2/meshes'),
    });
    const bad = await post(app, '/v2/obstruction_all', { ...room, mesh_id: 'abc' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/mesh_id.*64 hexadecimal/);
    const { body } = await upload(app, MESH);
    const both = await post(app, '/v2/obstruction_all', { ...room, mesh: MESH, mesh_id: body.mesh_id });
    expect(both.status).toBe(400);
    expect((await both.json()).error).toBe("Give either 'mesh' or 'mesh_id', not both");
    const neither = await post(app, '/v2/obstruction_all', room);
    expect((await neither.json()).error).toMatch(/Missing required parameter.*mesh/);
  });

  it('GET /v2/meshes/{id} says whether it is held; DELETE forgets it', async () => {
    const { body } = await upload(app, MESH);
    const id = body.mesh_id as string;
    expect(await (await app.request(`/v2/meshes/${id}`)).json()).toEqual(body);
    expect((await app.request(`/v2/meshes/${id}`, { method: 'DELETE' })).status).toBe(200);
    expect((await app.request(`/v2/meshes/${id}`)).status).toBe(404);
    expect((await post(app, '/v2/obstruction_all', { ...room, mesh_id: id })).status).toBe(404);
    expect((await app.request('/v2/meshes/nope')).status).toBe(400);
  });

  it('reports the store in health', async () => {
    const health = await (await app.request('/v2/')).json();
    expect(health.mesh_store.count).toBeGreaterThan(0);
    expect(health.mesh_store.limit_bytes).toBe(512 * 1024 * 1024);
  });
});

describe('the store is bounded', () => {
  it('evicts the least recently used context past LUX_MESH_STORE_BYTES', async () => {
    // Room for two contexts of 1 000 triangles, not three.
    const one = (await upload(testApp(), cityMesh(1_000, 1))).body.bytes as number;
    const app = testApp({ meshStoreBytes: Math.floor(2.5 * one) });
    const ids: string[] = [];
    for (const seed of [1, 2]) ids.push((await upload(app, cityMesh(1_000, seed))).body.mesh_id as string);
    // Using the first makes the second the least recently used.
    const room = { room_polygon: BENCH_ROOM.room_polygon, windows: BENCH_ROOM.windows };
    expect((await post(app, '/v2/obstruction_all', { ...room, mesh_id: ids[0] })).status).toBe(200);
    ids.push((await upload(app, cityMesh(1_000, 3))).body.mesh_id as string);
    const held = await Promise.all(ids.map(async (id) => (await app.request(`/v2/meshes/${id}`)).status));
    expect(held).toEqual([200, 404, 200]);
    const health = await (await app.request('/v2/')).json();
    expect(health.mesh_store).toMatchObject({ count: 2, limit_bytes: Math.floor(2.5 * one) });
    expect(health.mesh_store.bytes).toBeLessThanOrEqual(2.5 * one);
  });

  it('refuses a context larger than the whole store with 413', async () => {
    const app = testApp({ meshStoreBytes: 10_000 });
    const { status, body } = await upload(app, cityMesh(1_000, 1));
    expect(status).toBe(413);
    expect(body.error).toMatch(/LUX_MESH_STORE_BYTES/);
  });
});

describe('scopes', () => {
  const app = testApp({
    tokens: tokensFor([
      { token: 'runner', name: 'runner', scopes: ['run'] },
      { token: 'counter', name: 'counter', scopes: ['stats'] },
    ]),
  });
  it('lets any token that may send a mesh store one, and no other', async () => {
    const ok = await post(app, '/v2/meshes', { mesh: MESH }, { authorization: 'Bearer runner' });
    expect(ok.status).toBe(200);
    const refused = await post(app, '/v2/meshes', { mesh: MESH }, { authorization: 'Bearer counter' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toMatch(/'obstruction' or 'run' or/);
  });
});

describe('tenancy: a stored context belongs to the token that uploaded it (issue 36 §5)', () => {
  const tokens = tokensFor([
    { token: 'alice', name: 'alice', scopes: ['*'] },
    { token: 'bob', name: 'bob', scopes: ['*'] },
  ]);
  const as = (who: string) => ({ authorization: `Bearer ${who}` });
  const room = { room_polygon: BENCH_ROOM.room_polygon, windows: BENCH_ROOM.windows };

  it('is unknown to another token: 404 to look up, use or delete, as if it were never stored', async () => {
    const app = testApp({ tokens });
    const id = (await (await post(app, '/v2/meshes', { mesh: MESH }, as('alice'))).json()).mesh_id as string;
    expect((await app.request(`/v2/meshes/${id}`, { headers: as('alice') })).status).toBe(200);
    expect((await app.request(`/v2/meshes/${id}`, { headers: as('bob') })).status).toBe(404);
    expect((await post(app, '/v2/obstruction_all', { ...room, mesh_id: id }, as('bob'))).status).toBe(404);
    expect((await app.request(`/v2/meshes/${id}`, { method: 'DELETE', headers: as('bob') })).status).toBe(
      404,
    );
    // Still alice's, and usable by her.
    expect((await post(app, '/v2/obstruction_all', { ...room, mesh_id: id }, as('alice'))).status).toBe(200);
    // Bob uploading the same content gets the same id, as his own; deleting his leaves hers.
    expect((await (await post(app, '/v2/meshes', { mesh: MESH }, as('bob'))).json()).mesh_id).toBe(id);
    expect((await app.request(`/v2/meshes/${id}`, { method: 'DELETE', headers: as('bob') })).status).toBe(
      200,
    );
    expect((await app.request(`/v2/meshes/${id}`, { headers: as('alice') })).status).toBe(200);
  });

  it('shares the store fairly: a token uploading past the limit evicts its own contexts, not another’s', async () => {
    const one = (await upload(testApp(), cityMesh(1_000, 1))).body.bytes as number;
    const app = testApp({ tokens, meshStoreBytes: Math.floor(3.5 * one) });
    const id = async (who: string, seed: number) =>
      (await (await post(app, '/v2/meshes', { mesh: cityMesh(1_000, seed) }, as(who))).json())
        .mesh_id as string;
    const hers = await id('alice', 1);
    const his: string[] = [];
    for (const seed of [2, 3, 4, 5, 6]) his.push(await id('bob', seed));
    const held = async (who: string, i: string) =>
      (await app.request(`/v2/meshes/${i}`, { headers: as(who) })).status;
    expect(await held('alice', hers)).toBe(200);
    // Bob keeps his two most recent; his older ones went first. The context just stored always stays,
    // even when its owner holds the most: a token with one big context keeps it.
    expect(await held('bob', his[4]!)).toBe(200);
    expect(await Promise.all(his.map((i) => held('bob', i)))).toEqual([404, 404, 404, 200, 200]);
  });
});

describe('a real server with two compute threads (shared memory across threads)', async () => {
  const { startServer } = await import('../helpers/server');
  const server = await startServer({ LUX_WORKERS: '2' });
  const send = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      body: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
  afterAll(() => server.stop());

  it('serves /run, /simulate and /obstruction_all by mesh_id from every thread, as with the mesh', async () => {
    const up = await (await send('/v2/meshes', { mesh: city })).json();
    expect(up.mesh_id).toBe(expectedId);
    const run = { model_type: 'df_default', parameters: BENCH_ROOM };
    const sim = { ...run, quality: 'draft', seed: 2 };
    for (const [path, body] of [
      ['/v2/run', run],
      ['/v2/simulate', sim],
      ['/v2/obstruction_all', { room_polygon: BENCH_ROOM.room_polygon, windows: BENCH_ROOM.windows }],
    ] as const) {
      const inline = await (await send(path, { ...body, mesh: city })).text();
      // Four at once: both threads answer by id, each from the same shared memory.
      const byId = await Promise.all(
        [1, 2, 3, 4].map(async () => (await send(path, { ...body, mesh_id: up.mesh_id })).text()),
      );
      for (const t of byId) expect(t, path).toBe(inline);
    }
  });

  it('keeps a copy moved by one thread for a room far from the origin, and every thread answers from it', async () => {
    const far = farMesh(city);
    const up = await (await send('/v2/meshes', { mesh: far })).json();
    const room = farRoom();
    const first = await (await send('/v2/obstruction_all', { ...room, mesh_id: up.mesh_id })).text();
    const held = await (await fetch(`${server.url}/v2/meshes/${up.mesh_id}`)).json();
    // The copy and its trees: about the context's bytes again (its trees split the moved points alike).
    expect(held.bytes / up.bytes).toBeCloseTo(2, 2);
    const byId = await Promise.all(
      [1, 2, 3, 4].map(async () =>
        (await send('/v2/obstruction_all', { ...room, mesh_id: up.mesh_id })).text(),
      ),
    );
    for (const t of byId) expect(t).toBe(first);
    expect((await (await fetch(`${server.url}/v2/meshes/${up.mesh_id}`)).json()).bytes).toBe(held.bytes);
  });
});

describe('a stored context used by rooms far from the plan’s origin (national grid coordinates)', () => {
  // The city and the room 2 600 km east and 1 200 km north (LV95): each room is computed about its
  // kilometre square (aboutRoom.ts), among a copy of the context moved there.
  const farCity = farMesh(cityMesh(1_000, 4));
  const roomAt = farRoom;
  const bytesOf = async (app: ReturnType<typeof testApp>, id: string) =>
    ((await (await app.request(`/v2/meshes/${id}`)).json()) as { bytes: number }).bytes;

  it('keeps each moved copy with its context, counted in the store’s bytes, and answers the same from it', async () => {
    const app = testApp();
    const { body } = await upload(app, farCity);
    const id = body.mesh_id as string;
    const alone = body.bytes as number;
    const first = await (await post(app, '/v2/obstruction_all', { ...roomAt(0), mesh_id: id })).json();
    expect(first.status).toBe('success');
    // The copy and its trees: about the context's bytes again (its trees split the moved points alike).
    const withCopy = await bytesOf(app, id);
    expect(withCopy / alone).toBeCloseTo(2, 2);
    expect((await (await app.request('/v2/')).json()).mesh_store.bytes).toBe(withCopy);
    // Another room of the same square: the kept copy (nothing made), the same angles.
    const again = await (await post(app, '/v2/obstruction_all', { ...roomAt(0), mesh_id: id })).json();
    expect(again).toEqual(first);
    expect(await bytesOf(app, id)).toBe(withCopy);
    // Rooms in five other squares: the latest four copies are kept (MOVES_KEPT), never more.
    for (const k of [1, 2, 3, 4, 5])
      expect((await post(app, '/v2/obstruction_all', { ...roomAt(1000 * k), mesh_id: id })).status).toBe(200);
    expect((await bytesOf(app, id)) / alone).toBeCloseTo(5, 1);
    // Forgetting the context forgets its copies.
    await app.request(`/v2/meshes/${id}`, { method: 'DELETE' });
    expect((await (await app.request('/v2/')).json()).mesh_store.bytes).toBe(0);
  });

  it('never holds more than LUX_MESH_STORE_BYTES: a copy that does not fit is made for the request and dropped', async () => {
    const one = (await upload(testApp(), farCity)).body.bytes as number;
    const app = testApp({ meshStoreBytes: Math.floor(2.5 * one) });
    const id = (await upload(app, farCity)).body.mesh_id as string;
    const first = await (await post(app, '/v2/obstruction_all', { ...roomAt(0), mesh_id: id })).json();
    const withCopy = await bytesOf(app, id);
    expect(withCopy / one).toBeCloseTo(2, 2);
    const other = await post(app, '/v2/obstruction_all', { ...roomAt(1000), mesh_id: id });
    expect(other.status).toBe(200);
    expect(await bytesOf(app, id)).toBe(withCopy);
    expect((await (await app.request('/v2/')).json()).mesh_store.bytes).toBeLessThanOrEqual(2.5 * one);
    // The copy kept still serves its square.
    expect(await (await post(app, '/v2/obstruction_all', { ...roomAt(0), mesh_id: id })).json()).toEqual(
      first,
    );
  });
});
