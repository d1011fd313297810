import { MODEL_TYPES } from '../../src/core/api/modelTypes';
import { describe, expect, it } from 'vitest';
import { corsOrigins } from '../../src/server/config';
import type { TokenStore } from '../../src/service/tokenStore';
import { post, testApp, tokensFor } from './inProcess';
import { EXAMPLE_BODIES } from '../../src/service/operations';

const room = {
  room_polygon: [
    [0, 0],
    [0, 7],
    [-3, 7],
    [-3, 0],
  ],
  windows: { w1: { x1: -0.4, y1: 7, z1: 2.8, x2: -2, y2: 7.3, z2: 5.4 } },
};

describe('health and content negotiation', () => {
  const app = testApp();
  for (const path of ['/', '/v2/', '/v1/', '/v2', '/v1']) {
    it(`GET ${path} answers the health union`, async () => {
      const res = await app.request(path);
      expect(res.status).toBe(200);
      const body = await res.json();
      expect(body).toEqual({
        status: 'degraded', // no model installed yet: honest
        service: 'lux',
        version: '0.0.0-test',
        services: {
          encoder: 'ready',
          merger: 'ready',
          model: 'unavailable',
          obstruction: 'ready',
          stats: 'ready',
        },
        // What answers each model type: the climate-based ones by the engine (issue 32).
        model_types: MODEL_TYPES,
        mesh_store: { count: 0, bytes: 0, limit_bytes: 512 * 1024 * 1024 },
        in_flight: 0,
        limits: {
          max_body_bytes: 64 * 1024 * 1024,
          max_mesh_points: 3_000_000,
          max_windows: 200,
          max_corners: 1000,
          request_timeout_ms: 60_000,
        },
      });
    });
  }
});

describe('routing errors are JSON', () => {
  const app = testApp();
  it('404 for an unknown route', async () => {
    const res = await app.request('/v2/nope', { method: 'POST' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ status: 'error', error_type: 'not_found' });
  });
  it('405 with Allow for a wrong method', async () => {
    const res = await app.request('/v2/get-reference-point');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
    expect(await res.json()).toEqual({
      status: 'error',
      error: 'Method GET not allowed on /v2/get-reference-point; use POST',
      error_type: 'method_not_allowed',
    });
  });
  it('405 with Allow for a wrong method on a path with a parameter', async () => {
    const res = await app.request(`/v2/meshes/${'a'.repeat(64)}`, { method: 'PUT' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, DELETE');
    expect(await res.json()).toMatchObject({ status: 'error', error_type: 'method_not_allowed' });
    // A path no route has, parameters or not, is still a 404.
    expect((await app.request('/v2/meshes/a/b', { method: 'PUT' })).status).toBe(404);
  });
  it('405 for POST on health', async () => {
    const res = await app.request('/v2/', { method: 'POST' });
    expect(res.status).toBe(405);
  });
  it('/run answers 503 while no model is installed (a valid body: an invalid one is its 400)', async () => {
    const res = await post(app, '/v2/run', EXAMPLE_BODIES['/run']![1]);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      status: 'error',
      error: 'Service unavailable: model not installed',
      error_type: 'service_unavailable',
    });
  });
});

