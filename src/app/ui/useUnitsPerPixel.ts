import { useEffect, useState, type RefObject } from 'react';

/**
 * How many of an SVG's viewBox units one screen pixel holds, at least 1: a plan drawn at a fixed scale (so
 * many units a metre) and fitted into its box shrinks with the building, and its labels, marks and strokes
 * with it (a 50 m building's room numbers were 3 px high). Multiplying their sizes by this keeps them as
 * drawn for a small building and readable for a large one. The SVG fits its box preserving aspect ratio
 * (meet), so the larger of the two ratios applies.
 */
export function useUnitsPerPixel(ref: RefObject<SVGSVGElement | null>, w: number, h: number): number {
  const [k, setK] = useState(1);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = (): void => {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && height > 0) setK(Math.max(1, w / width, h / height));
    };
    measure();
    const o = new ResizeObserver(measure);
    o.observe(el);
    return () => o.disconnect();
  }, [ref, w, h]);
  return k;
}
