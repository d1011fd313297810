import { wrap360 } from '../geometry/bearing';

/**
 * The building's north from what an IFC file states of it (docs/ifc.md "True north"):
 * - the model context's `TrueNorth`: geographic north as a plan direction;
 * - an IFC4 `IfcMapConversion`'s rotation, or an IFC2x3 file's `ePSet_MapConversion` property set, which
 *   carries the same attributes (`XAxisAbscissa`, `XAxisOrdinate`: the plan's x axis in the map's easting and
 *   northing) and is read by the same rules. It gives the map's **grid** north: the plan's x axis turned
 *   θ = atan2(ordinate, abscissa) anticlockwise from the easting puts the map's northing axis at
 *   (sin θ, cos θ) in the plan, θ clockwise from the plan's +y.
 *
 * Grid north is not true north: they differ by the projection's meridian convergence at the site (0 on its
 * central meridian; within ~3° in a UTM or Gauss–Krüger zone, up to ~8° at the edges of wide national zones
 * such as SWEREF 99 TM's or Lambert-93's). Sun and sky follow true north, so a `TrueNorth` the map's grid
 * north confirms within that convergence is taken as stated. Farther apart, no projection explains the
 * difference and one of them is wrong; IFC4 says the map conversion then takes precedence (TrueNorth is for
 * information only where a map conversion is given), and the note states both.
 */
export type MapConversionSource = 'IfcMapConversion' | 'ePSet_MapConversion';
export type NorthSource = 'TrueNorth' | MapConversionSource;

/** More than any map projection's convergence at a building in the projection's own area (degrees). */
export const CONVERGENCE_LIMIT = 10;

export interface BuildingNorth {
  /** Degrees clockwise from the plan's +y, [0, 360); 0 when the file states none. */
  north: number;
  from: NorthSource | null;
  /** Where it came from, in words (the building's notes). */
  note: string;
}

/** Degrees clockwise from the plan's +y of a plan direction (x, y), to 1e-4° (cos 90°'s 6e-17 is 0). */
function bearing([x, y]: readonly [number, number]): number {
  const d = Math.round(wrap360((Math.atan2(x, y) * 180) / Math.PI) * 1e4) / 1e4;
  return d >= 360 ? 0 : d;
}

/** To a tenth of a degree, as notes and reports print it: 359.96° reads 0.0°, not 360.0°. */
export const northText = (v: number): string => `${((Math.round(wrap360(v) * 10) / 10) % 360).toFixed(1)}°`;
const deg = northText;

/**
 * `trueNorth`: the context's TrueNorth as a plan direction; `gridNorth`: the map's northing axis as a plan
 * direction ((XAxisOrdinate, XAxisAbscissa) of `map`, the entity or property set that gave it); null where
 * the file does not say.
 */
export function buildingNorth(
  trueNorth: readonly [number, number] | null,
  gridNorth: readonly [number, number] | null,
  map: MapConversionSource = 'IfcMapConversion',
): BuildingNorth {
  if (!trueNorth && !gridNorth)
    return {
      north: 0,
      from: null,
      note: "North: the file states none (no TrueNorth, no IfcMapConversion); the plan's up is taken as north.",
    };
  if (!gridNorth) {
    const north = bearing(trueNorth!);
    return {
      north,
      from: 'TrueNorth',
      note: `North: ${deg(north)} clockwise from the plan's up, from the model context's TrueNorth.`,
    };
  }
  const grid = bearing(gridNorth);
  if (!trueNorth)
    return {
      north: grid,
      from: map,
      note: `North: ${deg(grid)} clockwise from the plan's up, from the ${map}'s rotation: the map's grid north, which differs from true north by the projection's convergence at the site (a few degrees at most); the file states no TrueNorth.`,
    };
  const north = bearing(trueNorth);
  const apart = Math.abs(((north - grid + 540) % 360) - 180);
  if (apart <= CONVERGENCE_LIMIT)
    return {
      north,
      from: 'TrueNorth',
      note:
        apart < 0.05
          ? `North: ${deg(north)} clockwise from the plan's up, from the model context's TrueNorth; the ${map}'s grid north agrees.`
          : `North: ${deg(north)} clockwise from the plan's up, from the model context's TrueNorth; the ${map}'s grid north (${deg(grid)}) is ${deg(apart)} from it, as the projection's convergence puts them apart.`,
    };
  return {
    north: grid,
    from: map,
    note: `North: ${deg(grid)} clockwise from the plan's up, from the ${map}'s rotation (the map's grid north). The model context's TrueNorth says ${deg(north)}: ${deg(apart)} apart, more than any projection's convergence, so one of them is wrong; IFC4 gives the map conversion precedence. Check the export's north.`,
  };
}
