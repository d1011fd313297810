import type { CrownShape } from '../engine/crowns';

/**
 * Trees and planting in an IFC file, told apart from the building's other surroundings (docs/ifc.md,
 * "Vegetation"). Revit exports its RPC trees as IfcBuildingElementProxy, two crossed vertical cards the size
 * of the crown; IFC4 has IfcGeographicElement (IFC4.3 with PredefinedType VEGETATION). Standing as opaque
 * walls they decide verdicts (LargeBuilding's room 4: 35 % of its floor at DF ≥ 1 % with its trees, 83 %
 * without), while daylight practice (BRE 209) treats a crown as seasonal and partly transparent, and
 * compliance calculations usually leave trees out.
 */

/**
 * What vegetation does to the rooms' light: `opaque` stands it in the sky as walls are (the default),
 * `ignore` leaves it out, `translucent` stands each tree as a crown that lets a share of the light through
 * (engine/crowns.ts; the engine computes every room then, the model reading opaque angles only).
 */
export type VegetationMode = 'opaque' | 'ignore' | 'translucent';

export const VEGETATION_MODES: readonly VegetationMode[] = ['opaque', 'ignore', 'translucent'];

/** The modes as a message lists them, each as `quote` writes it: "opaque, ignore or translucent". */
export const vegetationChoices = (quote: (m: string) => string = (m) => m): string =>
  `${VEGETATION_MODES.slice(0, -1).map(quote).join(', ')} or ${quote(VEGETATION_MODES.at(-1)!)}`;

/**
 * A crown's transmittance unless one is given: a tree in leaf, the darker season. Tregenza and Sharples'
 * algorithm 1.44 (after Wilkinson, 1992) tabulates the sky seen through eleven mature species: in leaf
 * 0.11–0.27 (mean 0.20), bare 0.30–0.54 (mean 0.49).
 */
export const DEFAULT_CROWN_TRANSMITTANCE = 0.2;

/** The transmittance as a client gives it (`--crown-transmittance`, a job's `crown_transmittance`); null outside 0–1. */
export function crownTransmittance(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 1 ? n : null;
}

/**
 * Trees stand by default: BRE 209 (2022) asks a scheme's own daylight to include them (with a crown's
 * transparency, which the engine cannot model yet), so solid is the cautious reading (docs/ifc.md).
 */
export const DEFAULT_VEGETATION: VegetationMode = 'opaque';

/** The setting as a client gives it (`--vegetation`, a job's `vegetation`); null when it is neither mode. */
export function vegetationMode(v: unknown): VegetationMode | null {
  return typeof v === 'string' && (VEGETATION_MODES as readonly string[]).includes(v)
    ? (v as VegetationMode)
    : null;
}

/** The IFC classes a tree can be exported as and that stand in the sky (furniture does not: it is inside). */
export const VEGETATION_CLASSES: ReadonlySet<string> = new Set([
  'IFCBUILDINGELEMENTPROXY',
  'IFCGEOGRAPHICELEMENT',
]);

/**
 * The words that make an element vegetation, in its name, object type or type's name, whole words and
 * any case ("M_RPC Tree - Deciduous", "Hedge_2m", "Planting"; not "Street" or "Planter"). "plant" can also
 * mean machinery ("Plant room"): a proxy so named is counted as vegetation and listed in the notes.
 */
const WORDS =
  /(?<![a-z])(trees?|shrubs?|hedges?|hedgerows?|bush|bushes|plants?|planting|vegetation)(?![a-z])/i;

/** What the file says of an element that may be vegetation (source.ts's IfcElementData). */
export interface ElementWords {
  /** IFC class, e.g. IFCBUILDINGELEMENTPROXY. */
  type: string;
  name?: string;
  objectType?: string;
  /** The Name of its type (IfcRelDefinesByType). */
  typeName?: string;
  /** Its PredefinedType where the class has one (IfcGeographicElement: TERRAIN, VEGETATION…). */
  predefinedType?: string;
}

/**
 * Whether the element is vegetation: an IfcGeographicElement whose PredefinedType is VEGETATION, or one of
 * VEGETATION_CLASSES whose words say so. An IfcGeographicElement of TERRAIN never is (it is the ground).
 */
export function isVegetation(e: ElementWords): boolean {
  if (!VEGETATION_CLASSES.has(e.type)) return false;
  if (e.type === 'IFCGEOGRAPHICELEMENT') {
    if (e.predefinedType === 'VEGETATION') return true;
    if (e.predefinedType === 'TERRAIN') return false;
  }
  return [e.name, e.objectType, e.typeName].some((w) => w !== undefined && WORDS.test(w));
}

/** A vegetation element as the notes name it. */
export interface VegetationElement {
  ifcId: number;
  type: string;
  /** Its type's name, else its object type, else its own name (Revit's ends in ":<element id>"). */
  label: string;
}

