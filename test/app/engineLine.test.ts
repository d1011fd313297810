import { describe, expect, it } from 'vitest';
import { engineLine } from '../../src/app/ui/engineLine';

describe('the engine in the Results panel’s status line (a live region)', () => {
  it('says the engine runs, not how far: the bar shows that', () => {
    // Before 2026-12-07 the line carried the percent: a screen reader read the whole status again at every
    // percent of every engine run, and a run starts whenever an edit pauses.
    const lines = new Set(
      Array.from({ length: 101 }, (_, i) =>
        engineLine({ phase: 'running', quality: 'standard', progress: i / 100 }, null),
      ),
    );
    expect([...lines]).toEqual([' Engine at standard quality…']);
  });
});