describe('bodies', () => {
  const app = testApp({ maxBodyBytes: 1000 });
  it('invalid JSON → 400 invalid_json', async () => {
    const res = await post(app, '/v2/stats', '{"df_matrix": [');
    expect(res.status).toBe(400);
    expect((await res.json()).error_type).toBe('invalid_json');
  });
  it('a JSON array is not an object → 400 invalid_json', async () => {
    const res = await post(app, '/v2/stats', '[1,2]');
    expect(await res.json()).toEqual({
      status: 'error',
      error: 'Request body must be a JSON object',
      error_type: 'invalid_json',
    });
  });
  it('accepts a missing or wrong content type when the body is JSON', async () => {
    const res = await app.request('/v2/get-reference-point', {
      method: 'POST',
      body: JSON.stringify(room),
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(200);
  });
  it('413 above LUX_MAX_BODY_BYTES', async () => {
    const res = await post(app, '/v2/stats', JSON.stringify({ pad: 'x'.repeat(2000) }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      status: 'error',
      error: 'Request body above 1000 bytes (LUX_MAX_BODY_BYTES)',
      error_type: 'payload_too_large',
    });
  });
});

describe('geometry endpoints (conventions.md worked example)', () => {
  const app = testApp();
  it('/get-reference-point', async () => {
    const res = await post(app, '/v2/get-reference-point', room);
    expect(await res.json()).toEqual({
      status: 'success',
      windows: { w1: { reference_point: { x: -1.2, y: 7, z: 4.1 } } },
    });
  });
  it('/calculate-direction, also under /v1 and inside a parameters wrapper', async () => {
    for (const [path, body] of [
      ['/v2/calculate-direction', room],
      ['/v1/calculate-direction', { parameters: room }],
    ] as const) {
      const res = await post(app, path, body);
      expect(await res.json()).toEqual({ status: 'success', windows: { w1: { direction_angle: 90 } } });
    }
  });
  it('rejects a window away from the room, naming it', async () => {
    const res = await post(app, '/v2/get-reference-point', {
      ...room,
      windows: { far: { x1: 5, y1: 5, z1: 1, x2: 6, y2: 5, z2: 2 } },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toBe(
      "Parameter 'windows.far' is not on the room polygon boundary (tolerance 0.05 m)",
    );
  });
  it('rejects a self-intersecting polygon', async () => {
    const res = await post(app, '/v2/calculate-direction', {
      ...room,
      room_polygon: [
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ],
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(
      /^Parameter 'room_polygon' is not a simple polygon: it is self-intersecting/,
    );
  });
});

describe('/stats and /merge', () => {
  const app = testApp();
  it('stats over the masked cells, zeros included, population std, even median', async () => {
    const res = await post(app, '/v2/stats', {
      df_matrix: [
        [0, 1, 2],
        [3, 4, 99],
      ],
      room_mask: [
        [true, true, 1],
        [1, false, 0],
      ],
    });
    const b = await res.json();
    expect(b).toEqual({
      status: 'success',
      mean: 1.5,
      median: 1.5,
      min: 0,
      max: 3,
      std: Math.sqrt(1.25),
      count: 4,
      area_above: { '1': 75, '2': 50, '3': 25 },
    });
  });
  it('custom thresholds', async () => {
    const res = await post(app, '/v2/stats', {
      df_matrix: [[0.5, 1.5]],
      room_mask: [[1, 1]],
      thresholds: [0.5, 1.5, 2],
    });
    expect((await res.json()).area_above).toEqual({ '0.5': 100, '1.5': 50, '2': 0 });
  });
  it.each([
    [{ df_matrix: [[1, 2]], room_mask: [[1]] }, /shapes differ/],
    [{ df_matrix: [[1, 2]], room_mask: [[0, 0]] }, /mask is empty/],
    [{ df_matrix: [[1, 2], [3]], room_mask: [[1, 1], [1]] }, /rectangular/],
    [{ df_matrix: [['a', 2]], room_mask: [[1, 1]] }, /df_matrix\[0\]\[0\]' must be a finite number/],
    [{ df_matrix: [[1, 2]] }, /^Missing required parameters: room_mask$/],
    // Values whose sum overflows would answer null where a number is promised.
    [{ df_matrix: [[1, 1e308, 1e308]], room_mask: [[1, 1, 1]] }, /too large to add up/],
    [{ df_matrix: [[1, 1e308]], room_mask: [[1, 1]] }, /too large to add up/],
  ])('stats rejects %j', async (body, msg) => {
    const res = await post(app, '/v2/stats', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(msg);
  });
  it('refuses a window or skylight with the id __proto__ (the parse dropped it without a word)', async () => {
    const body = JSON.parse(
      JSON.stringify(EXAMPLE_BODIES['/calculate-direction']![0]).replace(
        '"windows":{"',
        '"windows":{"__proto__":{"x1":0},"',
      ),
    );
    expect(Object.hasOwn(body.windows ?? body.parameters?.windows, '__proto__')).toBe(true);
    const res = await post(app, '/v2/calculate-direction', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/cannot hold a window with the id '__proto__'/);
  });
  it('merge refuses values whose sum overflows (it would answer null for a number)', async () => {
    const w = { df_matrix: [[1e308, 1]], room_mask: [[1, 1]] };
    const res = await post(app, '/v2/merge', { window_results: { a: w, b: w } });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(/window_results' holds values too large to add up/);
  });
  it('merge sums DF and ORs masks', async () => {
    const res = await post(app, '/v2/merge', {
      window_results: {
        a: {
          df_matrix: [
            [1, 0],
            [2, 0],
          ],
          room_mask: [
            [true, false],
            [true, false],
          ],
        },
        b: {
          df_matrix: [
            [0.5, 1],
            [0, 0],
          ],
          room_mask: [
            [true, true],
            [false, false],
          ],
        },
      },
    });
    expect(await res.json()).toEqual({
      status: 'success',
      merged_result: {
        df_matrix: [
          [1.5, 1],
          [2, 0],
        ],
        room_mask: [
          [true, true],
          [true, false],
        ],
      },
    });
  });
  it.each([
    [{ window_results: {} }, /at least one window/],
    [
      {
        window_results: {
          a: { df_matrix: [[1]], room_mask: [[1]] },
          b: { df_matrix: [[1, 2]], room_mask: [[1, 1]] },
        },
      },
      /same shape/,
    ],
  ])('merge rejects %j', async (body, msg) => {
    const res = await post(app, '/v2/merge', body);
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatch(msg);
  });
});

describe('authentication (api.md §Authentication)', () => {
  const app = testApp({
    tokens: tokensFor([
      { token: 'all-access', name: 'ops', scopes: ['*'] },
      { token: 'stats-only', name: 'dashboard', scopes: ['stats'] },
    ]),
  });
  const stats = { df_matrix: [[1]], room_mask: [[1]] };
  it('health, openapi.json and docs need no token', async () => {
    expect((await app.request('/v2/')).status).toBe(200);
    expect((await app.request('/v2/openapi.json')).status).toBe(200);
    expect((await app.request('/v2/docs')).status).toBe(200);
  });
  it.each([
    ['missing', undefined, 'Missing Authorization header: send "Authorization: Bearer <token>"'],
    ['malformed', 'Token all-access', 'Malformed Authorization header: expected "Bearer <token>"'],
    ['empty bearer', 'Bearer ', 'Malformed Authorization header: expected "Bearer <token>"'],
    ['unknown', 'Bearer nope', 'Unknown API token'],
  ])('%s header → 401 with WWW-Authenticate', async (_, header, message) => {
    const res = await post(app, '/v2/stats', stats, header ? { authorization: header } : {});
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.json()).toEqual({ status: 'error', error: message, error_type: 'authentication_error' });
  });
  it('a known token with the scope → 200; the scheme name in any case', async () => {
    expect((await post(app, '/v2/stats', stats, { authorization: 'Bearer stats-only' })).status).toBe(200);
    expect((await post(app, '/v2/stats', stats, { authorization: 'bearer stats-only' })).status).toBe(200);
    expect((await post(app, '/v2/stats', stats, { authorization: 'BEARER stats-only' })).status).toBe(200);
    expect((await post(app, '/v2/stats', stats, { authorization: 'Bearer all-access' })).status).toBe(200);
  });
  it('a known token without the endpoint scope → 403', async () => {
    const res = await post(app, '/v2/merge', { window_results: {} }, { authorization: 'Bearer stats-only' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      status: 'error',
      error: "Token 'dashboard' has no 'merge' scope for /merge",
      error_type: 'permission_error',
    });
  });
  it('CORS preflight needs no token', async () => {
    const res = await app.request('/v2/stats', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
  it('LUX_CORS_ORIGINS restricts the origins a browser may call from', async () => {
    expect(corsOrigins('https://a.example, https://b.example/')).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(corsOrigins(undefined)).toBe('*');
    const restricted = testApp({ corsOrigins: ['https://a.example'] });
    const preflight = (origin: string) =>
      restricted.request('/v2/stats', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization',
        },
      });
    expect((await preflight('https://a.example')).headers.get('access-control-allow-origin')).toBe(
      'https://a.example',
    );
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    // A wrong method's 405 answers as the routes do: the listed origin, never '*' past the list.
    const put = (origin: string) => restricted.request('/v2/stats', { method: 'PUT', headers: { origin } });
    expect((await put('https://a.example')).headers.get('access-control-allow-origin')).toBe(
      'https://a.example',
    );
    expect((await put('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await put('https://evil.example')).status).toBe(405);
  });
  it('asks any token store, as a database would answer: open while it holds none, then the token it issued', async () => {
    // A store answering after a turn of the event loop, whose tokens change while the server runs.
    const issued = new Map<string, { name: string; scopes: string[] }>();
    const store: TokenStore = {
      requiresToken: () => new Promise((r) => setTimeout(() => r(issued.size > 0), 1)),
      principalOf: (t) => new Promise((r) => setTimeout(() => r(issued.get(t) ?? null), 1)),
    };
    const live = testApp({ tokens: store });
    expect((await post(live, '/v2/stats', stats)).status).toBe(200);
    issued.set('fresh', { name: 'office-app', scopes: ['stats'] });
    expect((await post(live, '/v2/stats', stats)).status).toBe(401);
    expect((await post(live, '/v2/stats', stats, { authorization: 'Bearer fresh' })).status).toBe(200);
    const res = await post(live, '/v2/merge', { window_results: {} }, { authorization: 'Bearer fresh' });
    expect((await res.json()).error).toBe("Token 'office-app' has no 'merge' scope for /merge");
    issued.delete('fresh');
    issued.set('other', { name: 'x', scopes: ['*'] });
    expect((await post(live, '/v2/stats', stats, { authorization: 'Bearer fresh' })).status).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('lists every POST route with its request schema', async () => {
    const doc = await (await testApp().request('/v2/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const p of [
      '/run',
      '/simulate',
      '/obstruction_all',
      '/horizon',
      '/zenith',
      '/obstruction',
      '/get-reference-point',
      '/calculate-direction',
      '/encode',
      '/encode_raw',
      '/stats',
      '/merge',
    ]) {
      expect(doc.paths[p].post.requestBody.content['application/json'].schema).toBeTypeOf('object');
    }
    const run = doc.paths['/run'].post.requestBody.content['application/json'].schema;
    expect(run.required).toEqual(expect.arrayContaining(['model_type', 'parameters']));
    expect(run.properties.parameters.properties.height_roof_over_floor).toMatchObject({ maximum: 30 });
  });
});
