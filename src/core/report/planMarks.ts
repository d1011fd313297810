/**
 * The marks every plan carries, drawn the same way by every face: a scale bar of a round length and a
 * north arrow. The app's plan (PlanView) picks its bar's length here; the report pages (roomSheet,
 * storeyPlan) draw both as SVG strings, and state the plan's scale (1:50 on A4), which holds because
 * each page is printed at one size in millimetres (its SVG's width and height, in mm).
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

/**
 * The scales a report's plan is drawn at (1:n): those of the metric scale rules an architect measures
 * a drawing with (1:20, 1:25, 1:50, 1:75, 1:100, 1:125; 1:200 … 1:500; 1:1000 … 1:2500), filled to at
 * most a step of 1.5 so that a room drawn at the next scale down loses at most a third of its width.
 * Past 1:10 000, a site no page of a report draws whole, the plan takes the next multiple of 10 000.
 */
export const DRAWING_SCALES: readonly number[] = [
  10, 15, 20, 25, 30, 40, 50, 75, 100, 125, 150, 200, 250, 300, 400, 500, 750, 1000, 1250, 1500, 2000, 2500,
  3000, 4000, 5000, 7500, 10000,
];

/** A plan's scale on its printed page: 1:n, and the page's px per metre that it is. */
export interface DrawingScale {
  n: number;
  pxPerM: number;
}

/**
 * The plan's scale: the largest of DRAWING_SCALES at which it still fits, or with `exact`, the largest
 * whole 1:n (a storey's plan, whose rooms' labels need every px: the duplex's ground floor fits 1:138,
 * and at the scale rules' 1:150 two of its rooms lost their labels and the storey went onto two pages).
 * `fitPxPerM` is the most px per metre the plan's box allows, `mmPerPx` the page's printed mm per px.
 */
export function drawingScale(fitPxPerM: number, mmPerPx: number, exact = false): DrawingScale {
  // 1:n puts 1000/n mm of paper on a metre: 1000 / (n · mmPerPx) px.
  const most = 1000 / (fitPxPerM * mmPerPx);
  const n = exact
    ? Math.ceil(most - 1e-9)
    : (DRAWING_SCALES.find((d) => d >= most * (1 - 1e-9)) ?? Math.ceil(most / 10000 - 1e-9) * 10000);
  return { n, pxPerM: 1000 / (n * mmPerPx) };
}

/** The scale as a drawing states it. */
export const scaleText = (n: number): string => `1:${n.toLocaleString('en')} on A4`;

/** The pages' ink: text, outlines, marks. */
export const INK = '#1d2733';
/** The stated scale's size and its gap from the bar's end (px), for a page that keeps other text off it. */
export const SCALE_SIZE = 11;
export const SCALE_GAP = 10;
export const px = (v: number): string => (Math.round(v * 100) / 100).toString();
/** A printed length, for an SVG's width and height. */
export const mm = (v: number): string => `${px(v)}mm`;

/**
 * A bar of a round length near `want` metres, its left end at (x, y), in the page's pixels; with a
 * `ratio` (the plan's 1:n), the scale stated beside its end, or under its figures (`under`) where the
 * page has something beside the bar.
 */
export function scaleBarSvg(
  x: number,
  y: number,
  pxPerM: number,
  want: number,
  ratio?: { n: number; under?: boolean },
): string {
  const len = scaleBarMetres(want);
  const w = len * pxPerM;
  const [rx, ry] = ratio?.under ? [x, y + 24] : [x + w + SCALE_GAP, y];
  return [
    `<g data-role="scale-bar" data-metres="${len}"${ratio ? ` data-ratio="${ratio.n}"` : ''}>`,
    `<rect x="${px(x)}" y="${px(y - 6)}" width="${px(w / 2)}" height="6" fill="${INK}"/>`,
    `<rect x="${px(x + w / 2)}" y="${px(y - 6)}" width="${px(w / 2)}" height="6" fill="#fff" stroke="${INK}" stroke-width="1"/>`,
    `<text x="${px(x)}" y="${px(y + 10)}" font-size="11">0</text>`,
    `<text x="${px(x + w)}" y="${px(y + 10)}" font-size="11" text-anchor="end">${len} m</text>`,
    ratio
      ? `<text x="${px(rx)}" y="${px(ry)}" font-size="${SCALE_SIZE}" font-weight="600" data-role="scale">${scaleText(ratio.n)}</text>`
      : '',
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
