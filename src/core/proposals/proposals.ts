import { requestLitFromAbove } from '../stats/litFromAbove';
import type { RoomGridAnswer } from '../api/roomAnswer';
import { formatBearing } from '../geometry/bearing';
import { signedArea } from '../geometry/polygon';
import { leftOutCells } from '../stats/analysedPlane';
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
 *
 * A room no single change fixes gets changes together, in stages from the cheapest: the free ones (lighter
 * surfaces, clearer glass), alone and with each sized change searched on top; then also every window at its
 * widest (windows on one wall sharing the gaps between them), alone and with the heads and a second window
 * searched on top; then the heads at their highest too, alone and with a second window. A stage's changes
 * that pass alone are its one proposal. Still failing, the list is empty and the faces say so.
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
  // Each stage's changes made first, the sizes searched on top; the first stage with proposals answers.
  const free = freeChanges(body);
  const { widths, heads } = largestWindows(body);
  const stages = [[], free, [...free, ...widths], [...free, ...widths, ...heads]];
  let tried = -1;
  for (const prefix of stages) {
    if (prefix.length === tried) continue;
    tried = prefix.length;
    const found = await proposeAround(body, prefix, rule, o);
    if (found.length > 0) return found;
  }
  return [];
}

/**
 * The rule's verdict on an answer for the room (its floor area: the option's, else its outline's, less the
 * cells its map leaves out under a low ceiling, as the room's own verdict is; lit from above only as the
 * room is: a window added in a wall makes EN 17037's target share 50 % again).
 */
function verdictOn(room: RunBody, rule: Verdict['id'], o: ProposalOptions) {
  const outline = room.parameters.room_polygon;
  const area = o.floorArea ?? Math.abs(signedArea(outline));
  const topLit = requestLitFromAbove(room);
  return (answer: RoomGridAnswer): Verdict =>
    summarise(answer, o.thresholds, {
      floorArea: area,
      topLit,
      leftOut: leftOutCells(answer, outline),
    }).verdicts.find((v) => v.id === rule)!;
}

/** A proposal: the change, described and costed against the room as it is. */
function proposal(room: RunBody, change: Change, verdict: Verdict, o: ProposalOptions): Proposal {
  const changed = applyChange(room, change);
  return {
    change,
    label: describeChange(room, change, o.north ?? 0),
    addedGlazing: round2(glazedArea(changed) - glazedArea(room)),
    verdict,
    body: changed,
  };
}

/**
 * Each change that makes the room pass with `prefix` made first (none: the single changes): the sized ones
 * searched on the room so changed, the prefix and the change then one proposal.
 */
async function proposeAround(
  room: RunBody,
  prefix: Change[],
  rule: Verdict['id'],
  o: ProposalOptions,
): Promise<Proposal[]> {
  const body = prefix.length > 0 ? applyChange(room, { kind: 'combined', changes: prefix }) : room;
  // Each answer judged for the room it is of (a change may give a room lit from above a wall window).
  const preview = async (b: RunBody): Promise<Verdict> => verdictOn(b, rule, o)(await o.preview(b));
  const confirm = async (b: RunBody): Promise<Verdict> => verdictOn(b, rule, o)(await o.confirm(b));
  const steps = o.steps ?? 6;
  const out: Proposal[] = [];
  const keep = (change: Change, v: Verdict): void => {
    out.push(
      proposal(room, prefix.length > 0 ? { kind: 'combined', changes: [...prefix, change] } : change, v, o),
    );
  };
  // The stage's own changes may already be enough: then they are the proposal, nothing sized on top.
  if (prefix.length > 0 && (await preview(body)).pass) {
    const v = await confirm(body);
    if (v.pass) return [proposal(room, { kind: 'combined', changes: prefix }, v, o)];
  }

  /**
   * A change whose size runs from `lo` (fails) to `hi`: the smallest size the preview passes, confirmed by
   * the engine (and one step up when the engine disagrees), kept. Nothing when even `hi` does not pass.
   */
  const search = async (make: (size: number) => Change, lo: number, hi: number): Promise<void> => {
    if (!(hi > lo)) return;
    const max = hi;
    if (!(await preview(applyChange(body, make(hi)))).pass) return;
    for (let k = 0; k < steps; k++) {
      const mid = (lo + hi) / 2;
      if ((await preview(applyChange(body, make(mid)))).pass) hi = mid;
      else lo = mid;
    }
    // The size found, then one step up (never past the largest the change allows), to the centimetre.
    const step = Math.max((hi - lo) * 2, 0.05);
    const sizes = [...new Set([hi, Math.min(hi + step, max)].map((v) => Math.min(round2(v), floor2(max))))];
    for (const size of sizes) {
      const v = await confirm(applyChange(body, make(size)));
      if (v.pass) return keep(make(size), v);
    }
  };
  const single = async (change: Change): Promise<void> => {
    const changed = applyChange(body, change);
    if (!(await preview(changed)).pass) return;
    const v = await confirm(changed);
    if (v.pass) keep(change, v);
  };

  const onWalls = windowsOnWalls(body);
  const floor = body.parameters.floor_height_above_terrain;
  for (const w of onWalls) {
    // Wider: up to the wall's ends or the next window on the wall, a margin kept.
    await search(
      (size) => ({ kind: 'width', window: w.id, width: size }),
      Math.abs(w.s2 - w.s1),
      widestFor(w, onWalls),
    );
    // Taller: the head up to the lintel under the ceiling.
    await search(
      (size) => ({ kind: 'head', window: w.id, head: size }),
      w.top - floor,
      body.parameters.height_roof_over_floor - LINTEL,
    );
  }
  // Lighter surfaces and clearer glass: one step each, no glazing added (none left once in the prefix).
  for (const change of freeChanges(body)) await single(change);

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
    await search(
      (size) => ({ kind: 'window', id, edge: free.e, offset: free.f.len / 2, width: size, sill, head: top }),
      0.4,
      free.f.len - 2 * MARGIN,
    );
  }
  return out.sort((a, b) => a.addedGlazing - b.addedGlazing);
}

