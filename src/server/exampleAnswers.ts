import { createApp } from './app';
import { StaticTokenStore } from '../service/tokenStore';
import { loadConfig } from './config';
import { InlineExecutor } from './executor/local';
import { EXAMPLE_BODIES } from '../service/operations';
import { ModelStatus } from '../service/model/status';
import { ROUTES } from '../service/operations';

/**
 * The real answers to the example requests (examples.ts), for the OpenAPI document's response examples:
 * the first example body of every JSON route, health, a stored mesh looked up and deleted, and an error.
 * Written to exampleAnswers.json by `npm run examples` (it needs the shipped model); test/server/responses.test.ts
 * fails when an answer no longer equals its stored example (health: apart from the version, the mesh store
 * and the requests in flight), so the document shows what the server says.
 */
export const EXAMPLE_ERROR_BODY = {
  model_type: 'df_default',
  parameters: {
    ...(EXAMPLE_BODIES['/run']![0] as { parameters: object }).parameters,
    height_roof_over_floor: 35,
  },
  mesh: (EXAMPLE_BODIES['/run']![0] as { mesh: unknown }).mesh,
};

export async function exampleAnswers(modelCard: string): Promise<Record<string, unknown>> {
  const model = new ModelStatus(modelCard);
  if ((await model.settled()) !== 'ready') throw new Error(`the model ${modelCard} did not load`);
  // A server with nothing set in its environment: health's limits are the defaults a client meets.
  const { maxBodyBytes, maxMeshPoints, maxWindows, maxCorners, requestTimeoutMs } = loadConfig({});
  const app = createApp({
    config: { maxBodyBytes, maxMeshPoints, maxWindows, maxCorners, requestTimeoutMs, log: false },
    executor: new InlineExecutor(model),
    tokens: new StaticTokenStore([]),
    version: '0.1.0',
  });
  const post = async (path: string, body: unknown) =>
    (
      await app.request(`/v2${path}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      })
    ).json();
  const out: Record<string, unknown> = {};
  for (const r of ROUTES) {
    if (r.op === 'encode' || r.op === 'encode-raw') continue; // ZIP answers
    out[r.path] = await post(r.path, EXAMPLE_BODIES[r.path]![0]);
  }
  out['/'] = await (await app.request('/v2/')).json();
  const id = (out['/meshes'] as { mesh_id: string }).mesh_id;
  out['GET /meshes/{id}'] = await (await app.request(`/v2/meshes/${id}`)).json();
  out['DELETE /meshes/{id}'] = await (await app.request(`/v2/meshes/${id}`, { method: 'DELETE' })).json();
  out.error = await post('/run', EXAMPLE_ERROR_BODY);
  return out;
}
