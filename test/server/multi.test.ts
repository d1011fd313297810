import { MODEL_TYPES } from '../../src/core/api/modelTypes';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pkg from '../../package.json' with { type: 'json' };
import { ROUTES } from '../../src/service/operations';
import { EXAMPLE_BODIES, MESH, ROOM_POLYGON, WINDOW } from '../helpers/exampleBodies';
import { ROOT } from '../helpers/paths';
import { waitFor } from '../helpers/processes';
import {
  COMPONENT_NAMES,
  getHealth,
  startMulti,
  startServer,
  type RunningMulti,
  type RunningServer,
} from '../helpers/server';

/**
 * The multi-process mode over HTTP (api.md §Deployment): multi.js with the gateway and five component
 * processes on free ports; an embedded server with the same tokens beside it, to check that the
 * gateway's answers are the embedded ones.
 */
const FULL = 'full-token-for-tests';
const RESTRICTED = 'df-only-token-for-tests';
const OTHER = 'another-full-token-for-tests';
const COMPONENT_TOKEN = 'component-token-for-tests';
const sha = (t: string) => createHash('sha256').update(t).digest('hex');

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = bearer(FULL),
) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const type = res.headers.get('content-type') ?? '';
  const bytes = new Uint8Array(await res.arrayBuffer());
  const json = type.startsWith('application/json')
    ? (JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>)
    : null;
  return { status: res.status, headers: res.headers, type, bytes, json };
}

const grid = {
  df_matrix: [
    [0, 1.5, 2.5],
    [3.5, 0.5, 4],
  ],
  room_mask: [
    [true, true, false],
    [1, 1, 0],
  ],
};
const windowsBody = { room_polygon: ROOM_POLYGON, windows: { w1: WINDOW } };
const encodeBody = EXAMPLE_BODIES['/encode']![0]!;

/** A route that is not wired into core yet answers 404 "Unknown operation": its case is skipped then. */
const notWired = (r: { status: number; json: Record<string, unknown> | null }) =>
  r.status === 404 && String(r.json?.error ?? '').startsWith('Unknown operation');

