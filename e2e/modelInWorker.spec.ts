import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { builtWorker, loadWorkerProbe } from './probe/bundle';
import { DEEP_ROOM_RUN, SMALL_ROOM_RUN } from './rooms';
import { SHIPPED_CARD } from '../src/core/model/shipped';
import { streetCity } from '../bench/scenes';

/**
 * The daylight model in a browser Web Worker on onnxruntime-web (WASM here: headless Chromium has no
 * GPU), with the runtime files the app ships under /ort/: a custom model with a known answer, and the
 * shipped model giving the same map as the server's onnxruntime-node.
 */
const body = SMALL_ROOM_RUN;

type Answer = {
  ok: boolean;
  answer?: { rows: number; cols: number; df: Float32Array; mask: Uint8Array; method: unknown };
  error?: unknown;
};
type Model = {
  load(url: string): Promise<{ backend: string; name: string }>;
  roomTerms(): Promise<string | null>;
  predict(b: unknown): Promise<Answer>;
};

/** The probe over the app's built worker (which solves the room terms in a second worker) instead of the test's bundle. */
async function probeBuilt(page: Page) {
  await page.addInitScript(
    (u) => ((window as { luxModelWorker?: string }).luxModelWorker = u),
    builtWorker('model.worker'),
  );
  await probe(page);
}

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
    const before = await m.predict(b);
    const loaded = await m.load('/__models/tiny-v2rgb.json');
    const roomTerms = await m.roomTerms();
    const after = (await m.predict(b)).answer!;
    // Typed arrays survive the transfer as typed arrays (not base64, not nested lists).
    const typed = after.df instanceof Float32Array && after.mask instanceof Uint8Array;
    const inside = Array.from(after.df).filter((_, i) => after.mask[i]);
    return {
      before,
      loaded,
      roomTerms,
      typed,
      shape: [after.rows, after.cols],
      inside: [...new Set(inside)],
      method: after.method,
    };
  }, body);
  expect(out.before).toEqual({
    ok: false,
    error: { type: 'service_unavailable', message: 'No daylight model is installed on this server' },
  });
  expect(out.loaded).toMatchObject({ name: 'tiny-v2rgb', backend: 'wasm' });
  expect(out.roomTerms).toBeNull(); // no room terms, no second worker
  expect(out.typed).toBe(true);
  expect(out.shape).toEqual([40, 50]);
  expect(out.inside).toEqual([2]);
  expect(out.method).toEqual({ kind: 'model', name: 'tiny-v2rgb', version: expect.any(String) });
});

test('the shipped model gives the server’s map (onnxruntime-web WASM vs onnxruntime-node), beyond its frame too', async ({
  page,
  request,
}) => {
  // The app's built worker, which solves the room terms in a second worker while the network runs.
  await probeBuilt(page);
  // A small room, and one deeper than the frame: its far end comes from the coarse solve's lattice,
  // solved in the second worker here and on the server's thread there.
  for (const room of [body, DEEP_ROOM_RUN]) {
    const server = await (await request.post('/v2/run', { data: room })).json();
    const out = await page.evaluate(
      async ([b, card]) => {
        const m = (window as unknown as { luxModel: Model }).luxModel;
        const loaded = await m.load(`/models/${card}`);
        // The second worker started (the app starts it after its first answer), then the map solved there.
        const roomTerms = await m.roomTerms();
        const r = await m.predict(b);
        return { loaded, roomTerms, shape: [r.answer!.rows, r.answer!.cols], df: Array.from(r.answer!.df) };
      },
      [room, SHIPPED_CARD] as const,
    );
    expect(out.loaded).toMatchObject({ backend: 'wasm' });
    expect(out.roomTerms).toBe('second worker');
    expect(out.shape).toEqual(server.shape);
    const a = out.df;
    const s = (server.result as number[][]).flat();
    const maxDiff = Math.max(...a.map((v, i) => Math.abs(v - s[i]!)));
    expect(maxDiff).toBeLessThan(1e-3);
    expect(Math.max(...s)).toBeGreaterThan(1);
  }
});

test('with a mesh it holds, the built worker gives the server’s map for the room sent with the mesh', async ({
  page,
  request,
}) => {
  // The app's built worker: the exterior flux and the room terms are traced in its second worker against the
  // copy of the mesh it was handed once by reference (roomTermsSolver.ts), the frames here.
  await probeBuilt(page);
  // A street of blocks around the room (float32 values: the browser's copy and the server's are the same).
  const points = streetCity(2_000, 2).map((p) => p.map(Math.fround));
  const { horizon: _h, zenith: _z, ...room } = SMALL_ROOM_RUN;
  const server = await (await request.post('/v2/run', { data: { ...room, mesh: points } })).json();
  const out = await page.evaluate(
    async ([b, flat, card]) => {
      const m = (window as unknown as { luxModel: Model & { holdMesh(id: string, p: Float32Array): void } })
        .luxModel;
      await m.load(`/models/${card}`);
      const roomTerms = await m.roomTerms();
      const id = 'c'.repeat(64);
      await m.holdMesh(id, new Float32Array(flat));
      const first = await m.predict({ ...b, mesh_id: id });
      // Again: the second worker holds the mesh now, and is sent only its reference.
      const r = await m.predict({ ...b, mesh_id: id });
      const same = Array.from(first.answer!.df).every((v, i) => v === r.answer!.df[i]);
      return { roomTerms, same, df: Array.from(r.answer!.df) };
    },
    [room, points.flat(), SHIPPED_CARD] as const,
  );
  expect(out.roomTerms).toBe('second worker');
  expect(out.same).toBe(true);
  const s = (server.result as number[][]).flat();
  expect(Math.max(...out.df.map((v, i) => Math.abs(v - s[i]!)))).toBeLessThan(1e-3);
  // A lit room the blocks shade (a map of zeros would compare trivially, one without them would not differ).
  const open = await (
    await request.post('/v2/run', {
      data: { ...room, horizon: Array(64).fill(0), zenith: Array(64).fill(0) },
    })
  ).json();
  const sum = (r: number[][]) => r.flat().reduce((a, v) => a + v, 0);
  expect(Math.max(...s)).toBeGreaterThan(0.5);
  expect(sum(server.result as number[][])).toBeLessThan(0.95 * sum(open.result as number[][]));
});
