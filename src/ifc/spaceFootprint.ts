import * as W from 'web-ifc';
import type { SpaceFootprint, SpaceHeights } from '../core/ifc/source';
import { list, num, ref, text, value, type Line } from './lineValues';

/**
 * What the file says of a space that has no body (web-ifc meshes solids and surfaces, not curves): its 2D
 * footprint (a 'FootPrint' representation: an IfcPolyline, an IfcIndexedPolyCurve, an IfcCompositeCurve of
 * them, or a set of curves) placed by the space's own placement, and its heights from its base quantities.
 * Read from the entities themselves, so the file's length unit is applied here (web-ifc applies it to meshes
 * only).
 */
type Api = W.IfcAPI;

const SI_PREFIX: Record<string, number> = {
  KILO: 1e3,
  HECTO: 1e2,
  DECA: 1e1,
  DECI: 1e-1,
  CENTI: 1e-2,
  MILLI: 1e-3,
  MICRO: 1e-6,
};

/** One unit in metres: an SI unit with its prefix, or a conversion-based one (a foot: 0.3048 × metre). */
function unitScale(ifc: Api, model: number, id: number, depth = 0): number | null {
  const u = ifc.GetLine(model, id, false) as Line;
  const t = ifc.GetLineType(model, id);
  if (t === W.IFCSIUNIT) return SI_PREFIX[String(value(u.Prefix) ?? '')] ?? 1;
  if (depth > 3) return null;
  const factor = ref(u.ConversionFactor);
  if (factor === null) return null;
  const m = ifc.GetLine(model, factor, false) as Line;
  const v = num(m.ValueComponent);
  const of = ref(m.UnitComponent);
  const base = of === null ? null : unitScale(ifc, model, of, depth + 1);
  return v !== null && base !== null ? v * base : null;
}

/** The project's length unit in metres (1 when it does not say). */
export function lengthUnit(ifc: Api, model: number): number {
  const projects = ifc.GetLineIDsWithType(model, W.IFCPROJECT, true);
  for (let i = 0; i < projects.size(); i++) {
    const units = ref((ifc.GetLine(model, projects.get(i), false) as Line).UnitsInContext);
    if (units === null) continue;
    for (const u of list((ifc.GetLine(model, units, false) as Line).Units)) {
      const id = ref(u);
      if (id === null) continue;
      if (value((ifc.GetLine(model, id, false) as Line).UnitType) !== 'LENGTHUNIT') continue;
      const scale = unitScale(ifc, model, id);
      if (scale !== null && scale > 0) return scale;
    }
  }
  return 1;
}

type Pt = [number, number];

/** The point lists a curve is drawn as (file units, its own frame); a curve set gives one a member. */
function curveLoops(ifc: Api, model: number, id: number, depth = 0): Pt[][] {
  if (depth > 4) return [];
  const c = ifc.GetLine(model, id, false) as Line;
  const t = ifc.GetLineType(model, id);
  const point = (p: unknown): Pt | null => {
    const k = ref(p);
    if (k === null) return null;
    const [x = null, y = null] = list((ifc.GetLine(model, k, false) as Line).Coordinates).map(num);
    return x !== null && y !== null ? [x, y] : null;
  };
  if (t === W.IFCPOLYLINE)
    return [
      list(c.Points)
        .map(point)
        .filter((q): q is Pt => q !== null),
    ];
  if (t === W.IFCINDEXEDPOLYCURVE) {
    const pl = ref(c.Points);
    if (pl === null) return [];
    const coords = list((ifc.GetLine(model, pl, false) as Line).CoordList).map((q): Pt | null => {
      const [x = null, y = null] = list(q).map(num);
      return x !== null && y !== null ? [x, y] : null;
    });
    // Its segments' 1-based indices in order (an arc's three points stand for it); none: the points in order.
    const segments = list(c.Segments);
    const order = segments.length
      ? segments.flatMap((s) => list(value(s) ?? s).map(num))
      : coords.map((_, i) => i + 1);
    return [order.flatMap((i): Pt[] => (i !== null && coords[i - 1] ? [coords[i - 1]!] : []))];
  }
  if (t === W.IFCCOMPOSITECURVE) {
    const pts: Pt[] = [];
    for (const s of list(c.Segments)) {
      const seg = ref(s);
      if (seg === null) continue;
      const sl = ifc.GetLine(model, seg, false) as Line;
      const parent = ref(sl.ParentCurve);
      if (parent === null) continue;
      const part = curveLoops(ifc, model, parent, depth + 1).flat();
      pts.push(...(value(sl.SameSense) === false || value(sl.SameSense) === 'F' ? part.reverse() : part));
    }
    return [pts];
  }
  if (t === W.IFCGEOMETRICCURVESET || t === W.IFCGEOMETRICSET)
    return list(c.Elements).flatMap((e) =>
      ref(e) === null ? [] : curveLoops(ifc, model, ref(e)!, depth + 1),
    );
  return [];
}

