import { describe, expect, it } from 'vitest';
import { cornerMarks, PLAN_MARKS_INSET, shownBox } from '../../src/app/ui/shownBox';

/** Rectangles as [left, top, right, bottom] in the plan's viewBox units. */
type Rect = [number, number, number, number];
const apart = (a: Rect, b: Rect): boolean => a[2] < b[0] || b[2] < a[0] || a[3] < b[1] || b[3] < a[1];

// The default 6 × 4 m room's plan: 60 units a metre and 1.5 m about it (PlanView.tsx), its viewBox 540 × 420.
const VIEW = { w: 540, h: 420 };
// The room and its corner handles (6 units, grown as the marks are).
const room = (grow: number): Rect => [90 - 6 * grow, 90 - 6 * grow, 450 + 6 * grow, 330 + 6 * grow];
// The north arrow: its disc (18) and the letter above it (to 35), as PlanView's NorthArrow draws them.
const arrow = ([x, y]: [number, number], grow: number): Rect => [
  x - 18 * grow,
  y - 35 * grow,
  x + 18 * grow,
  y + 18 * grow,
];

describe('the plan’s north arrow and scale bar, in the corners of what the plan shows', () => {
  it('a viewBox fitted to a wider box shows its spare width on both sides, to scale', () => {
    // The plan above the 3D view at 1024 × 768: 716 × 341 px.
    const box = shownBox(VIEW.w, VIEW.h, 716, 341.2);
    expect(box.unitsPerPx).toBeCloseTo(420 / 341.2, 9);
    expect(box.y).toBe(0);
    expect(box.h).toBeCloseTo(420, 9);
    expect(box.x).toBeCloseTo((540 - 716 * box.unitsPerPx) / 2, 9);
    expect(box.x + box.w).toBeCloseTo(540 - box.x, 9);
  });

  // The plan's boxes measured in Chromium: beside the 3D view at 1440 × 900, above it at 1024 × 768.
  it.each([
    ['1440 × 900', 679.2, 836.8],
    ['1024 × 768', 716, 341.2],
  ])(
    'at %s the arrow and the bar stand clear of the room and its corner handles, inside the plan',
    (_, w, h) => {
      const box = shownBox(VIEW.w, VIEW.h, w, h);
      const grow = Math.max(1, box.unitsPerPx / 0.8);
      const { north, scaleBar } = cornerMarks(box, grow, PLAN_MARKS_INSET);
      // Before 2026-12-07 the arrow stood 40 × 44 units in from the viewBox's corner: at 1024 × 768, grown
      // 1.54 times, its disc covered the room's top-right corner handle.
      expect(apart(arrow(north, grow), room(grow))).toBe(true);
      const a = arrow(north, grow);
      expect(a[0]).toBeGreaterThanOrEqual(box.x);
      expect(a[1]).toBeGreaterThanOrEqual(box.y);
      expect(a[2]).toBeLessThanOrEqual(box.x + box.w);
      // The scale bar: 1 m (60 units) long, its label above it (22 units with its white ground).
      const bar: Rect = [
        scaleBar[0] - 4 * grow,
        scaleBar[1] - 22 * grow,
        scaleBar[0] + 60 + 4 * grow,
        scaleBar[1],
      ];
      expect(apart(bar, room(grow))).toBe(true);
      expect(bar[3]).toBeLessThanOrEqual(box.y + box.h);
    },
  );
});
