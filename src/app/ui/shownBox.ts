import { useEffect, useState, type RefObject } from 'react';

/**
 * The part of a plan an SVG shows, in its viewBox's units. The SVG fits its box preserving aspect ratio
 * (meet): the viewBox is centred and the box's spare width or height shows on both sides of it, so what is
 * on screen is at least the viewBox. `unitsPerPx`: how many units one screen pixel holds.
 */
export interface ShownBox {
  x: number;
  y: number;
  w: number;
  h: number;
  unitsPerPx: number;
}

/** The box a `w` × `h` viewBox shows in an element of `width` × `height` pixels. */
export function shownBox(w: number, h: number, width: number, height: number): ShownBox {
  const unitsPerPx = Math.max(w / width, h / height);
  const sw = width * unitsPerPx,
    sh = height * unitsPerPx;
  return { x: (w - sw) / 2, y: (h - sh) / 2, w: sw, h: sh, unitsPerPx };
}

/**
 * Where a plan's north arrow and scale bar go: the shown box's top-right and bottom-left corners, `inset`
 * design pixels in (times `grow`, the marks' own scale). The viewBox's corners, where they stood before
 * 2026-12-07, are only its margin away from the room: on a plan shrunk to a short box (1024 × 768, the
 * plan above the 3D view) the arrow, grown to stay readable, covered the room's top-right corner handle,
 * and on the building's plan its rooms, while the box's spare width beside them stayed empty.
 */
export function cornerMarks(
  box: ShownBox,
  grow: number,
  inset: { north: [number, number]; scaleBar: number },
): { north: [number, number]; scaleBar: [number, number] } {
  return {
    north: [box.x + box.w - inset.north[0] * grow, box.y + inset.north[1] * grow],
    scaleBar: [box.x + inset.scaleBar * grow, box.y + box.h - inset.scaleBar * grow],
  };
}

/** The north arrow's centre and the scale bar's left end, in design pixels from the corners: the room's plan. */
export const PLAN_MARKS_INSET = { north: [40, 44] as [number, number], scaleBar: 16 };
/** The same on the building's plan (its marks a little smaller). */
export const BUILDING_MARKS_INSET = { north: [34, 34] as [number, number], scaleBar: 12 };

/** The shown box of `ref`'s SVG with a `w` × `h` viewBox, measured again as the element resizes. */
export function useShownBox(ref: RefObject<SVGSVGElement | null>, w: number, h: number): ShownBox | null {
  const [box, setBox] = useState<ShownBox | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = (): void => {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && height > 0) setBox(shownBox(w, h, width, height));
    };
    measure();
    const o = new ResizeObserver(measure);
    o.observe(el);
    return () => o.disconnect();
  }, [ref, w, h]);
  return box;
}
