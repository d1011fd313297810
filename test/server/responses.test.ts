import { describe, expect, it } from 'vitest';
import { healthResponse, RESPONSES } from '../../src/core/validation/responses';
import { EXAMPLE_BODIES } from '../../src/server/examples';
import { ModelStatus } from '../../src/server/model/status';
import { openApiDocument } from '../../src/server/openapi';
import { ROUTES } from '../../src/server/routes';
import { post, testApp } from './inProcess';

/**
 * The OpenAPI document's 200 schemas (src/core/validation/responses.ts) hold the real answers: every example
 * body of every route is sent and its answer parsed strictly by its route's schema. A field the code adds,
 * drops or renames fails here until the schema (and so the document) says so too.
 */
describe('every answer matches its documented schema', async () => {
  const model = new ModelStatus(new URL('../../public/models/lux-df-3.json', import.meta.url).pathname);
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });

  for (const r of ROUTES) {
    if (r.op === 'encode' || r.op === 'encode-raw') continue; // ZIP answers
    it(`${r.path}`, async () => {
      const schema = RESPONSES[r.op];
      expect(schema, `no response schema for ${r.op}`).toBeDefined();
      for (const body of EXAMPLE_BODIES[r.path] ?? []) {
        const res = await post(app, `/v2${r.path}`, body);
        expect(res.status).toBe(200);
        const answer = await res.json();
        const parsed = schema!.safeParse(answer);
        expect(parsed.success, JSON.stringify(parsed.error)).toBe(true);
        // Strict: zod drops keys a schema does not name, so an undocumented field shows as a missing key.
        expect(Object.keys(parsed.data as object).sort()).toEqual(Object.keys(answer).sort());
      }
    });
  }

  it('health', async () => {
    expect(healthResponse.safeParse(await (await app.request('/v2/')).json()).success).toBe(true);
  });

  it('the document gives every JSON route a response schema and an example request', () => {
    type Content = Record<string, { schema: object; example?: unknown }>;
    type Op = { requestBody: { content: Content }; responses: Record<string, { content: Content }> };
    const doc = openApiDocument('test') as { paths: Record<string, { post: Op }> };
    for (const r of ROUTES) {
      const op = doc.paths[r.path]!.post;
      expect(op.requestBody.content['application/json']!.example, r.path).toBeDefined();
      const ok = op.responses[200]!.content;
      const schema = (ok['application/json'] ?? ok['application/zip'])!.schema;
      expect(Object.keys(schema).length, r.path).toBeGreaterThan(0);
    }
  });
});
