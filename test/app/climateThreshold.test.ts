import { afterEach, describe, expect, it } from 'vitest';
import { climateKeyOf, setDaLux, useClimate, type ClimateState } from '../../src/app/compute/climate';
import { useApp } from '../../src/app/state/store';

type Answer = Awaited<ReturnType<NonNullable<Parameters<typeof setDaLux>[1]>>>;

describe('DA at another threshold (setDaLux)', () => {
  afterEach(() => useClimate.setState({ phase: 'idle', result: null, weather: null, daLux: 300 }));

  it('applies the last threshold asked when the worker answers two in a row', async () => {
    // Before 2026-12-07 the first answer replaced the year's object and the second was dropped as if a run
    // had replaced the year: 300 → 500 → 1000 (arrow keys on the select, the worker busy) showed DA500's
    // maps and mean under a select reading 1000 lx.
    const weather = { digest: 'abc' } as NonNullable<ClimateState['weather']>;
    const key = climateKeyOf(useApp.getState().scene, weather);
    useClimate.setState({
      weather,
      phase: 'done',
      daLux: 300,
      result: {
        key,
        grids: {},
        summary: { da_lux: 300 },
        estimate: false,
      } as unknown as ClimateState['result'],
    });
    // The worker answers in order, once both were asked (as behind a run in progress).
    const waiting: (() => void)[] = [];
    const ask = (lux: number) =>
      new Promise<Answer>((done) =>
        waiting.push(() => done({ ok: true, grids: {}, summary: { da_lux: lux } } as unknown as Answer)),
      );
    const both = Promise.all([setDaLux(500, ask), setDaLux(1000, ask)]);
    for (const answer of waiting) answer();
    await both;
    const s = useClimate.getState();
    expect([s.daLux, s.result?.summary.da_lux, s.result?.key]).toEqual([1000, 1000, key]);
  });
});
