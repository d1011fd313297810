/**
 * Trees and planting in an IFC file, told apart from the building's other surroundings (docs/ifc.md,
 * "Vegetation"). Revit exports its RPC trees as IfcBuildingElementProxy, two crossed vertical cards the size
 * of the crown; IFC4 has IfcGeographicElement (IFC4.3 with PredefinedType VEGETATION). Standing as opaque
 * walls they decide verdicts (LargeBuilding's room 4: 35 % of its floor at DF ≥ 1 % with its trees, 83 %
 * without), while daylight practice (BRE 209) treats a crown as seasonal and partly transparent, and
 * compliance calculations usually leave trees out.
 */

/** What vegetation does to the rooms' light: `opaque` stands it in the sky as walls are (the default), `ignore` leaves it out. */
export type VegetationMode = 'opaque' | 'ignore';

export const VEGETATION_MODES: readonly VegetationMode[] = ['opaque', 'ignore'];

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
  return v.mode === 'opaque'
    ? `Vegetation: ${what} ${n === 1 ? 'stands' : 'stand'} as opaque surfaces, as walls do; vegetation "ignore" (--vegetation ignore; in the app, Trees and planting: Leave out) leaves them out.`
    : `Vegetation: ${what} left out (vegetation "ignore"): the rooms see the sky through them.`;
}
