import * as W from 'web-ifc';
import type {
  IfcElementData,
  IfcSourceData,
  IfcSpaceData,
  IfcStorey,
  IfcWindowData,
  SpaceBound,
  SpaceHeights,
} from '../core/ifc/source';
import type { WindowLining } from '../core/ifc/windowLining';
import { isVegetation, VEGETATION_CLASSES, type ElementWords } from '../core/ifc/vegetation';
import { list, num, ref, text, value, type Line } from './lineValues';
import { lengthUnit, spaceFootprint, spaceHeights } from './spaceFootprint';

/**
 * Reads an IFC file with web-ifc (IFC2x3 and IFC4, WASM in the browser and in Node) into the plain data the
 * core's building reader takes (core/ifc/source.ts).
 *
 * web-ifc hands geometry out turned to y up (for three.js): `x, y, z` of its output are the file's
 * `x, z, −y`. It is turned back here, so everything downstream is in the file's own frame, z up, metres
 * (web-ifc applies the file's length unit).
 */
export const OBSTRUCTION_TYPES: Record<string, number> = {
  IFCWALL: W.IFCWALL,
  IFCWALLSTANDARDCASE: W.IFCWALLSTANDARDCASE,
  IFCSLAB: W.IFCSLAB,
  IFCROOF: W.IFCROOF,
  IFCPLATE: W.IFCPLATE,
  IFCCURTAINWALL: W.IFCCURTAINWALL,
  IFCMEMBER: W.IFCMEMBER,
  IFCRAILING: W.IFCRAILING,
  IFCBEAM: W.IFCBEAM,
  IFCCOLUMN: W.IFCCOLUMN,
  IFCSTAIR: W.IFCSTAIR,
  IFCSTAIRFLIGHT: W.IFCSTAIRFLIGHT,
  IFCRAMP: W.IFCRAMP,
  IFCBUILDINGELEMENTPROXY: W.IFCBUILDINGELEMENTPROXY,
  // IFC4's louvres, fins and overhangs (IFC2x3 exports them as proxies).
  IFCSHADINGDEVICE: W.IFCSHADINGDEVICE,
};

export interface ReadOptions {
  /** Called with the share of elements whose geometry has been read (0–1). */
  onProgress?: (fraction: number) => void;
  /** Where web-ifc's .wasm is (ifcApi). */
  locate?: (file: string) => string;
  /**
   * The plan point to subtract from every coordinate (see IfcSourceData.origin). Absent: chosen from the
   * file; a context file is read with its building's, so that both share one frame.
   */
  origin?: [number, number];
}

let shared: Promise<W.IfcAPI> | null = null;

/**
 * One web-ifc instance per thread. `locate` maps web-ifc's file name (web-ifc.wasm) to its URL: in the
 * browser the app ships it at /ifc/ (vite.config.ts); in Node web-ifc finds it itself. Single-threaded:
 * its multi-threaded build needs cross-origin isolation, and the page already runs this in a worker.
 */