describe('multi-process mode (gateway + five components)', () => {
  let multi: RunningMulti;
  let embedded: RunningServer;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'lux-multi-'));
    const tokenFile = join(dir, 'tokens.json');
    writeFileSync(
      tokenFile,
      JSON.stringify([
        { token_sha256: sha(FULL), name: 'full', scopes: ['*'] },
        { token_sha256: sha(OTHER), name: 'other', scopes: ['*'] },
        {
          token_sha256: sha(RESTRICTED),
          name: 'df-only',
          scopes: ['stats', 'geometry', 'encode', 'model:df_default'],
        },
      ]),
    );
    const env = {
      LUX_API_TOKENS_FILE: tokenFile,
      LUX_COMPONENT_TOKEN: COMPONENT_TOKEN,
      LUX_RESTART_DELAY_MS: '4000',
      LUX_WORKERS: '1',
      LUX_WORKER_IDLE_MS: '2000',
    };
    [multi, embedded] = await Promise.all([startMulti(env), startServer(env)]);
    // Components start in parallel with the gateway; wait until the gateway has seen them all.
    await waitFor('every component ready at the gateway', async () => {
      const h = await getHealth(multi.url);
      return ['encoder', 'merger', 'obstruction', 'stats'].every((c) => h.services[c] === 'ready')
        ? h
        : undefined;
    });
  });

  afterAll(async () => {
    await Promise.all([multi?.stop(), embedded?.stop()]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('gateway health is the union of every component state, at /, /v2/ and /v1/', async () => {
    // The model component loads its network while the others are ready already, and the gateway caches
    // its probes for a second (a probe of a busy component can time out as 'unavailable'): wait until the
    // model reports ready itself, then the gateway must say exactly the union, at every path.
    await waitFor('the model component ready', async () =>
      (await getHealth(multi.componentUrls.model)).services.model === 'ready' ? true : undefined,
    );
    const services = {
      encoder: 'ready',
      merger: 'ready',
      model: 'ready',
      obstruction: 'ready',
      stats: 'ready',
    };
    for (const path of ['/', '/v2/', '/v1/', '/v2']) {
      const h = await waitFor(`gateway health at ${path}`, async () => {
        const r = await getHealth(multi.url, path);
        return r.services.model === 'ready' ? r : undefined;
      });
      const {
        mesh_store: stores,
        in_flight,
        limits,
        ...rest
      } = h as typeof h & {
        mesh_store: Record<string, unknown>;
        in_flight: number;
        limits: { max_windows: number };
      };
      expect(rest, path).toEqual({
        status: 'running',
        service: 'lux',
        version: pkg.version,
        services,
        model_types: MODEL_TYPES,
      });
      expect(in_flight).toBe(0);
      expect(limits.max_windows).toBe(200);
      // The stores of the components that hold contexts (POST /v2/meshes), as their health reports them.
      expect(Object.keys(stores).sort(), path).toEqual(['encoder', 'model', 'obstruction']);
    }
  });

  it('each component answers health about itself', async () => {
    for (const c of COMPONENT_NAMES) {
      for (const path of ['/', '/v2/', '/v1/']) {
        const h = await getHealth(multi.componentUrls[c], path);
        expect(h.service, `${c} ${path}`).toBe(`lux-${c}`);
        expect(Object.keys(h.services)).toEqual([c]);
        expect(h.version).toBe(pkg.version);
        expect(h.status).toBe(h.services[c] === 'ready' ? 'running' : 'degraded');
      }
    }
  });

  it('a component serves only its own routes, only to the gateway, and no web app', async () => {
    const own = bearer(COMPONENT_TOKEN);
    const foreign = await post(multi.componentUrls.obstruction, '/v2/stats', grid, own);
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ status: 'error', error_type: 'not_found' });
    expect(String(foreign.json?.error)).toContain('obstruction component');

    expect((await post(multi.componentUrls.stats, '/v2/stats', grid, own)).status).toBe(200);
    const direct = await post(multi.componentUrls.stats, '/v2/stats', grid, bearer(FULL));
    expect(direct.status).toBe(401); // the caller tokens are the gateway's business

    const page = await fetch(`${multi.componentUrls.encoder}/`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('application/json');
    expect(((await page.json()) as { service: string }).service).toBe('lux-encoder');
  });

  it.skipIf(!existsSync(join(ROOT, 'dist/app/index.html')))(
    'the gateway serves the web app to browsers',
    async () => {
      const page = await fetch(`${multi.url}/`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<html');
    },
  );

  it('get-reference-point and calculate-direction go through the gateway to the encoder', async () => {
    const ref = await post(multi.url, '/v2/get-reference-point', windowsBody);
    expect(ref.status).toBe(200);
    expect(ref.json).toEqual({
      status: 'success',
      windows: { w1: { reference_point: { x: 1.5, y: 0, z: 1.65 } } },
    });
    const dir = await post(multi.url, '/v1/calculate-direction', windowsBody);
    expect(dir.json).toEqual({ status: 'success', windows: { w1: { direction_angle: 270 } } });
  });

  it('stats goes to the stats component and merge to the merger', async () => {
    const s = await post(multi.url, '/v2/stats', grid);
    expect(s.status).toBe(200);
    // Counted cells: 0, 1.5, 3.5, 0.5 (mask true or 1).
    expect(s.json).toMatchObject({ status: 'success', count: 4, min: 0, max: 3.5, mean: 1.375, median: 1 });
    expect(s.json?.area_above).toEqual({ '1': 50, '2': 25, '3': 25 });

    const m = await post(multi.url, '/v2/merge', EXAMPLE_BODIES['/merge']![0]);
    expect(m.json).toEqual({
      status: 'success',
      merged_result: {
        df_matrix: [
          [1, 2.5, 3.5],
          [4.5, 1.5, 5],
        ],
        room_mask: [
          [true, true, true],
          [true, true, true],
        ],
      },
    });
  });

  it('obstruction_all goes to the obstruction component', async (ctx) => {
    const r = await post(multi.url, '/v2/obstruction_all', { ...windowsBody, mesh: MESH });
    if (notWired(r)) ctx.skip();
    expect(r.status).toBe(200);
    const horizon = r.json?.horizon as number[];
    expect(horizon).toHaveLength(64);
    expect(r.json?.zenith).toHaveLength(64);
    // The wall 10 m in front, 8 m high, seen from z 1.65 straight ahead: atan(6.35 / 10).
    expect(Math.max(...horizon)).toBeCloseTo((Math.atan(6.35 / 10) * 180) / Math.PI, 0);
    expect(r.json?.windows).toHaveProperty('w1');
  });

  it('encode goes to the encoder and comes back as the same ZIP', async (ctx) => {
    const r = await post(multi.url, '/v2/encode', encodeBody);
    if (notWired(r)) ctx.skip();
    expect(r.status).toBe(200);
    expect(r.type).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="encoded.zip"');
    expect([...r.bytes.slice(0, 2)]).toEqual([0x50, 0x4b]);
    const direct = await post(embedded.url, '/v2/encode', encodeBody);
    expect(Buffer.from(r.bytes).equals(Buffer.from(direct.bytes))).toBe(true);
  });

  it('/run answers what embedded mode answers', async () => {
    const [g, e] = await Promise.all([
      post(multi.url, '/v2/run', EXAMPLE_BODIES['/run']![0]),
      post(embedded.url, '/v2/run', EXAMPLE_BODIES['/run']![0]),
    ]);
    expect(g.status).toBe(e.status);
    expect(g.json).toEqual(e.json);
  });

  it('authenticates and authorises exactly like embedded mode, model_type scopes included', async () => {
    const cases: [string, string, unknown, Record<string, string>][] = [
      ['no token', '/v2/stats', grid, {}],
      ['malformed header', '/v2/stats', grid, { authorization: 'Token abc' }],
      ['unknown token', '/v2/stats', grid, bearer('nope')],
      ['route scope missing', '/v2/merge', EXAMPLE_BODIES['/merge']![0], bearer(RESTRICTED)],
      ['model scope missing', '/v2/stats', { ...grid, model_type: 'df_custom' }, bearer(RESTRICTED)],
      [
        'model scope missing, suffixed',
        '/v2/encode',
        { ...(encodeBody as object), model_type: 'da_default_2.0.1' },
        bearer(RESTRICTED),
      ],
      [
        'model scope held, suffixed',
        '/v2/stats',
        { ...grid, model_type: 'df_default_2.0.1' },
        bearer(RESTRICTED),
      ],
      ['no model_type', '/v2/stats', grid, bearer(RESTRICTED)],
      ['restricted token, not JSON', '/v2/stats', '{"df_matrix": [[1]', bearer(RESTRICTED)],
      [
        'restricted token, validation error',
        '/v2/stats',
        { df_matrix: [[1]], room_mask: [[1, 1]] },
        bearer(RESTRICTED),
      ],
      ['full token, any model', '/v2/stats', { ...grid, model_type: 'da_custom' }, bearer(FULL)],
    ];
    for (const [what, path, body, headers] of cases) {
      const [g, e] = await Promise.all([
        post(multi.url, path, body, headers),
        post(embedded.url, path, body, headers),
      ]);
      expect({ status: g.status, body: g.json }, what).toEqual({ status: e.status, body: e.json });
      expect(g.headers.get('www-authenticate'), what).toBe(e.headers.get('www-authenticate'));
    }
    const denied = await post(
      multi.url,
      '/v2/stats',
      { ...grid, model_type: 'df_custom' },
      bearer(RESTRICTED),
    );
    expect(denied.status).toBe(403);
    expect(denied.json).toEqual({
      status: 'error',
      error: "Token 'df-only' is not allowed to use model_type 'df_custom'",
      error_type: 'permission_error',
    });
  });

  it('a context stored through the gateway is held by every component that takes a mesh', async () => {
    const up = await post(multi.url, '/v2/meshes', { mesh: MESH });
    expect(up.status).toBe(200);
    const id = up.json?.mesh_id as string;
    const byId = (b: unknown) => {
      const { mesh: _m, ...rest } = b as Record<string, unknown>;
      return { ...rest, mesh_id: id };
    };
    // obstruction, encoder and model components, each from its own store, as embedded mode with the mesh
    for (const [path, body] of [
      ['/v2/obstruction_all', { ...windowsBody, mesh: MESH }],
      ['/v2/encode', encodeBody],
      ['/v2/run', EXAMPLE_BODIES['/run']![0]],
    ] as const) {
      const [g, e] = await Promise.all([post(multi.url, path, byId(body)), post(embedded.url, path, body)]);
      expect(g.status, path).toBe(200);
      expect(Buffer.from(g.bytes).equals(Buffer.from(e.bytes)), path).toBe(true);
    }
    const info = await fetch(`${multi.url}/v2/meshes/${id}`, { headers: bearer(FULL) });
    expect(await info.json()).toEqual(up.json);
    const gone = await fetch(`${multi.url}/v2/meshes/${id}`, { method: 'DELETE', headers: bearer(FULL) });
    expect(gone.status).toBe(200);
    const after = await post(multi.url, '/v2/obstruction_all', byId({ ...windowsBody, mesh: MESH }));
    expect(after.status).toBe(404);
    expect(after.json?.error).toMatch(/upload it again/);
  });

  it('keeps a stored context its uploader’s: another token gets 404 through the gateway (issue 36 §5)', async () => {
    const up = await post(multi.url, '/v2/meshes', { mesh: MESH });
    const id = up.json?.mesh_id as string;
    const other = bearer(OTHER);
    expect((await fetch(`${multi.url}/v2/meshes/${id}`, { headers: other })).status).toBe(404);
    expect(
      (await post(multi.url, '/v2/obstruction_all', { ...windowsBody, mesh_id: id }, other)).status,
    ).toBe(404);
    expect((await fetch(`${multi.url}/v2/meshes/${id}`, { method: 'DELETE', headers: other })).status).toBe(
      404,
    );
    expect((await post(multi.url, '/v2/obstruction_all', { ...windowsBody, mesh_id: id })).status).toBe(200);
  });

  it('every POST route of routes.ts is forwarded (no route answers 404 at the gateway for lack of a component)', async () => {
    for (const r of ROUTES) {
      const res = await post(multi.url, `/v2${r.path}`, '{}');
      expect(res.status, r.path).not.toBe(404);
      expect(res.json?.status, r.path).toBe('error');
    }
  });

  it('a stopped component: degraded health, 503 for its routes, the others keep working, then it comes back', async () => {
    const pid = multi.pids().stats;
    expect(pid).toBeGreaterThan(0);
    process.kill(pid!, 'SIGKILL');

    const degraded = await waitFor('stats reported unavailable', async () => {
      const h = await getHealth(multi.url);
      return h.services.stats === 'unavailable' ? h : undefined;
    });
    expect(degraded.status).toBe('degraded');
    expect(degraded.services.encoder).toBe('ready');

    const down = await post(multi.url, '/v2/stats', grid);
    expect(down.status).toBe(503);
    expect(down.json).toMatchObject({ status: 'error', error_type: 'service_unavailable' });
    expect(down.json?.error).toBe('Service unavailable: the stats component is not reachable');
    expect((await post(multi.url, '/v2/merge', EXAMPLE_BODIES['/merge']![0])).status).toBe(200);
    expect((await post(multi.url, '/v2/get-reference-point', windowsBody)).status).toBe(200);

    // multi.js restarts it (LUX_RESTART_DELAY_MS, longer while it keeps dying young).
    await waitFor(
      'stats back',
      async () => ((await getHealth(multi.url)).services.stats === 'ready' ? true : undefined),
      { timeoutMs: 40_000 },
    );
    expect(multi.pids().stats).not.toBe(pid);
    expect((await post(multi.url, '/v2/stats', grid)).status).toBe(200);
  });
});
