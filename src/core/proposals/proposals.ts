import type { RoomGridAnswer } from '../api/roomAnswer';
import { formatBearing } from '../geometry/bearing';
import { signedArea } from '../geometry/polygon';
import { summarise, type Thresholds, type Verdict } from '../stats/verdicts';
import { DEFAULT_REFLECTANCES } from '../types';
import { applyChange, wallFrame, windowsOnWalls, type Change, type RunBody } from './changes';

/**
 * What would make it pass (issue 34): for a room that fails a rule, the smallest changes of a few kinds
 * that make it pass — a window wider within its wall, its head higher, lighter surfaces, clearer glass, a
 * second window on another wall — each found by searching the fast answer (the model's preview, or a
 * draft engine run) and kept only when the engine confirms it passes, with its cost in glazed area.
 *
 * The faces bring the computations: `preview` is fast and approximate, `confirm` is the engine. The search
 * is a bisection on each change's size (a wider window never darkens a room), the preview deciding; the
 * engine then judges the size found, and one step larger when it disagrees.
 */
export interface Proposal {
  change: Change;
  /** The change in words ("Widen w1 from 1.20 m to 2.10 m"). */
  label: string;
  /** Glazed area it adds (m² of opening; 0 for surfaces and glass). */
  addedGlazing: number;
  /** The rule's verdict on the changed room, by the engine. */
  verdict: Verdict;
  body: RunBody;
}

export type Compute = (body: RunBody) => Promise<RoomGridAnswer>;

export interface ProposalOptions {
  preview: Compute;
  confirm: Compute;
  thresholds: Thresholds;
  /** Bisection steps per change (each a preview). Default 6. */
  steps?: number;
  /** The room's floor area (m²): the verdicts' shares of it (summarise). */
  floorArea?: number;
  /** True north, degrees clockwise from the plan's up, for the bearings the labels give; default 0. */
  north?: number;
}

/** Lighter surfaces a designer can choose: white ceiling, light walls, a light floor (reflectances). */
export const LIGHT_SURFACES = { ceiling: 0.9, walls: 0.8, floor: 0.4 } as const;
/** Clear glass: a low-iron double glazing's light transmittance. */
export const CLEAR_GLASS = 0.8;
/** Margin kept between a widened window and its wall's ends or another window (m). */
const MARGIN = 0.2;
/** How far below the ceiling a head may be raised (m): the lintel. */
const LINTEL = 0.1;