export function ifcApi(locate?: (file: string) => string): Promise<W.IfcAPI> {
  shared ??= (async () => {
    const api = new W.IfcAPI();
    await api.Init(locate ? (path) => locate(path) : undefined, true);
    // Its messages go to the console; what matters to a user comes back as our own errors.
    api.SetLogLevel(W.LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return shared;
}

/**
 * Checks the STEP envelope before web-ifc reads it: a cut-short file would otherwise be read in part
 * (web-ifc logs and goes on), giving a building with rooms or windows silently missing.
 */
function checkEnvelope(bytes: Uint8Array): void {
  const head = new TextDecoder().decode(bytes.subarray(0, 64)).trimStart();
  if (!head.startsWith('ISO-10303-21'))
    throw new Error(
      'The file is not an IFC file: it does not start as one (ISO-10303-21); export the model as IFC (.ifc)',
    );
  const tail = new TextDecoder().decode(bytes.subarray(Math.max(0, bytes.length - 256)));
  if (!tail.includes('END-ISO-10303-21'))
    throw new Error(
      'The file is cut short: it does not end as an IFC file does (END-ISO-10303-21); copy or export it again',
    );
}

export async function readIfc(
  bytes: Uint8Array,
  o: ReadOptions = {},
  api?: W.IfcAPI,
): Promise<IfcSourceData> {
  checkEnvelope(bytes);
  const ifc = api ?? (await ifcApi(o.locate));
  let model: number;
  try {
    model = ifc.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false });
  } catch (e) {
    throw new Error(`The IFC file cannot be read (${(e as Error).message})`, { cause: e });
  }
  if (model < 0) throw new Error('The IFC file cannot be read');
  try {
    return read(ifc, model, o);
  } finally {
    ifc.CloseModel(model);
  }
}

function read(ifc: W.IfcAPI, model: number, o: ReadOptions): IfcSourceData {
  const ids = (type: number): number[] => {
    const v = ifc.GetLineIDsWithType(model, type, true);
    const out: number[] = [];
    for (let i = 0; i < v.size(); i++) out.push(v.get(i));
    return out;
  };
  const line = (id: number) => ifc.GetLine(model, id, false) as Line;

  // Storeys and what they hold: spaces are aggregated into a storey (IfcRelAggregates) or contained in it.
  // Elevations in metres: the file's length unit applied (web-ifc applies it to geometry only).
  const unit = lengthUnit(ifc, model);
  const storeys: IfcStorey[] = ids(W.IFCBUILDINGSTOREY).map((id) => {
    const s = line(id);
    const e = value(s.Elevation);
    return {
      id,
      name: text(s.Name) || text(s.LongName) || `Storey #${id}`,
      elevation: typeof e === 'number' ? e * unit : null,
    };
  });
  const storeyIds = new Set(storeys.map((s) => s.id));
  const storeyOf = new Map<number, number>();
  for (const id of ids(W.IFCRELAGGREGATES)) {
    const r = line(id);
    const parent = ref(r.RelatingObject);
    if (parent === null || !storeyIds.has(parent)) continue;
    for (const c of list(r.RelatedObjects)) if (ref(c) !== null) storeyOf.set(ref(c)!, parent);
  }
  for (const id of ids(W.IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const r = line(id);
    const parent = ref(r.RelatingStructure);
    if (parent === null || !storeyIds.has(parent)) continue;
    for (const c of list(r.RelatedElements))
      if (ref(c) !== null && !storeyOf.has(ref(c)!)) storeyOf.set(ref(c)!, parent);
  }
  // Zones (apartments) group spaces (IfcRelAssignsToGroup).
  const zoneNames = new Map<number, string>();
  for (const id of ids(W.IFCZONE)) zoneNames.set(id, text(line(id).Name) || `Zone #${id}`);
  const zonesOf = new Map<number, string[]>();
  for (const id of ids(W.IFCRELASSIGNSTOGROUP)) {
    const r = line(id);
    const zone = zoneNames.get(ref(r.RelatingGroup) ?? -1);
    if (!zone) continue;
    for (const c of list(r.RelatedObjects)) {
      const k = ref(c);
      if (k !== null) zonesOf.set(k, [...(zonesOf.get(k) ?? []), zone]);
    }
  }
  // Window → the wall its opening voids.
  const openingWall = new Map<number, number>();
  for (const id of ids(W.IFCRELVOIDSELEMENT)) {
    const r = line(id);
    const wall = ref(r.RelatingBuildingElement),
      opening = ref(r.RelatedOpeningElement);
    if (wall !== null && opening !== null) openingWall.set(opening, wall);
  }
  const hostOf = new Map<number, number>();
  const openingOf = new Map<number, number>();
  for (const id of ids(W.IFCRELFILLSELEMENT)) {
    const r = line(id);
    const opening = ref(r.RelatingOpeningElement),
      filler = ref(r.RelatedBuildingElement);
    if (opening !== null && filler !== null) openingOf.set(filler, opening);
    if (opening !== null && filler !== null && openingWall.has(opening))
      hostOf.set(filler, openingWall.get(opening)!);
  }

  // The elements filling each opening (IfcRelFillsElement): a window, a door, or a window beside a door.
  const fillersOf = new Map<number, number[]>();
  for (const [filler, opening] of openingOf)
    fillersOf.set(opening, [...(fillersOf.get(opening) ?? []), filler]);

  // Which spaces each element bounds, by the file's own space boundaries (IFC2x3's IfcRelSpaceBoundary;
  // IFC4's 1st- and 2nd-level subtypes come with it), and on which side. A boundary may name the opening
  // rather than what fills it (the schema allows any IfcElement; the space-boundary guides name the opening
  // where it is empty, and some exports do so for filled ones): it bounds the opening's window or door.
  const boundsOf = new Map<number, SpaceBound[]>();
  for (const id of ids(W.IFCRELSPACEBOUNDARY)) {
    const r = line(id);
    const space = ref(r.RelatingSpace),
      named = ref(r.RelatedBuildingElement);
    if (space === null || named === null) continue;
    const side = value(r.InternalOrExternalBoundary);
    const external = side === 'EXTERNAL' ? true : side === 'INTERNAL' ? false : null;
    for (const element of fillersOf.get(named) ?? [named]) {
      const known = boundsOf.get(element) ?? [];
      const same = known.find((b) => b.space === space);
      if (!same) boundsOf.set(element, [...known, { space, external }]);
      else if (same.external === null) same.external = external;
    }
  }
  // The parts of each curtain wall (IfcRelAggregates): its panels and mullions. And every element's
  // IfcBuildingElementParts: a wall, slab or roof exported as its parts (Revit's Parts, layered composites)
  // has its body in them, often none of its own.
  const curtainOf = new Map<number, number>();
  const curtainWalls = new Set(ids(W.IFCCURTAINWALL));
  const elementParts = new Set(ids(W.IFCBUILDINGELEMENTPART));
  const partsOf = new Map<number, number[]>();
  for (const id of ids(W.IFCRELAGGREGATES)) {
    const r = line(id);
    const whole = ref(r.RelatingObject);
    if (whole === null) continue;
    for (const c of list(r.RelatedObjects)) {
      const k = ref(c);
      if (k === null) continue;
      if (curtainWalls.has(whole)) curtainOf.set(k, whole);
      if (elementParts.has(k)) partsOf.set(whole, [...(partsOf.get(whole) ?? []), k]);
    }
  }
  /** An element's parts and theirs (a part may itself be made of parts), each once. */
  const allParts = (id: number, seen = new Set<number>([id])): number[] =>
    (partsOf.get(id) ?? []).flatMap((k) => (seen.has(k) ? [] : (seen.add(k), [k, ...allParts(k, seen)])));
  // An opening that voids one of a wall's parts (a layer) is hosted by the wall, where the part stands.
  const wholeOf = new Map<number, number>();
  for (const whole of partsOf.keys())
    if (!elementParts.has(whole)) for (const k of allParts(whole)) wholeOf.set(k, whole);
  for (const [filler, host] of hostOf) if (wholeOf.has(host)) hostOf.set(filler, wholeOf.get(host)!);

  // What the file says of each window's frame: lining and panel properties on its type (IfcWindowType,
  // IFC2x3's IfcWindowStyle) or on the window itself, and how its panels are laid out.
  const liningSets = new Map<number, number[]>();
  const partitionOf = new Map<number, string>();
  // Each element's type's name: what tells a Revit RPC tree's proxy apart (vegetation.ts).
  const typeNameOf = new Map<number, string>();
  const framePart = (set: number): boolean => {
    const t = ifc.GetLineType(model, set);
    return t === W.IFCWINDOWLININGPROPERTIES || t === W.IFCWINDOWPANELPROPERTIES;
  };
  for (const id of ids(W.IFCRELDEFINESBYTYPE)) {
    const r = line(id);
    const typeId = ref(r.RelatingType);
    if (typeId === null) continue;
    const type = line(typeId);
    const sets = list(type.HasPropertySets).flatMap((p) =>
      ref(p) !== null && framePart(ref(p)!) ? [ref(p)!] : [],
    );
    const partition = text(type.PartitioningType) || text(type.OperationType);
    for (const c of list(r.RelatedObjects)) {
      const k = ref(c);
      if (k === null) continue;
      if (text(type.Name)) typeNameOf.set(k, text(type.Name));
      if (sets.length) liningSets.set(k, [...(liningSets.get(k) ?? []), ...sets]);
      if (partition) partitionOf.set(k, partition);
    }
  }
  for (const id of ids(W.IFCRELDEFINESBYPROPERTIES)) {
    const r = line(id);
    const set = ref(r.RelatingPropertyDefinition);
    if (set === null || !framePart(set)) continue;
    for (const c of list(r.RelatedObjects))
      if (ref(c) !== null) liningSets.set(ref(c)!, [...(liningSets.get(ref(c)!) ?? []), set]);
  }
  // Spaces the file marks exterior in their common property set (Pset_SpaceCommon.IsExternal), as exporters
  // that leave the space's own attribute unset or INTERNAL write it.
  const spaceSet = new Set(ids(W.IFCSPACE));
  const externalByPset = new Set<number>();
  for (const id of ids(W.IFCRELDEFINESBYPROPERTIES)) {
    const r = line(id);
    const of = list(r.RelatedObjects).flatMap((c) => (spaceSet.has(ref(c) ?? -1) ? [ref(c)!] : []));
    const set = ref(r.RelatingPropertyDefinition);
    if (of.length === 0 || set === null || ifc.GetLineType(model, set) !== W.IFCPROPERTYSET) continue;
    const p = line(set);
    if (text(p.Name) !== 'Pset_SpaceCommon') continue;
    const external = list(p.HasProperties).some((q) => {
      const prop = ref(q) === null ? null : line(ref(q)!);
      const v = prop ? value(prop.NominalValue) : undefined;
      return prop !== null && text(prop.Name) === 'IsExternal' && (v === true || v === 'T' || v === 'TRUE');
    });
    if (external) for (const k of of) externalByPset.add(k);
  }
  const liningOf = (id: number, w: Line): WindowLining | null => {
    const sets = liningSets.get(id);
    const W_ = value(w.OverallWidth),
      H_ = value(w.OverallHeight);
    if (!sets || typeof W_ !== 'number' || typeof H_ !== 'number') return null;
    const num = (v: unknown): number | null => (typeof value(v) === 'number' ? (value(v) as number) : null);
    const l: WindowLining = {
      overallWidth: W_,
      overallHeight: H_,
      liningThickness: null,
      mullionThickness: null,
      transomThickness: null,
      frameThickness: null,
      partitioning: text(w.PartitioningType) || partitionOf.get(id) || null,
    };
    for (const set of sets) {
      const p = line(set);
      if (ifc.GetLineType(model, set) === W.IFCWINDOWLININGPROPERTIES) {
        l.liningThickness ??= num(p.LiningThickness);
        l.mullionThickness ??= num(p.MullionThickness);
        l.transomThickness ??= num(p.TransomThickness);
      } else l.frameThickness ??= num(p.FrameThickness);
    }
    return l;
  };

  const spaceIds = ids(W.IFCSPACE);
  const windowIds = ids(W.IFCWINDOW);
  const doorIds = ids(W.IFCDOOR);
  // IfcPlate and its subtypes (IFC4's IfcPlateStandardCase).
  const plates = new Set(ids(W.IFCPLATE));
  const panelIds = [...curtainOf.keys()].filter((id) => plates.has(id));
  const origin = o.origin ?? planOrigin(ifc, model, [...spaceIds, ...windowIds]);
  // includeInherited above also returns subtypes (IfcWallStandardCase under IfcWall, IFC4's
  // IfcSlabStandardCase, IfcPlateStandardCase, IfcMemberStandardCase, IfcColumnStandardCase… under theirs):
  // each is read once, named by its own class where listed, else by the listed class above it.
  const typeName = new Map(Object.entries(OBSTRUCTION_TYPES).map(([type, code]) => [code, type]));
  const listed = new Set<number>();
  const obstructionIds = Object.entries(OBSTRUCTION_TYPES).flatMap(([type, code]) =>
    ids(code).flatMap((id) => {
      if (listed.has(id)) return [];
      listed.add(id);
      return [{ id, type: typeName.get(ifc.GetLineType(model, id)) ?? type }];
    }),
  );
  // What the file calls the elements a tree may be, for the core to tell vegetation apart (vegetation.ts).
  const wordsOf = (id: number, type: string): Omit<ElementWords, 'type'> => {
    if (!VEGETATION_CLASSES.has(type)) return {};
    const e = line(id);
    const said = {
      name: text(e.Name),
      objectType: text(e.ObjectType),
      typeName: typeNameOf.get(id) ?? '',
      predefinedType: typeof value(e.PredefinedType) === 'string' ? (value(e.PredefinedType) as string) : '',
    };
    return Object.fromEntries(Object.entries(said).filter(([, v]) => v));
  };
  // IfcGeographicElement is read where it is vegetation only: its terrain (the ground) stays out, as before.
  for (const id of ids(W.IFCGEOGRAPHICELEMENT))
    if (isVegetation({ type: 'IFCGEOGRAPHICELEMENT', ...wordsOf(id, 'IFCGEOGRAPHICELEMENT') }))
      obstructionIds.push({ id, type: 'IFCGEOGRAPHICELEMENT' });
  const partCount = obstructionIds.reduce((n, { id }) => n + allParts(id).length, 0);
  const total =
    spaceIds.length + windowIds.length + doorIds.length + panelIds.length + obstructionIds.length + partCount;
  let done = 0;
  const step = (): void => {
    done++;
    if (o.onProgress && (done % 50 === 0 || done === total)) o.onProgress(done / total);
  };

  // A space without a body (drawn in plan only) is read from its footprint and its base quantities.
  let heights: Map<number, SpaceHeights> | null = null;
  const spaces: IfcSpaceData[] = spaceIds.map((id) => {
    const s = line(id);
    const { all } = triangles(ifc, model, id, origin);
    step();
    const footprint = all.length === 0 ? spaceFootprint(ifc, model, id, origin, unit) : null;
    if (footprint) heights ??= spaceHeights(ifc, model, new Set(spaceIds), unit);
    return {
      id,
      name: text(s.Name),
      longName: text(s.LongName),
      // IFC2x3's InteriorOrExteriorSpace, IFC4's PredefinedType, or Pset_SpaceCommon.IsExternal: a balcony,
      // terrace or loggia.
      external:
        value(s.InteriorOrExteriorSpace) === 'EXTERNAL' ||
        value(s.PredefinedType) === 'EXTERNAL' ||
        externalByPset.has(id),
      storey: storeyOf.get(id) ?? null,
      zones: zonesOf.get(id) ?? [],
      positions: all,
      ...(footprint ? { footprint, heights: heights?.get(id) ?? null } : {}),
    };
  });
  const windows: IfcWindowData[] = windowIds.map((id) => {
    const w = line(id);
    const { all, glass } = triangles(ifc, model, id, origin);
    // A window exported without a body of its own (some exporters leave it to the opening): the opening
    // it fills gives its place and size.
    const opening = openingOf.get(id);
    const positions =
      all.length === 0 && opening !== undefined ? triangles(ifc, model, opening, origin).all : all;
    step();
    return {
      id,
      name: text(w.Name) || `Window #${id}`,
      kind: 'window',
      bounds: boundsOf.get(id) ?? [],
      hostWall: hostOf.get(id) ?? null,
      positions,
      glass,
      lining: liningOf(id, w),
    };
  });
  // Doors whose geometry has glass light the room as windows do; the others are counted, not analysed.
  let opaqueDoors = 0;
  for (const id of doorIds) {
    const { all, glass } = triangles(ifc, model, id, origin);
    step();
    if (glass.length === 0) {
      opaqueDoors++;
      continue;
    }
    const d = line(id);
    windows.push({
      id,
      name: text(d.Name) || `Door #${id}`,
      kind: 'door',
      bounds: boundsOf.get(id) ?? [],
      hostWall: hostOf.get(id) ?? null,
      positions: all,
      glass,
    });
  }
  // A curtain wall's glazed panels (transparent in the file's own styling) are its windows; its opaque
  // panels and mullions stay in the obstruction, and so does the wall's own body unless it has glazing.
  const glazedPanels = new Set<number>();
  for (const id of panelIds) {
    const { all, glass } = triangles(ifc, model, id, origin);
    step();
    if (glass.length === 0) continue;
    const wall = curtainOf.get(id)!;
    glazedPanels.add(id);
    glazedPanels.add(wall);
    windows.push({
      id,
      name: `${text(line(wall).Name) || `Curtain wall #${wall}`} / ${text(line(id).Name) || `Panel #${id}`}`,
      kind: 'curtain wall',
      bounds: [...(boundsOf.get(id) ?? []), ...(boundsOf.get(wall) ?? [])],
      hostWall: null,
      positions: all,
      glass,
    });
  }
  // An element's parts stand with it, as its own body (the host wall's faces then come from them too);
  // those of a curtain wall whose glazing lights rooms stand on their own.
  const partMesh = (parts: number[]): Float32Array =>
    parts.map((k) => (step(), triangles(ifc, model, k, origin).all)).reduce(join, new Float32Array(0));
  const obstruction: IfcElementData[] = obstructionIds.flatMap(({ id, type }) => {
    step();
    const parts = allParts(id);
    if (glazedPanels.has(id))
      return parts.length ? [{ id, type: 'IFCBUILDINGELEMENTPART', positions: partMesh(parts) }] : [];
    const own = triangles(ifc, model, id, origin).all;
    const positions = parts.length ? join(own, partMesh(parts)) : own;
    return [{ id, type, positions, ...wordsOf(id, type) }];
  });

  return {
    schema: ifc.GetModelSchema(model),
    origin,
    trueNorth: trueNorth(ifc, model, ids, line),
    ...mapConversion(ifc, model, ids, line),
    storeys,
    spaces,
    windows,
    opaqueDoors,
    obstruction,
  };
}

/**
 * Georeferenced files place the building at its survey coordinates (SWEREF 99's northings are ~6.5·10⁶ m),
 * where a 32-bit float keeps only half a metre. Coordinates are therefore made relative to a point near
 * the building, in double precision, before they are stored as floats: the first space's (else window's)
 * placement, rounded to the kilometre, when it lies more than 10 km from the file's origin; else none.
 */
function planOrigin(ifc: W.IfcAPI, model: number, candidates: number[]): [number, number] {
  for (const id of candidates) {
    let mesh: W.FlatMesh;
    try {
      mesh = ifc.GetFlatMesh(model, id);
    } catch {
      continue;
    }
    if (mesh.geometries.size() === 0) continue;
    const m = mesh.geometries.get(0).flatTransformation;
    // web-ifc's y-up translation (x, y, z) is the file's (x, −z) in plan.
    const x = m[12]!,
      y = -m[14]!;
    (mesh as { delete?: () => void }).delete?.();
    if (Math.hypot(x, y) <= 10_000) return [0, 0];
    return [Math.round(x / 1000) * 1000, Math.round(y / 1000) * 1000];
  }
  return [0, 0];
}

const join = (a: Float32Array, b: Float32Array): Float32Array => {
  const out = new Float32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

/**
 * The element's triangles in the file's frame (z up) less `origin` in plan, and those of its transparent
 * parts.
 */
function triangles(
  ifc: W.IfcAPI,
  model: number,
  id: number,
  origin: [number, number],
): { all: Float32Array; glass: Float32Array } {
  const all: number[] = [];
  const glass: number[] = [];
  let mesh: W.FlatMesh;
  try {
    mesh = ifc.GetFlatMesh(model, id);
  } catch {
    return { all: new Float32Array(0), glass: new Float32Array(0) };
  }
  for (let i = 0; i < mesh.geometries.size(); i++) {
    const pg = mesh.geometries.get(i);
    const g = ifc.GetGeometry(model, pg.geometryExpressID);
    const v = ifc.GetVertexArray(g.GetVertexData(), g.GetVertexDataSize());
    const ix = ifc.GetIndexArray(g.GetIndexData(), g.GetIndexDataSize());
    const m = pg.flatTransformation;
    const out = pg.color.w < 0.9 ? glass : null;
    for (let k = 0; k < ix.length; k++) {
      const b = ix[k]! * 6;
      const x = v[b]!,
        y = v[b + 1]!,
        z = v[b + 2]!;
      // web-ifc's y-up (x', y', z') is the file's (x', −z', y').
      const X = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
      const Y = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
      const Z = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
      all.push(X - origin[0], -Z - origin[1], Y);
      out?.push(X - origin[0], -Z - origin[1], Y);
    }
    g.delete();
  }
  (mesh as { delete?: () => void }).delete?.();
  return { all: Float32Array.from(all), glass: Float32Array.from(glass) };
}

/**
 * IfcGeometricRepresentationContext.TrueNorth of the model context, as a plan direction. Its ratios are
 * read bare or wrapped: web-ifc gives an IFC2x3 file's list members as plain numbers, and before
 * 2026-12-07 every IFC2x3 export's TrueNorth was read as absent (north taken as the plan's up).
 */
function trueNorth(
  ifc: W.IfcAPI,
  model: number,
  ids: (t: number) => number[],
  line: (id: number) => Line,
): [number, number] | null {
  for (const id of ids(W.IFCGEOMETRICREPRESENTATIONCONTEXT)) {
    if (ifc.GetLineType(model, id) !== W.IFCGEOMETRICREPRESENTATIONCONTEXT) continue;
    const c = line(id);
    const n = ref(c.TrueNorth);
    if (n === null) continue;
    const [x = null, y = null] = list(line(n).DirectionRatios).map(num);
    if (x !== null && y !== null && (x !== 0 || y !== 0)) return [x, y];
  }
  return null;
}

/**
 * The map's grid north as a plan direction: an IFC4 IfcMapConversion's (gridNorth below), else an IFC2x3
 * file's ePSet_MapConversion (ePSetGridNorth); with what gave it.
 */
function mapConversion(
  ifc: W.IfcAPI,
  model: number,
  ids: (t: number) => number[],
  line: (id: number) => Line,
): Pick<IfcSourceData, 'gridNorth' | 'gridNorthFrom'> {
  const entity = gridNorth(ifc, model, ids, line);
  if (entity) return { gridNorth: entity, gridNorthFrom: 'IfcMapConversion' };
  const pset = ePSetGridNorth(ifc, model, ids, line);
  return pset ? { gridNorth: pset, gridNorthFrom: 'ePSet_MapConversion' } : { gridNorth: null };
}

/** (XAxisOrdinate, XAxisAbscissa): the map's northing axis in the plan; both absent: θ = 0; null if (0, 0). */
function northingAxis(a: number | null, o: number | null): [number, number] | null {
  const [x, y] = a === null && o === null ? [1, 0] : [a ?? 0, o ?? 0];
  return x !== 0 || y !== 0 ? [y, x] : null;
}

/**
 * The map's grid north from an IFC4 IfcMapConversion (IFC4.3's IfcMapConversionScaled with it) whose source is
 * a geometric representation context: its XAxisAbscissa and XAxisOrdinate are the plan's x axis in the map's
 * easting and northing, so the map's northing axis is (XAxisOrdinate, XAxisAbscissa) in the plan. Without
 * either, the plan's axes are the map's (θ = 0). IFC2x3 has no such entity: none.
 */
function gridNorth(
  ifc: W.IfcAPI,
  model: number,
  ids: (t: number) => number[],
  line: (id: number) => Line,
): [number, number] | null {
  let conversions: number[];
  try {
    conversions = ids(W.IFCMAPCONVERSION);
  } catch {
    return null;
  }
  for (const id of conversions) {
    const m = line(id);
    const source = ref(m.SourceCRS);
    if (source === null) continue;
    const t = ifc.GetLineType(model, source);
    if (t !== W.IFCGEOMETRICREPRESENTATIONCONTEXT && t !== W.IFCGEOMETRICREPRESENTATIONSUBCONTEXT) continue;
    const axis = northingAxis(num(m.XAxisAbscissa), num(m.XAxisOrdinate));
    if (axis) return axis;
  }
  return null;
}

/**
 * IFC2x3 has no IfcMapConversion: buildingSMART's geo-referencing guide ("Level of Georeferencing" 50 for
 * IFC2x3) writes its attributes as the property set ePSet_MapConversion on the IfcProject (some tools put it
 * on the IfcSite; exporters spell it ePSet_ or EPset_). Its XAxisAbscissa and XAxisOrdinate read as the
 * entity's; a set without them is a map conversion without rotation (θ = 0), as for the entity.
 */
function ePSetGridNorth(
  ifc: W.IfcAPI,
  model: number,
  ids: (t: number) => number[],
  line: (id: number) => Line,
): [number, number] | null {
  const holders = new Set([...ids(W.IFCPROJECT), ...ids(W.IFCSITE)]);
  for (const id of ids(W.IFCRELDEFINESBYPROPERTIES)) {
    const r = line(id);
    const set = ref(r.RelatingPropertyDefinition);
    if (set === null || !list(r.RelatedObjects).some((c) => holders.has(ref(c) ?? -1))) continue;
    if (ifc.GetLineType(model, set) !== W.IFCPROPERTYSET) continue;
    const p = line(set);
    if (text(p.Name).toLowerCase() !== 'epset_mapconversion') continue;
    const props = new Map<string, number | null>();
    for (const q of list(p.HasProperties)) {
      const prop = ref(q) === null ? null : line(ref(q)!);
      if (prop) props.set(text(prop.Name), num(prop.NominalValue));
    }
    const axis = northingAxis(props.get('XAxisAbscissa') ?? null, props.get('XAxisOrdinate') ?? null);
    if (axis) return axis;
  }
  return null;
}