const area = (p: Pt[]): number =>
  p.reduce((a, [x, y], i) => {
    const [u, v] = p[(i + 1) % p.length]!;
    return a + (x * v - u * y) / 2;
  }, 0);

/**
 * The space's footprint in the file's frame (z up, metres, less `origin` in plan): the largest closed loop
 * of its 'FootPrint' representation, placed by the space's placement; the z it lies at. Null without one.
 */
export function spaceFootprint(
  ifc: Api,
  model: number,
  id: number,
  origin: [number, number],
  unit: number,
): SpaceFootprint | null {
  const s = ifc.GetLine(model, id, false) as Line;
  const shape = ref(s.Representation),
    placement = ref(s.ObjectPlacement);
  if (shape === null || placement === null) return null;
  let best: Pt[] | null = null;
  for (const r of list((ifc.GetLine(model, shape, false) as Line).Representations)) {
    const rep = ref(r) === null ? null : (ifc.GetLine(model, ref(r)!, false) as Line);
    if (!rep || text(rep.RepresentationIdentifier).toLowerCase() !== 'footprint') continue;
    for (const item of list(rep.Items)) {
      if (ref(item) === null) continue;
      for (let loop of curveLoops(ifc, model, ref(item)!)) {
        const [a, b] = [loop[0], loop.at(-1)];
        if (a && b && loop.length > 3 && Math.hypot(a[0] - b[0], a[1] - b[1]) < 1e-9)
          loop = loop.slice(0, -1);
        if (loop.length >= 3 && (!best || Math.abs(area(loop)) > Math.abs(area(best)))) best = loop;
      }
    }
  }
  if (!best) return null;
  // The placement's matrix in the file's frame (z up, column-major), its translation in file units.
  const m = ifc.GetWorldTransformMatrix(model, placement);
  const at = ([x, y]: Pt) => [m[0]! * x + m[4]! * y + m[12]!, m[1]! * x + m[5]! * y + m[13]!] as const;
  return {
    outline: best.map((p) => {
      const [x, y] = at(p);
      return [x * unit - origin[0], y * unit - origin[1]];
    }),
    z: (m[2]! * best[0]![0] + m[6]! * best[0]![1] + m[14]!) * unit,
  };
}

/**
 * Each space's heights from its base quantities (IFC4's Qto_SpaceBaseQuantities, IFC2x3's BaseQuantities),
 * metres: Height and FinishCeilingHeight, null where not given.
 */
export function spaceHeights(
  ifc: Api,
  model: number,
  spaces: ReadonlySet<number>,
  unit: number,
): Map<number, SpaceHeights> {
  const out = new Map<number, SpaceHeights>();
  const rels = ifc.GetLineIDsWithType(model, W.IFCRELDEFINESBYPROPERTIES, true);
  for (let i = 0; i < rels.size(); i++) {
    const r = ifc.GetLine(model, rels.get(i), false) as Line;
    const of = list(r.RelatedObjects).flatMap((c) => (spaces.has(ref(c) ?? -1) ? [ref(c)!] : []));
    const set = ref(r.RelatingPropertyDefinition);
    if (of.length === 0 || set === null || ifc.GetLineType(model, set) !== W.IFCELEMENTQUANTITY) continue;
    const q = ifc.GetLine(model, set, false) as Line;
    if (!['qto_spacebasequantities', 'basequantities'].includes(text(q.Name).toLowerCase())) continue;
    const h: SpaceHeights = { height: null, finishCeilingHeight: null };
    for (const k of list(q.Quantities)) {
      const id = ref(k);
      if (id === null || ifc.GetLineType(model, id) !== W.IFCQUANTITYLENGTH) continue;
      const l = ifc.GetLine(model, id, false) as Line;
      const own = ref(l.Unit);
      const scale = own === null ? unit : unitScale(ifc, model, own);
      const v = num(l.LengthValue);
      if (v === null || v <= 0 || scale === null) continue;
      if (text(l.Name) === 'Height') h.height = v * scale;
      if (text(l.Name) === 'FinishCeilingHeight') h.finishCeilingHeight = v * scale;
    }
    for (const s of of) {
      const known = out.get(s);
      out.set(s, {
        height: known?.height ?? h.height,
        finishCeilingHeight: known?.finishCeilingHeight ?? h.finishCeilingHeight,
      });
    }
  }
  return out;
}
