import type { WindowLining } from './windowLining';
import type { MapConversionSource } from './north';

/**
 * What the building reader (building.ts) needs from an IFC file, as plain data: entities with their
 * names and relations, and their triangles in the world frame the API uses (metres, z up, the file's own
 * plan axes). The adapter that fills it (src/ifc/webIfcSource.ts, with web-ifc) lives outside the core;
 * the core turns it into rooms, windows and an obstruction mesh.
 */
export interface IfcStorey {
  id: number;
  name: string;
  /**
   * As the file states it (m), for ordering, display and the storey-to-storey height of a space with only a
   * footprint; the other rooms' heights come from their geometry.
   */
  elevation: number | null;
}

/** A space's 2D footprint, where the file gives it no body: its outline in plan and the z it lies at (m). */
export interface SpaceFootprint {
  outline: [number, number][];
  z: number;
}

/** A space's heights from its base quantities (Qto_SpaceBaseQuantities; m), null where not given. */
export interface SpaceHeights {
  height: number | null;
  finishCeilingHeight: number | null;
}

export interface IfcSpaceData {
  id: number;
  /** IfcSpace.Name: the room number in most exports ("A101"). */
  name: string;
  /** IfcSpace.LongName: the room's name ("Foyer"); empty when absent. */
  longName: string;
  /**
   * The file marks it an exterior space (IFC2x3 InteriorOrExteriorSpace, IFC4 PredefinedType EXTERNAL): a
   * balcony, terrace or loggia, outside the building's envelope. Absent: not said (an interior space).
   */
  external?: boolean;
  storey: number | null;
  /** IfcZone names the space is grouped in (apartments, fire compartments…). */
  zones: string[];
  /** Triangles, 9 floats each. */
  positions: Float32Array;
  /** Its footprint, read where it has no triangles (a space drawn in plan only); absent: none. */
  footprint?: SpaceFootprint | null;
  /** Its base quantities' heights, read with a footprint. */
  heights?: SpaceHeights | null;
}

/** What lets daylight in: a window, a door with glass, or a glazed panel of a curtain wall. */
export type GlazingKind = 'window' | 'door' | 'curtain wall';

/** A space the file says an element bounds (IfcRelSpaceBoundary), and on which side of the building. */
export interface SpaceBound {
  space: number;
  /** InternalOrExternalBoundary: true EXTERNAL, false INTERNAL, null when the file does not say. */
  external: boolean | null;
}

export interface IfcWindowData {
  id: number;
  name: string;
  kind: GlazingKind;
  /**
   * The spaces the file's own space boundaries (IfcRelSpaceBoundary, 1st or 2nd level) say the element
   * bounds; for a curtain wall's panel, those of the curtain wall. Empty when the file has none.
   */
  bounds: SpaceBound[];
  /** The wall the window's opening voids (IfcRelFillsElement → IfcRelVoidsElement), when the file says. */
  hostWall: number | null;
  positions: Float32Array;
  /** The triangles of its transparent parts (glass: a colour with alpha < 1), for the frame ratio. */
  glass: Float32Array;
  /** What the file says of its frame (lining and panel properties), when it says anything. */
  lining?: WindowLining | null;
}

export interface IfcElementData {
  id: number;
  /** IFC class, e.g. IFCWALLSTANDARDCASE. */
  type: string;
  positions: Float32Array;
  /**
   * What the file calls it, for the classes a tree may be (vegetation.ts's VEGETATION_CLASSES): its Name,
   * ObjectType, its type's Name and PredefinedType. Absent where not read or not said.
   */
  name?: string;
  objectType?: string;
  typeName?: string;
  predefinedType?: string;
}

export interface IfcSourceData {
  schema: string;
  /**
   * The file's plan point every coordinate here is measured from (m): (0, 0) for most files; near the
   * building for a georeferenced one, whose survey coordinates a 32-bit float could not hold to the mm.
   */
  origin?: [number, number];
  /** True north as the file's plan direction (x, y): the model context's TrueNorth; null when it does not say. */
  trueNorth: [number, number] | null;
  /**
   * The map's grid north as a plan direction (x, y): an IFC4 IfcMapConversion's (XAxisOrdinate,
   * XAxisAbscissa), the map's northing axis seen from the plan (north.ts). Null or absent: no map conversion.
   */
  gridNorth?: [number, number] | null;
  /** What gave `gridNorth`: IFC4's entity, or IFC2x3's property set of the same name; absent: the entity. */
  gridNorthFrom?: MapConversionSource;
  storeys: IfcStorey[];
  spaces: IfcSpaceData[];
  /** Windows, doors with glass and curtain walls' glazed panels: everything that lets daylight in. */
  windows: IfcWindowData[];
  /** Doors without glass in their geometry: not light sources, counted so that the report can say so. */
  opaqueDoors: number;
  /**
   * Everything that stands in the sky: walls, slabs, roofs, plates, members, railings, beams, columns,
   * proxies… and IFC4's IfcGeographicElement where it is vegetation (its terrain is not read).
   */
  obstruction: IfcElementData[];
}
