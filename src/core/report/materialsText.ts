import { DEFAULT_REFLECTANCES, type Reflectances } from '../types';

/**
 * The surfaces' reflectances as a report states them, in %, as the glass beside them is (issue 34):
 * "ceiling 80 %, walls 70 %, floor 30 %, facades 30 %, ground 20 % (the defaults)". A default run
 * (df_default) uses the defaults whatever the scene holds.
 */
export function materialsText(r: Reflectances, custom: boolean): string {
  const m = custom ? r : DEFAULT_REFLECTANCES;
  const pct = (v: number): string => `${Math.round(v * 100)} %`;
  const list =
    `ceiling ${pct(m.ceiling_reflectance)}, walls ${pct(m.vertical_reflectance)}, ` +
    `floor ${pct(m.horizontal_reflectance)}, facades ${pct(m.facade_reflectance)}, ` +
    `ground ${pct(m.terrain_reflectance)}`;
  const defaults = (Object.keys(DEFAULT_REFLECTANCES) as (keyof Reflectances)[]).every(
    (k) => m[k] === DEFAULT_REFLECTANCES[k],
  );
  return `${list}${defaults ? ' (the defaults)' : ''}`;
}

/**
 * A room's plan dimensions: its outline's extent along its longest wall and across it (a rotated or
 * non-rectangular room reads as the rectangle around it, in its own orientation).
 */
export function planDimensions(outline: readonly (readonly [number, number])[]): [number, number] {
  let best = 0,
    ux = 1,
    uy = 0;
  for (let i = 0; i < outline.length; i++) {
    const [ax, ay] = outline[i]!,
      [bx, by] = outline[(i + 1) % outline.length]!;
    const len = Math.hypot(bx - ax, by - ay);
    if (len > best) [best, ux, uy] = [len, (bx - ax) / len, (by - ay) / len];
  }
  let s0 = Infinity,
    s1 = -Infinity,
    t0 = Infinity,
    t1 = -Infinity;
  for (const [x, y] of outline) {
    const s = x * ux + y * uy,
      t = -x * uy + y * ux;
    [s0, s1, t0, t1] = [Math.min(s0, s), Math.max(s1, s), Math.min(t0, t), Math.max(t1, t)];
  }
  return [s1 - s0, t1 - t0];
}
