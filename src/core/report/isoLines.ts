import { contours } from 'd3-contour';

/**
 * Iso-DF lines of a room's map for its report page (issue 34): where the daylight factor crosses each
 * level, as polylines in the plan frame (m); where each is written is the sheet's (isoLabels.ts
 * placeIsoLabels: labels must not cover one another, which depends on the page's scale). The contouring is
 * d3-contour's marching squares (values at cell centres, crossings interpolated along cell edges); what it
 * draws along the grid's own border (where the field is above a level at the edge of the grid) is dropped:
 * that is the room's bounding box, not an iso-line.
 */
export interface IsoLine {
  level: number;
  /** Open polylines, each a list of plan points (m). */
  lines: [number, number][][];
}

export interface GridField {
  /** Values per cell, row 0 at the top (max y), column 0 at the left (min x); cells outside carry 0. */
  values: Float32Array;
  rows: number;
  cols: number;
  origin: { x: number; y: number };
  resolution: number;
}

/** Levels worth drawing for a map ranging over [min, max] (DF %): the usual steps inside that range. */
export function isoLevels(min: number, max: number): number[] {
  return [0.5, 1, 1.5, 2, 3, 4, 5, 7.5, 10, 15, 20].filter((l) => l > min && l < max);
}

export function isoLines(f: GridField, levels: readonly number[]): IsoLine[] {
  const { rows, cols } = f;
  if (rows < 2 || cols < 2 || levels.length === 0) return [];
  const polygons = contours()
    .size([cols, rows])
    .thresholds([...levels])(Array.from(f.values));
  // d3-contour's coordinates: x in [0, cols], y in [0, rows] (rows downwards), cell centres at + 0.5.
  const toPlan = ([x, y]: number[]): [number, number] => [
    f.origin.x + x! * f.resolution,
    f.origin.y - y! * f.resolution,
  ];
  const onBorder = ([x, y]: number[]): boolean => x! <= 0 || y! <= 0 || x! >= cols || y! >= rows;
  return polygons.map((p) => {
    const lines: [number, number][][] = [];
    for (const polygon of p.coordinates)
      for (const ring of polygon) {
        // Split each closed ring where it runs along the grid's border.
        let current: [number, number][] = [];
        for (let i = 0; i < ring.length; i++) {
          const a = ring[i]!;
          if (onBorder(a)) {
            if (current.length > 1) lines.push(current);
            current = [];
          } else current.push(toPlan(a));
        }
        if (current.length > 1) lines.push(current);
      }
    return { level: p.value, lines };
  });
}
