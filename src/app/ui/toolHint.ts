import type { Tool } from '../state/store';

/**
 * What the plan's tool asks of the pointer, said under the plan while it is chosen: the buttons' tooltips
 * said it only to a pointer resting on them (a touch screen has none), and a room drawn replaces the room on
 * screen and its windows, which nothing said before the first click (an audit, 2026-12-07).
 */
export function toolHint(tool: Tool, corners: number): string | null {
  if (tool === 'draw')
    return corners < 3
      ? `Drawing a new room: click its corners one by one${corners ? ` (${corners} so far)` : ''}; Escape stops. It replaces this room and its windows (Ctrl+Z brings them back).`
      : `Drawing a new room, ${corners} corners: click the first corner, or press Enter, to close it; Escape stops.`;
  if (tool === 'window') return 'Adding windows: click a wall to put one there; Escape goes back to Select.';
  return null;
}
