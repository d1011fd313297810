/**
 * The marks every plan carries, drawn the same way by every face: a scale bar of a round length and a
 * north arrow. The app's plan (PlanView) picks its bar's length here; the report pages (roomSheet,
 * storeyPlan) draw both as SVG strings.
 */

/** The round length (1, 2 or 5 × 10ⁿ m) at or just under `want` metres. */
export function scaleBarMetres(want: number): number {
  if (!(want > 0)) return 1;
  const p = 10 ** Math.floor(Math.log10(want));
  return (
    [1, 2, 5, 10]
      .map((f) => f * p)
      .filter((v) => v <= want * (1 + 1e-9))
      .pop() ?? p
  );
}

/** The pages' ink: text, outlines, marks. */
export const INK = '#1d2733';
export const px = (v: number): string => (Math.round(v * 100) / 100).toString();

/** A bar of a round length near `want` metres, its left end at (x, y), in the page's pixels. */
export function scaleBarSvg(x: number, y: number, pxPerM: number, want: number): string {
  const len = scaleBarMetres(want);
  const w = len * pxPerM;
  return [
    `<g data-role="scale-bar" data-metres="${len}">`,
    `<rect x="${px(x)}" y="${px(y - 6)}" width="${px(w / 2)}" height="6" fill="${INK}"/>`,
    `<rect x="${px(x + w / 2)}" y="${px(y - 6)}" width="${px(w / 2)}" height="6" fill="#fff" stroke="${INK}" stroke-width="1"/>`,
    `<text x="${px(x)}" y="${px(y + 10)}" font-size="11">0</text>`,
    `<text x="${px(x + w)}" y="${px(y + 10)}" font-size="11" text-anchor="end">${len} m</text>`,
    '</g>',
  ].join('');
}

/** An arrow pointing to true north: up on the page turned by `north` degrees clockwise. */
export function northArrowSvg(cx: number, cy: number, north: number): string {
  return [
    `<g data-role="north" transform="translate(${px(cx)} ${px(cy)}) rotate(${px(north)})">`,
    `<circle r="20" fill="#fff" stroke="${INK}" stroke-width="1"/>`,
    `<path d="M 0 -16 L 7 8 L 0 3 L -7 8 Z" fill="${INK}"/>`,
    `<text y="-24" font-size="12" font-weight="600" text-anchor="middle">N</text>`,
    '</g>',
  ].join('');
}
