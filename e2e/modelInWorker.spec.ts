import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { loadWorkerProbe } from './probe/bundle';
import { SMALL_ROOM_RUN } from './rooms';

/**
 * The daylight model in a browser Web Worker on onnxruntime-web (WASM here: headless Chromium has no
 * GPU), with the runtime files the app ships under /ort/: a custom model with a known answer, and the
 * shipped model giving the same map as the server's onnxruntime-node.
 */
const body = SMALL_ROOM_RUN;

type Answer = { ok: boolean; result?: { kind: string; value: Record<string, unknown> }; error?: unknown };
type Model = {
  load(url: string): Promise<{ backend: string; name: string }>;
  run(b: unknown): Promise<Answer>;
};

async function probe(page: Page) {
  await loadWorkerProbe(page, {
    worker: 'workers/model.worker.ts',
    workerName: 'model.worker',
    probe: 'e2e/probe/modelProbe.ts',
    global: 'luxModel',
  });
}

test('a custom v2-rgb-384 model runs in the worker: 2.0 per window, summed in the room frame', async ({
  page,
}) => {
  for (const f of ['tiny-v2rgb.json', 'tiny-v2rgb.onnx'])
    await page.route(`**/__models/${f}`, (r) =>
      r.fulfill({ body: readFileSync(`test/fixtures/models/${f}`) }),
    );
  await probe(page);
  const out = await page.evaluate(async (b) => {
    const m = (window as unknown as { luxModel: Model }).luxModel;
    const before = await m.run(b);
    const loaded = await m.load('/__models/tiny-v2rgb.json');
    return { before, loaded, after: await m.run(b) };
  }, body);
  expect(out.before).toEqual({
    ok: false,
    error: { type: 'service_unavailable', message: 'No daylight model is installed on this server' },
  });
  expect(out.loaded).toMatchObject({ name: 'tiny-v2rgb', backend: 'wasm' });
  expect(out.after.ok).toBe(true);
  const v = out.after.result!.value;
  expect(v.shape).toEqual([40, 50]);
  expect(new Set((v.result as number[][]).flat())).toEqual(new Set([2]));
});

test('the shipped model gives the server’s map (onnxruntime-web WASM vs onnxruntime-node)', async ({
  page,
  request,
}) => {
  await probe(page);
  const server = await (await request.post('/v2/run', { data: body })).json();
  const out = await page.evaluate(async (b) => {
    const m = (window as unknown as { luxModel: Model }).luxModel;
    const loaded = await m.load('/models/lux-df-3.json');
    return { loaded, answer: await m.run(b) };
  }, body);
  expect(out.loaded.backend).toBe('wasm');
  expect(out.answer.ok).toBe(true);
  const browser = out.answer.result!.value;
  expect(browser.shape).toEqual(server.shape);
  const a = (browser.result as number[][]).flat();
  const s = (server.result as number[][]).flat();
  const maxDiff = Math.max(...a.map((v, i) => Math.abs(v - s[i]!)));
  expect(maxDiff).toBeLessThan(1e-3);
  expect(Math.max(...s)).toBeGreaterThan(1);
});