type OnWall = ReturnType<typeof windowsOnWalls>[number];

/**
 * The widest a window may grow about its centre: to its wall's ends or the next window on the wall, a
 * margin kept. `together`: every window on the wall grows at once (largestWindows), so each takes only its
 * half of the gap to a neighbour. A neighbour already overlapping it (on its side by their centres) stops it.
 */
function widestFor(w: OnWall, onWalls: readonly OnWall[], together = false): number {
  const lo = Math.min(w.s1, w.s2),
    hi = Math.max(w.s1, w.s2);
  const centre = (lo + hi) / 2;
  let left = MARGIN,
    right = w.frame.len - MARGIN;
  for (const x of onWalls)
    if (x !== w && x.edge === w.edge) {
      const a = Math.min(x.s1, x.s2),
        b = Math.max(x.s1, x.s2);
      if ((a + b) / 2 < centre) left = Math.max(left, together ? (b + lo) / 2 + MARGIN / 2 : b + MARGIN);
      else right = Math.min(right, together ? (hi + a) / 2 - MARGIN / 2 : a - MARGIN);
    }
  return floor2(2 * Math.max(0, Math.min(centre - left, right - centre)));
}

/** Every window as wide as its wall allows, and as tall (a window's width does not move its head). */
function largestWindows(body: RunBody): { widths: Change[]; heads: Change[] } {
  const onWalls = windowsOnWalls(body);
  const floor = body.parameters.floor_height_above_terrain;
  const headMax = round2(body.parameters.height_roof_over_floor - LINTEL);
  const widths: Change[] = [],
    heads: Change[] = [];
  for (const w of onWalls) {
    const widest = widestFor(w, onWalls, true);
    if (widest > Math.abs(w.s2 - w.s1) + 0.005) widths.push({ kind: 'width', window: w.id, width: widest });
    if (headMax > w.top - floor + 0.005) heads.push({ kind: 'head', window: w.id, head: headMax });
  }
  return { widths, heads };
}

/** The changes that add no glazing, where the room has room for them: lighter surfaces, clearer glass. */
function freeChanges(body: RunBody): Change[] {
  const out: Change[] = [];
  const r = (
    body.model_type.startsWith('df_custom')
      ? { ...DEFAULT_REFLECTANCES, ...(body.parameters as object) }
      : DEFAULT_REFLECTANCES
  ) as typeof DEFAULT_REFLECTANCES;
  if (
    r.ceiling_reflectance < LIGHT_SURFACES.ceiling ||
    r.vertical_reflectance < LIGHT_SURFACES.walls ||
    r.horizontal_reflectance < LIGHT_SURFACES.floor
  )
    out.push({
      kind: 'surfaces',
      ceiling: Math.max(r.ceiling_reflectance, LIGHT_SURFACES.ceiling),
      walls: Math.max(r.vertical_reflectance, LIGHT_SURFACES.walls),
      floor: Math.max(r.horizontal_reflectance, LIGHT_SURFACES.floor),
    });
  const glass = Object.values(body.parameters.windows).map((w) =>
    Number(w.glass_transmittance ?? body.glass_transmittance ?? 0.7),
  );
  if (glass.some((t) => t < CLEAR_GLASS)) out.push({ kind: 'glass', transmittance: CLEAR_GLASS });
  return out;
}

/** The room's openings' area (m²): each window's width along its wall times its height. */
function glazedArea(body: RunBody): number {
  return windowsOnWalls(body).reduce((a, w) => a + Math.abs(w.s2 - w.s1) * (w.top - w.bottom), 0);
}

/** A change in words, its sizes from the room as it is ("Widen w1 from 1.20 m to 2.10 m"). */
export function describeChange(room: RunBody, c: Change, north: number): string {
  const floor = room.parameters.floor_height_above_terrain;
  const before = windowsOnWalls(room).find((w) => w.id === (c as { window?: string }).window);
  switch (c.kind) {
    case 'width':
      return `Widen ${c.window} from ${Math.abs(before!.s2 - before!.s1).toFixed(2)} m to ${c.width.toFixed(2)} m`;
    case 'head':
      return `Raise ${c.window}'s head from ${(before!.top - floor).toFixed(2)} m to ${c.head.toFixed(2)} m above the floor`;
    case 'surfaces':
      return `Lighter surfaces: ceiling ${pct(c.ceiling)}, walls ${pct(c.walls)}, floor ${pct(c.floor)} reflectance`;
    case 'glass':
      return `Clearer glass: ${pct(c.transmittance)} light transmittance in every window`;
    case 'window': {
      const f = wallFrame(room.parameters.room_polygon, c.edge);
      const facing = formatBearing((Math.atan2(f.ny, f.nx) * 180) / Math.PI, north);
      return `Add a ${c.width.toFixed(2)} m window in the middle of the wall facing ${facing} (${f.len.toFixed(2)} m long), sill ${c.sill.toFixed(2)} m, head ${c.head.toFixed(2)} m`;
    }
    case 'combined':
      return c.changes.map((x) => describeChange(room, x, north)).join('; and ');
  }
}

const round2 = (v: number): number => Math.round(v * 100) / 100;
const floor2 = (v: number): number => Math.floor(v * 100) / 100;
const pct = (v: number): string => `${Math.round(v * 100)} %`;

function nextId(body: RunBody): string {
  for (let k = Object.keys(body.parameters.windows).length + 1; ; k++)
    if (!(`w${k}` in body.parameters.windows)) return `w${k}`;
}
