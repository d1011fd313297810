import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticTokenStore } from '../../src/server/auth';
import { createComponentApp } from '../../src/server/componentApp';
import { InlineExecutor } from '../../src/server/executor/local';
import { ModelStatus } from '../../src/service/model/status';
import { post, testApp } from './inProcess';

/** Every answer is in the access log (LUX_LOG), one line each: those given before any route too. */
function logged() {
  const lines: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void lines.push(line));
  return lines;
}
const line = /^(GET|POST|PUT|DELETE) \S+ \d{3} \d+\.\dms$/;

afterEach(() => vi.restoreAllMocks());

describe('access log', () => {
  it('logs a 405 like any other answer', async () => {
    const lines = logged();
    const app = testApp({ log: true });
    expect((await app.request('/v2/stats')).status).toBe(405);
    expect((await app.request(`/v2/meshes/${'a'.repeat(64)}`, { method: 'PUT' })).status).toBe(405);
    expect((await app.request('/v2/nope', { method: 'POST' })).status).toBe(404);
    expect((await post(app, '/v2/stats', '{')).status).toBe(400);
    expect(lines.map((l) => l.replace(/ [\d.]+ms$/, ''))).toEqual([
      'GET /v2/stats 405',
      `PUT /v2/meshes/${'a'.repeat(64)} 405`,
      'POST /v2/nope 404',
      'POST /v2/stats 400',
    ]);
    for (const l of lines) expect(l).toMatch(line);
  });

  it('logs nothing with LUX_LOG=silent', async () => {
    const lines = logged();
    const app = testApp({ log: false });
    await app.request('/v2/stats');
    await app.request('/v2/');
    expect(lines).toEqual([]);
  });

  it('logs a component’s every answer once: its health, a foreign route, a 405, its own routes', async () => {
    const lines = logged();
    const app = createComponentApp(
      {
        config: { maxBodyBytes: 1 << 20, maxMeshPoints: 1000, requestTimeoutMs: 60_000, log: true },
        executor: new InlineExecutor(new ModelStatus(null)),
        tokens: new StaticTokenStore([]),
        version: '0.0.0-test',
        role: 'stats',
      },
      'stats',
    );
    expect((await app.request('/v2/')).status).toBe(200);
    expect((await app.request('/v2/merge', { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await app.request('/v2/stats')).status).toBe(405);
    expect((await app.request('/v2/stats', { method: 'POST', body: '{' })).status).toBe(400);
    expect(lines.map((l) => l.replace(/ [\d.]+ms$/, ''))).toEqual([
      'GET /v2/ 200',
      'POST /v2/merge 404',
      'GET /v2/stats 405',
      'POST /v2/stats 400',
    ]);
  });
});