export async function proposeFixes(
  body: RunBody,
  rule: Verdict['id'],
  o: ProposalOptions,
): Promise<Proposal[]> {
  const area = o.floorArea ?? Math.abs(signedArea(body.parameters.room_polygon));
  const passes = (answer: RoomGridAnswer): Verdict =>
    summarise(answer, o.thresholds, area).verdicts.find((v) => v.id === rule)!;
  const steps = o.steps ?? 6;
  const out: Proposal[] = [];

  /**
   * A change whose size runs from `lo` (fails) to `hi`: the smallest size the preview passes, confirmed by
   * the engine (and one step up when the engine disagrees). Null when even `hi` does not pass.
   */
  const search = async (
    make: (size: number) => Change,
    lo: number,
    hi: number,
  ): Promise<[Change, Verdict] | null> => {
    if (!(hi > lo)) return null;
    const max = hi;
    if (!passes(await o.preview(applyChange(body, make(hi)))).pass) return null;
    for (let k = 0; k < steps; k++) {
      const mid = (lo + hi) / 2;
      if (passes(await o.preview(applyChange(body, make(mid)))).pass) hi = mid;
      else lo = mid;
    }
    // The size found, then one step up (never past the largest the change allows), to the centimetre.
    const step = Math.max((hi - lo) * 2, 0.05);
    const sizes = [...new Set([hi, Math.min(hi + step, max)].map((v) => Math.min(round2(v), floor2(max))))];
    for (const size of sizes) {
      const v = passes(await o.confirm(applyChange(body, make(size))));
      if (v.pass) return [make(size), v];
    }
    return null;
  };
  const keep = (
    found: [Change, Verdict] | null,
    label: (c: Change) => string,
    added: (c: Change) => number,
  ): void => {
    if (found)
      out.push({
        change: found[0],
        label: label(found[0]),
        addedGlazing: round2(added(found[0])),
        verdict: found[1],
        body: applyChange(body, found[0]),
      });
  };

  const onWalls = windowsOnWalls(body);
  const floor = body.parameters.floor_height_above_terrain;
  const ceiling = body.parameters.height_roof_over_floor;
  for (const w of onWalls) {
    const width = Math.abs(w.s2 - w.s1),
      height = w.top - w.bottom;
    // Wider: up to the wall's ends or the next window on the wall, a margin kept.
    const lo = Math.min(w.s1, w.s2),
      hi = Math.max(w.s1, w.s2);
    let left = MARGIN,
      right = w.frame.len - MARGIN;
    for (const x of onWalls)
      if (x !== w && x.edge === w.edge) {
        const a = Math.min(x.s1, x.s2),
          b = Math.max(x.s1, x.s2);
        if (b <= lo) left = Math.max(left, b + MARGIN);
        if (a >= hi) right = Math.min(right, a - MARGIN);
      }
    const centre = (lo + hi) / 2;
    const maxWidth = 2 * Math.min(centre - left, right - centre);
    keep(
      await search((size) => ({ kind: 'width', window: w.id, width: size }), width, maxWidth),
      (c) => `Widen ${w.id} from ${width.toFixed(2)} m to ${(c as { width: number }).width.toFixed(2)} m`,
      (c) => ((c as { width: number }).width - width) * height,
    );
    // Taller: the head up to the lintel under the ceiling.
    const head = w.top - floor;
    keep(
      await search((size) => ({ kind: 'head', window: w.id, head: size }), head, ceiling - LINTEL),
      (c) =>
        `Raise ${w.id}'s head from ${head.toFixed(2)} m to ${(c as { head: number }).head.toFixed(2)} m above the floor`,
      (c) => ((c as { head: number }).head - head) * width,
    );
  }

  // Lighter surfaces and clearer glass: one step each, no glazing added.
  const refl = body.model_type.startsWith('df_custom')
    ? { ...DEFAULT_REFLECTANCES, ...(body.parameters as object) }
    : DEFAULT_REFLECTANCES;
  const r = refl as typeof DEFAULT_REFLECTANCES;
  if (
    r.ceiling_reflectance < LIGHT_SURFACES.ceiling ||
    r.vertical_reflectance < LIGHT_SURFACES.walls ||
    r.horizontal_reflectance < LIGHT_SURFACES.floor
  ) {
    const change: Change = {
      kind: 'surfaces',
      ceiling: Math.max(r.ceiling_reflectance, LIGHT_SURFACES.ceiling),
      walls: Math.max(r.vertical_reflectance, LIGHT_SURFACES.walls),
      floor: Math.max(r.horizontal_reflectance, LIGHT_SURFACES.floor),
    };
    await single(
      change,
      `Lighter surfaces: ceiling ${pct(change.ceiling)}, walls ${pct(change.walls)}, floor ${pct(change.floor)} reflectance`,
    );
  }
  const glass = Object.values(body.parameters.windows).map((w) =>
    Number(w.glass_transmittance ?? body.glass_transmittance ?? 0.7),
  );
  if (glass.some((t) => t < CLEAR_GLASS))
    await single(
      { kind: 'glass', transmittance: CLEAR_GLASS },
      `Clearer glass: ${pct(CLEAR_GLASS)} light transmittance in every window`,
    );

  // A second window: on the longest wall without one, as tall as the room's windows, as wide as it takes.
  const withWindow = new Set(onWalls.map((w) => w.edge));
  const free = body.parameters.room_polygon
    .map((_, e) => ({ e, f: wallFrame(body.parameters.room_polygon, e) }))
    .filter(({ e, f }) => !withWindow.has(e) && f.len >= 1 + 2 * MARGIN)
    .sort((a, b) => b.f.len - a.f.len)[0];
  // Only where its surroundings are known for it: a mesh, or one set of angles for every window.
  const anglesForAll =
    body.mesh !== undefined ||
    body.mesh_id !== undefined ||
    (body.horizon !== undefined && body.zenith !== undefined);
  if (free && onWalls.length > 0 && anglesForAll) {
    const sill = Math.max(0, Math.min(...onWalls.map((w) => w.bottom)) - floor);
    const top = Math.max(...onWalls.map((w) => w.top)) - floor;
    const id = nextId(body);
    keep(
      await search(
        (size) => ({
          kind: 'window',
          id,
          edge: free.e,
          offset: free.f.len / 2,
          width: size,
          sill,
          head: top,
        }),
        0.4,
        free.f.len - 2 * MARGIN,
      ),
      (c) =>
        `Add a ${(c as { width: number }).width.toFixed(2)} m window in the middle of the wall facing ${formatBearing((Math.atan2(free.f.ny, free.f.nx) * 180) / Math.PI, o.north ?? 0)} (${free.f.len.toFixed(2)} m long), sill ${sill.toFixed(2)} m, head ${top.toFixed(2)} m`,
      (c) => (c as { width: number }).width * (top - sill),
    );
  }

  async function single(change: Change, label: string): Promise<void> {
    const changed = applyChange(body, change);
    if (!passes(await o.preview(changed)).pass) return;
    const v = passes(await o.confirm(changed));
    if (v.pass) out.push({ change, label, addedGlazing: 0, verdict: v, body: changed });
  }

  return out.sort((a, b) => a.addedGlazing - b.addedGlazing);
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
const floor2 = (v: number): number => Math.floor(v * 100) / 100;
const pct = (v: number): string => `${Math.round(v * 100)} %`;

function nextId(body: RunBody): string {
  for (let k = Object.keys(body.parameters.windows).length + 1; ; k++)
    if (!(`w${k}` in body.parameters.windows)) return `w${k}`;
}
