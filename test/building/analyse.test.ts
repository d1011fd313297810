import { describe, expect, it } from 'vitest';
import type { RoomAnswer } from '../../src/core/api/roomAnswer';
import { analyseBuilding } from '../../src/core/building/analyse';
import type { AnswerResult, RoomPass } from '../../src/core/building/outcome';

/** A 2 × 2 map of one DF value everywhere: enough for the verdicts to be judged. */
const answer = (df: number): RoomAnswer => ({
  rows: 2,
  cols: 2,
  df: new Float32Array(4).fill(df),
  mask: new Uint8Array(4).fill(1),
  origin: { x: 0, y: 0 },
  resolution: 0.1,
  modelType: 'df_default',
  windows: {},
  warnings: [],
  method: { kind: 'model', name: 'toy', version: '0' },
});
const ok = (df: number): AnswerResult => ({ ok: true, answer: answer(df) });
const fail = (message: string): AnswerResult => ({ ok: false, error: { type: 'validation_error', message } });

const PASSES: RoomPass[] = [
  { method: 'model' },
  { method: 'engine', quality: 'draft' },
  { method: 'engine', quality: 'standard' },
];

describe('the building workflow (core/building/analyse.ts)', () => {
  it('runs every analysable room through each pass in turn, each answer replacing the one before', async () => {
    const calls: string[] = [];
    const outcomes = await analyseBuilding([{ r: 0 }, null, { r: 2 }], {
      passes: PASSES,
      run: async (body, pass, i) => {
        calls.push(`${pass.method === 'engine' ? pass.quality : 'model'}:${i}`);
        // The engine's body carries its quality; the model's is the request as it is.
        expect(body).toEqual(pass.method === 'engine' ? { r: i, quality: pass.quality } : { r: i });
        return ok(pass.method === 'model' ? 1 : pass.quality === 'draft' ? 2 : 3);
      },
    });
    expect(calls).toEqual(['model:0', 'model:2', 'draft:0', 'draft:2', 'standard:0', 'standard:2']);
    expect(outcomes[1]).toBeNull(); // a room with a problem is not run
    expect(outcomes[0]).toMatchObject({ method: 'engine', quality: 'standard', error: null });
    expect(outcomes[0]!.summary!.stats.mean).toBeCloseTo(3, 6);
    expect(outcomes[0]!.summary!.verdicts.find((v) => v.id === 'bfs')!.pass).toBe(true);
  });

  it('keeps the engine map an earlier pass gave when a later one fails, and says why when there is none', async () => {
    const outcomes = await analyseBuilding([{}, {}, {}], {
      passes: PASSES,
      run: async (_b, pass, i) => {
        if (pass.method === 'model') return i === 2 ? fail('no model') : ok(1);
        if (pass.quality === 'draft') return i === 1 ? fail('draft failed') : ok(2);
        return fail('standard failed');
      },
    });
    // Room 0: the draft stands after the failed standard run.
    expect(outcomes[0]).toMatchObject({ method: 'engine', quality: 'draft', error: null });
    // Room 1: its draft failed (its preview is replaced by the reason), and so did its standard run.
    expect(outcomes[1]).toMatchObject({ answer: null, error: 'standard failed' });
    // Room 2: no model, a draft, then a failed standard run: the draft stands.
    expect(outcomes[2]).toMatchObject({ method: 'engine', quality: 'draft' });
  });

  it('keeps at most `concurrency` rooms in flight and reports each with the pass’s count', async () => {
    let inFlight = 0,
      most = 0;
    const seen: [number, number, number][] = [];
    await analyseBuilding(
      Array.from({ length: 7 }, () => ({})),
      {
        passes: [{ method: 'model' }],
        concurrency: 3,
        run: async () => {
          most = Math.max(most, ++inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight--;
          return ok(1);
        },
        onOutcome: (i, _o, _p, done, total) => seen.push([i, done, total]),
      },
    );
    expect(most).toBe(3);
    expect(seen.map((s) => s[1])).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(seen.map((s) => s[0])).size).toBe(7);
    expect(seen.every((s) => s[2] === 7)).toBe(true);
  });

  it('stops when asked: no room starts after, and an answer that arrives after is dropped', async () => {
    let stop = false;
    const runs: number[] = [];
    const outcomes = await analyseBuilding([{}, {}, {}, {}], {
      passes: PASSES,
      run: async (_b, _p, i) => {
        runs.push(i);
        if (i === 1) stop = true; // the user cancels while room 1 runs
        return ok(1);
      },
      stopped: () => stop,
    });
    expect(runs).toEqual([0, 1]);
    expect(outcomes.map((o) => o !== null)).toEqual([true, false, false, false]);
  });

  it('adds a climate pass’s year beside the daylight factor, and its body asks for da_ with the weather', async () => {
    const bodies: object[] = [];
    const summary = { sda: 55 } as never;
    const outcomes = await analyseBuilding([{ model_type: 'df_custom' }, { model_type: 'df_default' }], {
      passes: [
        { method: 'engine', quality: 'draft' },
        { method: 'climate', quality: 'draft', weather: 'EPW' },
      ],
      run: async (body, pass, i) => {
        if (pass.method === 'engine') return ok(2);
        bodies.push(body);
        return i === 0 ? { ok: true, answer: answer(60), climate: summary } : fail('no weather');
      },
    });
    expect(bodies[0]).toEqual({ model_type: 'da_custom', quality: 'draft', weather: 'EPW' });
    // Room 0: the engine's DF map stays; the year joins it.
    expect(outcomes[0]).toMatchObject({ method: 'engine', quality: 'draft', error: null });
    expect(outcomes[0]!.summary!.stats.mean).toBeCloseTo(2, 6);
    expect(outcomes[0]!.climate!.summary).toBe(summary);
    expect(outcomes[0]!.climate!.map.df[0]).toBe(60);
    // Room 1: the year failed; its daylight factor stays, with the reason.
    expect(outcomes[1]).toMatchObject({ method: 'engine', error: 'no weather' });
    expect(outcomes[1]!.summary).not.toBeNull();
  });
});
