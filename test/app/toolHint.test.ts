import { describe, expect, it } from 'vitest';
import { toolHint } from '../../src/app/ui/toolHint';

describe('the plan’s tool, said under the plan', () => {
  it('drawing: how to place corners and that the new room replaces this one and its windows', () => {
    expect(toolHint('draw', 0)).toBe(
      'Drawing a new room: click its corners one by one; Escape stops. It replaces this room and its windows (Ctrl+Z brings them back).',
    );
    expect(toolHint('draw', 2)).toContain('one by one (2 so far)');
    // From the third corner on the outline can close: the first corner, or Enter (Toolbar.tsx).
    expect(toolHint('draw', 3)).toBe(
      'Drawing a new room, 3 corners: click the first corner, or press Enter, to close it; Escape stops.',
    );
  });

  it('adding windows: click a wall; selecting says nothing', () => {
    expect(toolHint('window', 0)).toBe(
      'Adding windows: click a wall to put one there; Escape goes back to Select.',
    );
    expect(toolHint('select', 0)).toBeNull();
  });
});