/** The vegetation a building's file holds and what was done with it. */
export interface VegetationFound {
  elements: VegetationElement[];
  mode: VegetationMode;
  /** With `translucent`: the share of the light its crowns let through. */
  transmittance?: number;
}

export function vegetationElement(id: number, e: ElementWords): VegetationElement {
  const label = e.typeName || e.objectType || (e.name ?? '').replace(/:\d+$/, '') || `#${id}`;
  return { ifcId: id, type: e.type, label };
}

const IFC_NAME: Record<string, string> = {
  IFCBUILDINGELEMENTPROXY: 'IfcBuildingElementProxy',
  IFCGEOGRAPHICELEMENT: 'IfcGeographicElement',
};

/**
 * The building's note on its vegetation, for the report, rooms.json and the Building panel; null when the
 * file has none. Names the kinds found (the three commonest) and the setting that changes what they do.
 */
export function vegetationNote(v: VegetationFound): string | null {
  const n = v.elements.length;
  if (n === 0) return null;
  const kinds = new Map<string, number>();
  for (const e of v.elements) {
    const k = `${IFC_NAME[e.type] ?? e.type} '${e.label}'`;
    kinds.set(k, (kinds.get(k) ?? 0) + 1);
  }
  const sorted = [...kinds].sort((a, b) => b[1] - a[1]);
  const named = sorted
    .slice(0, 3)
    .map(([k, c]) => (kinds.size > 1 ? `${c} × ${k}` : k))
    .join(', ');
  const what = `${n} ${n === 1 ? 'tree or plant' : 'trees or plants'} (${named}${sorted.length > 3 ? ', …' : ''})`;
  if (v.mode === 'translucent') {
    const pct = `${Math.round((v.transmittance ?? DEFAULT_CROWN_TRANSMITTANCE) * 100)} %`;
    return `Vegetation: ${what} ${n === 1 ? 'stands as a crown' : 'stand as crowns'} that let ${pct} of the light behind through (vegetation "translucent", crown transmittance ${pct}; mature trees let 11–27 % through in leaf, 30–54 % bare), reflecting 10 %; the engine computes every room.`;
  }
  return v.mode === 'opaque'
    ? `Vegetation: ${what} ${n === 1 ? 'stands' : 'stand'} as opaque surfaces, as walls do; vegetation "ignore" (--vegetation ignore; in the app, Trees and planting: Leave out) leaves them out, "translucent" (--vegetation translucent) lets part of the light through their crowns.`
    : `Vegetation: ${what} left out (vegetation "ignore"): the rooms see the sky through them.`;
}

/** Horizontal slices an element is read in to find where its crown begins. */
const SLICES = 12;

/**
 * A tree's crown as the requests give it (engine/crowns.ts): the ellipsoid in its element's bounds in plan,
 * from where its crown begins to its top, terrain at z = 0. The crown begins at the lowest of SLICES slices
 * where the element reaches half as far from its axis as it does anywhere: under it is its trunk, whose sky
 * the crown's gaps would wrongly dim (a Revit RPC crab apple of 6.1 m reaches 2.3 m out at its foot, 4.1 m
 * at most: its crown from the ground; a box-shaped IfcGeographicElement is its crown whole). Null for an
 * element without volume.
 */
export function crownOf(positions: Float32Array, terrainZ: number): CrownShape | null {
  const lo = [Infinity, Infinity, Infinity],
    hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i + 2 < positions.length; i += 3)
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, positions[i + k]!);
      hi[k] = Math.max(hi[k]!, positions[i + k]!);
    }
  const [x0, y0, z0] = lo as [number, number, number];
  const [x1, y1, z1] = hi as [number, number, number];
  if (!(x1 - x0 > 0.01 && y1 - y0 > 0.01 && z1 - z0 > 0.01)) return null;
  const cx = (x0 + x1) / 2,
    cy = (y0 + y1) / 2;
  const reach = new Array<number>(SLICES).fill(0);
  for (let i = 0; i + 2 < positions.length; i += 3) {
    const s = Math.min(SLICES - 1, Math.floor(((positions[i + 2]! - z0) / (z1 - z0)) * SLICES));
    reach[s] = Math.max(reach[s]!, Math.hypot(positions[i]! - cx, positions[i + 1]! - cy));
  }
  const most = Math.max(...reach);
  const base =
    z0 +
    ((z1 - z0) *
      Math.max(
        0,
        reach.findIndex((r) => r >= most / 2),
      )) /
      SLICES;
  return {
    centre: [cx, cy, (base + z1) / 2 - terrainZ],
    radii: [(x1 - x0) / 2, (y1 - y0) / 2, (z1 - base) / 2],
  };
}

/** A room's trees as crowns on its report page: "11 crowns letting 20 % through". */
export function crownsPhrase(c: { transmittance: number; trees: readonly unknown[] }): string {
  const n = c.trees.length;
  return `${n} ${n === 1 ? 'crown' : 'crowns'} letting ${Math.round(c.transmittance * 100)} % through`;
}
