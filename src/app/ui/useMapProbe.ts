import { useRef, useState } from 'react';
import type { RoomMap } from '../compute/roomMap';
import type { Pt } from '../scene/snapping';
import { cellAt, cellCentre, probeText, startCell, stepCell, type Cell, type MapMetric } from './mapProbe';

/** What the plan needs of its keyboard probe: the cell to draw, the words to say, the map layer's handlers. */
export interface MapProbe {
  /** The probe's cell while the map layer has focus, else null (nothing drawn). */
  cell: Cell | null;
  /** The live region's text: set by a key press only, so a map that settles under the probe says nothing. */
  said: string;
  onKeyDown: (e: React.KeyboardEvent) => void;
  onFocus: () => void;
  onBlur: () => void;
}

/**
 * The keyboard probe of the plan's map (docs/app.md, "The plan by keyboard"). Its place is kept in metres,
 * not as a cell, so that it stays on the same spot of the room when the map is replaced (the engine's after
 * the model's, a climate metric's) and when the map layer is left and taken again.
 */
export function useMapProbe(map: RoomMap | null, metric: MapMetric): MapProbe {
  const [at, setAt] = useState<Pt | null>(null);
  const [focused, setFocused] = useState(false);
  const [said, setSaid] = useState('');
  const presses = useRef(0);
  const cellOf = (m: RoomMap): Cell => (at ? cellAt(m, at) : startCell(m));
  return {
    cell: focused && map ? cellOf(map) : null,
    said,
    onKeyDown: (e) => {
      if (!map || e.ctrlKey || e.metaKey || e.altKey) return;
      const step = stepCell(map, cellOf(map), e.key, e.shiftKey);
      if (!step) return;
      // Handled here: the toolbar's shortcuts (a selected window's ←/→) and the page's scroll do not see it.
      e.preventDefault();
      e.stopPropagation();
      setAt(cellCentre(map, step.cell));
      // Said once a press: a press that repeats the last words (against a wall) changes the region all the
      // same, by a trailing no-break space every other press, or a screen reader would stay silent.
      presses.current++;
      setSaid(probeText(map, step.cell, metric, step.moved) + (presses.current % 2 ? '' : '\u00a0'));
    },
    onFocus: () => setFocused(true),
    onBlur: () => {
      setFocused(false);
      setSaid('');
    },
  };
}
