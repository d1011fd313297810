import { describe, expect, it } from 'vitest';
import {
  deletedMeshResponse,
  errorResponse,
  healthResponse,
  storedMeshResponse,
} from '../../src/core/validation/responses';
import EXAMPLE_ANSWERS from '../../src/server/exampleAnswers.json' with { type: 'json' };
import { EXAMPLE_ERROR_BODY } from '../../src/server/exampleAnswers';
import { EXAMPLE_BODIES } from '../../src/service/operations';
import { ModelStatus } from '../../src/service/model/status';
import { openApiDocument } from '../../src/server/openapi';
import { ROUTES, specOf } from '../../src/service/operations';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

const STORED = EXAMPLE_ANSWERS as Record<string, unknown>;

/**
 * Equal as JSON, numbers within 1e-3 (a model's float rounding may differ between CPUs in the last place of
 * the 4 decimals /run prints). Returns the path of the first difference, or null.
 */
function differs(a: unknown, b: unknown, path = '$'): string | null {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) <= 1e-3 ? null : path;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return `${path}.length`;
    for (let i = 0; i < a.length; i++) {
      const d = differs(a[i], b[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort(),
      kb = Object.keys(b).sort();
    if (ka.join() !== kb.join()) return `${path} keys ${ka.join()} / ${kb.join()}`;
    for (const k of ka) {
      const d = differs((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
      if (d) return d;
    }
    return null;
  }
  return a === b ? null : path;
}

/**
 * The OpenAPI document's schemas (src/core/validation/responses.ts) hold the real answers: every example
 * body of every route is sent and its answer parsed by its route's schema, at every depth (zod drops keys a
 * schema does not name, so an undocumented field anywhere shows as a difference). The document's response
 * examples are real answers too (exampleAnswers.json).
 */
describe('every answer matches its documented schema', async () => {
  const model = new ModelStatus(SHIPPED_CARD_PATH);
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });

  for (const r of ROUTES) {
    const schema = specOf(r.op)!.response;
    if (!schema) continue; // ZIP answers
    it(`${r.path}`, async () => {
      for (const [i, body] of (EXAMPLE_BODIES[r.path] ?? []).entries()) {
        const res = await post(app, `/v2${r.path}`, body);
        expect(res.status).toBe(200);
        const answer = await res.json();
        const parsed = schema!.safeParse(answer);
        expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
        expect(differs(parsed.data, answer), 'a field the schema does not name').toBeNull();
        if (i === 0)
          expect(
            differs(STORED[r.path], answer),
            `the document's example answer of ${r.path} is out of date: npm run examples`,
          ).toBeNull();
      }
    });
  }

  it('health, stored meshes and errors', async () => {
    const health = await (await app.request('/v2/')).json();
    expect(differs(healthResponse.parse(health), health)).toBeNull();
    // What a health answer holds beyond the moment's state (the version, the store, requests in flight).
    const lasting = ({ version: _v, mesh_store: _m, in_flight: _f, ...rest }: Record<string, unknown>) =>
      rest;
    expect(differs(lasting(STORED['/'] as Record<string, unknown>), lasting(health))).toBeNull();
    const stored = await (await post(app, '/v2/meshes', EXAMPLE_BODIES['/meshes']![0])).json();
    const id = stored.mesh_id as string;
    const got = await (await app.request(`/v2/meshes/${id}`)).json();
    expect(differs(storedMeshResponse.parse(got), got)).toBeNull();
    expect(differs(STORED['GET /meshes/{id}'], got)).toBeNull();
    const gone = await (await app.request(`/v2/meshes/${id}`, { method: 'DELETE' })).json();
    expect(differs(deletedMeshResponse.parse(gone), gone)).toBeNull();
    expect(differs(STORED['DELETE /meshes/{id}'], gone)).toBeNull();
    const error = await post(app, '/v2/run', EXAMPLE_ERROR_BODY);
    expect(error.status).toBe(400);
    const body = await error.json();
    expect(differs(errorResponse.parse(body), body)).toBeNull();
    expect(differs(STORED.error, body)).toBeNull();
  });

  it('the document gives every route a response schema, an example request and an example answer', () => {
    type Content = Record<string, { schema: Record<string, unknown>; example?: unknown }>;
    type Op = { requestBody?: { content: Content }; responses: Record<string, { content?: Content }> };
    const doc = openApiDocument('test') as {
      paths: Record<string, Record<string, Op>>;
      components: { schemas: { Error: { example?: unknown } } };
    };
    for (const r of ROUTES) {
      const op = doc.paths[r.path]!.post!;
      expect(op.requestBody!.content['application/json']!.example, r.path).toBeDefined();
      const ok = op.responses[200]!.content!;
      if (ok['application/zip']) continue;
      const json = ok['application/json']!;
      expect(Object.keys(json.schema).length, r.path).toBeGreaterThan(0);
      expect(specOf(r.op)!.response!.safeParse(json.example).success, `${r.path} example answer`).toBe(true);
    }
    const ok = (path: string, method: string) =>
      doc.paths[path]![method]!.responses[200]!.content!['application/json']!;
    expect(healthResponse.safeParse(ok('/', 'get').example).success).toBe(true);
    expect(storedMeshResponse.safeParse(ok('/meshes/{id}', 'get').example).success).toBe(true);
    expect(deletedMeshResponse.safeParse(ok('/meshes/{id}', 'delete').example).success).toBe(true);
    expect(errorResponse.safeParse(doc.components.schemas.Error.example).success).toBe(true);
  });
});
