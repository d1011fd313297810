import { afterEach, describe, expect, it } from 'vitest';
import { runClimate, useClimate } from '../../src/app/compute/climate';
import { climateStatusText } from '../../src/app/compute/climateText';
import { defaultScene } from '../../src/app/scene/scene';
import { useApp } from '../../src/app/state/store';

describe('a year of a room the app cannot compute (runClimate)', () => {
  const before = useApp.getState().scene;
  afterEach(() => {
    useApp.setState({ scene: before });
    useClimate.setState({ phase: 'idle', runFor: null, error: null, weather: null });
  });

  it('is refused in the Results panel’s words, before anything is sent to the engine worker', async () => {
    // Before 2026-12-07 the request went to the engine, whose refusal named API fields, and a room whose
    // mesh angles were still being measured was sent without them. (No worker is reached here: a test may
    // not call compute/workers, which test/app/surroundingsRefresh.test.ts mocks.)
    useApp.setState({ scene: { ...defaultScene(), windows: [] } });
    await runClimate({ text: '', digest: 'abc' });
    const s = useClimate.getState();
    expect([s.phase, s.error]).toEqual(['error', 'Add a window: click a wall in the plan.']);
    expect(climateStatusText(s, false)).toBe('No result: Add a window: click a wall in the plan.');
  });
});
