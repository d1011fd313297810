import {
  QUALITY,
  QUALITY_1M,
  SECOND_ORDER_CELL_MIN,
  simulateRoom,
  TERMS,
  type EngineQuality,
} from '../engine/simulate';
import { WORK_PLANE_HEIGHT, type EngineRoom } from '../engine/model';
import type { FramePart } from '../encoding/roomMask';
import { v2Frame, type V2Frame } from '../engine/v2Frame';
import { FRAME_CELLS, FRAME_SIZE } from './features';
import { ROOM_TERMS_METHODS, type ModelCard, type RoomTermsMethod } from './card';
import { beyondLattice, beyondNodes, type BeyondLattice } from './beyondFrame';
import { nearestBoundaryPoint } from '../geometry/polygon';

export type { RoomTermsMethod };

/**
 * The interreflected light's level from a coarse radiosity solve (docs/model.md "Room terms from a coarse
 * solve"). The network is linear in the light outside, but its coefficient maps for the light interreflected
 * in the room carry most of its error (on the validation windows, exact room terms would put 96 % of window
 * means within 5 %, against 84 %): how much light a room returns depends on all its surfaces, their
 * reflectances and the room's whole shape, which a 12.8 m frame and a few scalars describe only roughly. The
 * engine's radiosity knows it exactly, and at a coarse setting (0.8–1.2 m patches, a few glass samples,
 * the work plane lit at a 0.4 m lattice) its room terms' means are within ~2–3 % of the window's light at
 * 13–15 ms a one-window room at /4 (29 ms before the solve's speed-up of 2026-11-29; the times per method
 * below were measured before it). The network keeps the distribution in the room; each room term's map is
 * scaled so that its mean over the lattice is the coarse solve's.
 */

/** Whether a value names a room-terms method (a command's argument). */
export const isRoomTermsMethod = (m: unknown): m is RoomTermsMethod =>
  (ROOM_TERMS_METHODS as readonly unknown[]).includes(m);

/**
 * Draft's exterior as it was when these methods were made (second-order cells of 1 m at the least): a
 * card's room terms are part of what its network was chosen with, so the engine's finer floor since
 * 2026-12-03 (simulate.ts SECOND_ORDER_CELL_MIN) does not change them.
 */
const DRAFT_EXTERIOR_1M = QUALITY_1M.draft.exterior;

/** The coarse setting: few exterior strata, a coarse window view, 3–5 glass samples a way. */
const COARSE: Omit<EngineQuality, 'patchSize' | 'maxPatches'> = {
  exterior: {
    ...DRAFT_EXTERIOR_1M,
    fineStrata: 2,
    coarseStrata: 2,
    fineCell: 0.6,
    fineCellMin: 0.3,
    coarseCell: 1,
  },
  view: { ...QUALITY.draft.view, K: 12, maxPatches: 1 },
  apertureDensity: 2,
  apertureMin: 3,
  apertureMax: 5,
};

/** The draft's glass samples (6 per metre of glass per metre of distance, 5–16 a way). */
const DRAFT_GLASS = {
  apertureDensity: QUALITY.draft.apertureDensity,
  apertureMin: QUALITY.draft.apertureMin,
  apertureMax: QUALITY.draft.apertureMax,
};

/**
 * Each method's patches (measured against the engine at standard on 30 rooms of a fresh training-stream
 * draw, the room terms' sum as a share of the window's light, rms): /1 1.2 m patches, at most 80: 2.6 %,
 * ~45 ms a one-window room; /2 0.8 m, at most 150: 1.8 %, ~50 ms. /3 is /2 with draft's exterior sampling
 * (4 strata a way at 0.25 m cells, not 2 at 0.6 m): in dark street-canyon rooms, whose light is mostly the
 * street's and the opposite facade's, /2's room terms are 6.2 % rms of the window's light and /3's 2.8 %
 * (fresh stress-profile rooms; docs/model.md, run df4-zt), at ~20–30 % more time with angles and
 * ~2.5× on a 10⁴-triangle mesh, whose many surfaces each need their own exterior samples (run df4-z3).
 * /4 is /3 with at most 300 patches: a deep room's 150 patches grow to well over a metre, and its room
 * terms were 4.9 % rms of the window's light at /3, 1.3 % at /4 (high-floor 1.3 → 0.8, non-rect 2.1 → 0.9;
 * fresh stress-profile rooms k 600000+, 39 windows), at ~25 % more time. /5 is /4 with the draft's glass
 * samples (5–16 a way, not 3–5): on 82 windows of fresh stress rooms (k 950000–950003) its sky term is 1.6 %
 * rms of the window's light against /4's 1.9 %, the sum of its terms within 5 % of the engine at standard on
 * 95 % of windows against 93 %, at 0.3–0.4 ms more a window in Node (docs/model.md, the fourteenth and
 * fifteenth sessions). /7 is /5 with draft's patches (0.45 m, at most 600): where a window sees the sky only
 * steeply (a deep street, a slab across it) the sky's light lands on a strip beside the wall that 0.8 m
 * patches smear over the room; on 139 windows of fresh stress rooms (k 980001+, 981000+) the room terms' sum
 * is 0.60 / 0.79 % rms of the window's light against /5's 0.77 / 2.84 % (at most 5.0 against 22.7 %), the
 * solve ~40 % dearer (docs/model.md, the rule for 4.8.0). /8 is /5 with 0.45 m patches only where that light
 * lands (patches.ts NearWindowPatches: the floor within 1 m of each window's opening, the opening's reveals
 * and frame): on the draws it was chosen on (k50000–k53000) its room means are within 5 % of the engine's on
 * 1 897 rooms of 1 920 (/5 1 896, /7 1 900), mean |error| 0.78 % (/5 0.81, /7 0.71), at +0.7–1.7 ms a
 * window in Node (the bench: one run, then the rule's three) where /7 costs +19.6 (reach 1.5 m: 1 898,
 * 0.76 %, +2.7 ms). Judged on fresh draws it shipped as lux-df-4 4.8.0 (docs/model.md, the third candidate).
 * /9 is /8 with a quieter exterior and window view — second-order exterior cells down to 0.25 m (the
 * engine's own floor since 2026-12-03), 4 strata a way (3), 24 view directions (12) — for a card whose
 * exterior term takes the solve's level (`exteriorTerm: 'solve-level'`): that level is the solve's noisiest
 * output, and X (run df4-x10) moved more with the solve's seed than 4.9.0 (rooms under 0.3 % DF, k68000–k69000: a
 * room mean's spread p90 1.8 against 1.2 %, at most 8.4 against 5.3 %); /9 brings X's to 4.9.0's (157 dark
 * rooms of k62000–k63000, four seeds: p90 1.86 → 1.35 %, at most 19.6 → 8.2 %), at ~+40 % of the solve's
 * time on those rooms (docs/model.md, "The rule for lux-df-4 4.10.0, X with a quieter solve").
 */
export const ROOM_TERMS_QUALITY: Readonly<Record<RoomTermsMethod, EngineQuality>> = {
  'coarse-radiosity/1': { ...COARSE, patchSize: 1.2, maxPatches: 80 },
  'coarse-radiosity/2': { ...COARSE, patchSize: 0.8, maxPatches: 150 },
  'coarse-radiosity/3': { ...COARSE, exterior: DRAFT_EXTERIOR_1M, patchSize: 0.8, maxPatches: 150 },
  'coarse-radiosity/4': { ...COARSE, exterior: DRAFT_EXTERIOR_1M, patchSize: 0.8, maxPatches: 300 },
  'coarse-radiosity/5': {
    ...COARSE,
    ...DRAFT_GLASS,
    exterior: DRAFT_EXTERIOR_1M,
    patchSize: 0.8,
    maxPatches: 300,
  },
  'coarse-radiosity/6': {
    ...COARSE,
    ...DRAFT_GLASS,
    exterior: QUALITY.draft.exterior,
    patchSize: 0.8,
    maxPatches: 300,
  },
  'coarse-radiosity/7': {
    ...COARSE,
    ...DRAFT_GLASS,
    exterior: DRAFT_EXTERIOR_1M,
    patchSize: 0.45,
    maxPatches: 600,
  },
  'coarse-radiosity/8': {
    ...COARSE,
    ...DRAFT_GLASS,
    exterior: DRAFT_EXTERIOR_1M,
    patchSize: 0.8,
    maxPatches: 300,
    nearWindow: { patchSize: 0.45, reach: 1 },
  },
  'coarse-radiosity/9': {
    ...COARSE,
    ...DRAFT_GLASS,
    exterior: { ...DRAFT_EXTERIOR_1M, fineStrata: 4, coarseStrata: 4, coarseCellMin: SECOND_ORDER_CELL_MIN },
    view: { ...COARSE.view, K: 24 },
    patchSize: 0.8,
    maxPatches: 300,
    nearWindow: { patchSize: 0.45, reach: 1 },
  },
};

/** Every LATTICE-th pixel each way of a window's frame is lit (0.4 m). */
const LATTICE = 4;
/** Metres: a pixel's point this close to the outline is on it (pixel centres are sums of 0.1 m steps). */
const ON_OUTLINE = 1e-6;
/**
 * The room terms' indices in TERMS (sky and exterior are the network's own: exact sky, traced flux; a card's
 * exteriorTerm takes the exterior's level from the solve too).
 */
export const ROOM_TERMS = [2, 3, 4] as const;
/** The light from exterior surfaces' index in TERMS. */
const EXTERIOR = 1;
/**
 * A term's scale stays within these bounds (the upper one a card may raise: `roomTermScaleMax`): beyond
 * them the network and the solve disagree on its shape.
 */
const SCALE_MIN = 0.25;
const SCALE_MAX = 4;

/** What of a card reads the network's terms against the solve (card.ts). */
export type TermCalibration = Pick<
  ModelCard,
  'skyGuard' | 'termShape' | 'roomTermScaleMax' | 'exteriorTerm' | 'exteriorGuard' | 'faintSolve'
>;
/**
 * Below this mean (DF %) a term is too faint for its ratio to mean anything: it keeps the network's (but where a
 * card's faintSolve follows a solve that finds it faint).
 */
const FAINT = 1e-3;

export interface RoomTermsLattice {
  /** Row-major frame pixels lit. */
  pixels: Int32Array;
  /** Per ROOM_TERMS, the solve's mean over them (DF %). */
  means: Float64Array;
  /**
   * The solve's sky term's mean over them (DF %): traced through the window against the room's actual
   * surroundings and its own body, where the network's sky channel is a closed form over the window's fans
   * of angles. A card's `skyGuard` reads it.
   */
  sky?: number;
  /**
   * With `sky`: the solve's light from exterior surfaces over them (DF %), traced from each point into the
   * room's surroundings, which a card's `exteriorTerm` reads.
   */
  exterior?: number;
  /** With `beyond`: the window's light at the lattice over the room beyond the frames (beyondFrame.ts). */
  beyond?: BeyondLattice;
}

/** What a coarse solve is asked for besides the room terms over each frame's lattice. */
export interface SolveOptions {
  /** Which part of a room cut in pieces the frames keep (roomMask.ts), as the network's frames do. */
  part?: FramePart;
  /**
   * Also the solve's sky term over the lattice (`sky`, which a card's skyGuard reads): without, the solve
   * skips the last window's light through the glass at the lattice points and each window's whole
   * interreflection, ~1.5 ms of a one-window room's ~14 ms that the room terms do not need (the engine's
   * roomTermsOnly; their means are the same to the bit either way).
   */
  withSky?: boolean;
  /**
   * Also the light at a lattice over the room beyond the frames (a card's `beyondFrame`): there every term
   * is traced (the engine's directFrom), +2.6 ms a window at the median where a room exceeds its frames
   * (+25 ms at most, measured on 20 rooms: docs/model.md); nothing where the frames hold the whole room.
   */
  beyond?: boolean;
  /**
   * The solve's random streams (simulateRoom's seed; 1, what `/run` answers with, where not given). A room's
   * answer moves with it by the solve's own noise (rooms under 0.3 % DF: 0.4 % of their mean at the median,
   * 1.5 % at p90), so a rule comparing two cards by how many rooms fall within 5 % reads each over several
   * (docs/model.md, "The solve's own noise in a rule's counts").
   */
  seed?: number;
  /**
   * Leave out of the lattice the own wall column of a window whose head meets the work plane closely
   * (ownWallSingular): there the network does not follow the solve (a card's `latticeOwnWall`). Absent: kept.
   */
  ownWallOff?: OwnWallOff;
}

/** Which windows' own wall column a card's `latticeOwnWall` leaves out of the lattice (ownWallSingular). */
export type OwnWallOff = 'under-lintel' | 'near-head';

/**
 * 'near-head': how close above the work plane a window's head puts its wall column out of the network's
 * knowledge: two of the frame's 0.1 m pixels, so that the column and the next one in see out under the head
 * through different parts of the sky (at 4 mm and at 0.1 m from the glass under a head 0.1 m up: up to 88°
 * and up to 46°).
 */
const NEAR_HEAD = 0.2;

/**
 * Whether window i's own wall column, with a card's `latticeOwnWall`, is left out of the lattice:
 * 'under-lintel', where its head is less than the wall's depth above the work plane or under it (underLintel);
 * 'near-head', where its head is less than NEAR_HEAD above the work plane or under it, whatever the wall's
 * depth (a strip in a wall of no thickness 0.1 m over the work plane: its column sees the whole street,
 * the next one in a quarter of its light, and the exterior guard scaled the room's light from outside sixteenfold).
 */
export function ownWallSingular(room: EngineRoom, i: number, off: OwnWallOff): boolean {
  if (off === 'under-lintel') return underLintel(room, i);
  return headOverWorkPlane(room, i) < NEAR_HEAD;
}

/** Window i's head (its opening's top, under the ceiling) above the work plane (m; negative under it). */
function headOverWorkPlane(room: EngineRoom, i: number): number {
  const p = room.parameters;
  const head = Math.min(room.geometry[i]!.top, p.floor_height_above_terrain + p.height_roof_over_floor);
  return head - (p.floor_height_above_terrain + WORK_PLANE_HEIGHT);
}

/**
 * Whether window i's own wall column meets the work plane where the network does not know it: under a
 * lintel less than the wall's depth above the work plane, or above an opening whose head is below it. A
 * point there lies on the wall's plane; with the head a few centimetres over it, the lintel's lit underside
 * fills its view out (deeper than its height above the point: more than 45° of it) and its room terms
 * reach several times the next lattice column's, and training drew such heads rarely (0.5 m or more
 * over a sill of 0–1.6 m): levelling the network's terms to the solve there sets a room's whole level by
 * that one column (a basement's strip window under a 0.3 m lintel: +24 %, docs/model.md "Strip windows").
 */
export function underLintel(room: EngineRoom, i: number): boolean {
  const depth = Math.max(0, ...room.geometry.map((r) => r.wallThickness));
  return headOverWorkPlane(room, i) < depth;
}

/**
 * The coarse solve's room terms for every window of a room, each over its frame's lattice. `frames`: the
 * windows' v2 frames when the caller has them (the preprocessing made them, of `part`), else made here.
 */
export function coarseRoomTerms(
  room: EngineRoom,
  method: RoomTermsMethod,
  { part = 'largest', withSky = false, beyond = false, seed = 1, ownWallOff }: SolveOptions = {},
  frames?: readonly Pick<V2Frame, 'pixels' | 'points' | 'mask' | 'toPixel' | 'cut' | 'wallCol'>[],
): RoomTermsLattice[] {
  const polygon = room.parameters.room_polygon;
  const made = room.parameters.windows.map((_, i) => frames?.[i] ?? v2Frame(room, i, part));
  const outside = beyond ? beyondNodes(polygon, made) : null;
  const lattices = made.map((f, i) => {
    const ownWall = !ownWallOff || !ownWallSingular(room, i, ownWallOff);
    const keep = [...f.pixels.keys()].filter((k) => {
      const px = f.pixels[k]!;
      if (Math.floor(px / FRAME_SIZE) % LATTICE !== 0 || (px % FRAME_SIZE) % LATTICE !== 0) return false;
      // A pixel whose point lies on a wall other than the window's own: there a receiver sees that wall
      // edge-on and gets none of its light, about half of what it gets a centimetre in, while the network
      // gives what it learned for a point in the room — random rooms put their walls on pixel centres
      // almost never, but a room drawn on a 0.1 m grid puts a fifth of its lattice there (Radiance scene
      // R07: its interreflected light read 15 % low; docs/model.md, "The lattice on the walls"). The
      // window's own wall column lies within a pixel of its wall's plane in every room (on the lattice in
      // about a quarter of them, as the wall's thickness moves it), and the network learned it there, but
      // not under a head close above the work plane: a card's latticeOwnWall leaves it out there.
      if (px % FRAME_SIZE === f.wallCol) return ownWall;
      return nearestBoundaryPoint(polygon, f.points[k]!).distance > ON_OUTLINE;
    });
    // A sliver of a room can miss the lattice: then every one of its pixels.
    const take = keep.length > 0 ? keep : [...f.pixels.keys()];
    return { pixels: Int32Array.from(take, (k) => f.pixels[k]!), points: take.map((k) => f.points[k]!) };
  });
  const inFrames = lattices.flatMap((f) => f.points);
  const res = simulateRoom(room, {
    quality: ROOM_TERMS_QUALITY[method],
    seed,
    points: outside ? [...inFrames, ...outside.points] : inFrames,
    pointsOnly: true,
    terms: true,
    roomTermsOnly: !withSky,
    directFrom: inFrames.length,
  });
  let offset = 0;
  return room.parameters.windows.map((w, i) => {
    const { pixels } = lattices[i]!;
    const share = res.perWindow.find((p) => p.id === w.id);
    // Term t's mean over this window's points (0 where the solve has none).
    const meanOf = (t: number): number => {
      const v = share?.terms?.[t];
      if (!v || pixels.length === 0) return 0;
      let sum = 0;
      for (let k = 0; k < pixels.length; k++) sum += v[offset + k]!;
      return sum / pixels.length;
    };
    const means = Float64Array.from(ROOM_TERMS, meanOf);
    const lattice: RoomTermsLattice = {
      pixels,
      means,
      ...(withSky ? { sky: meanOf(0), exterior: meanOf(1) } : {}),
    };
    offset += pixels.length;
    if (outside && outside.nodes.length > 0) {
      // Every term's light at the nodes, summed (0 where the solve has none).
      const at = new Float64Array(outside.nodes.length);
      for (const v of share?.terms ?? [])
        for (let j = 0; j < at.length; j++) at[j]! += v[inFrames.length + j]!;
      lattice.beyond = beyondLattice(outside, at);
    }
    return lattice;
  });
}

/**
 * Two solves of the same room on other streams, as one: each level their mean (the lattices' pixels and the
 * beyond-frame nodes are the room's, the same in both).
 */
export function meanOfSolves(
  a: readonly RoomTermsLattice[],
  b: readonly RoomTermsLattice[],
): RoomTermsLattice[] {
  const mean = (x: number, y: number): number => (x + y) / 2;
  return a.map((l, i) => {
    const o = b[i]!;
    return {
      pixels: l.pixels,
      means: l.means.map((v, j) => mean(v, o.means[j]!)),
      ...(l.sky !== undefined && o.sky !== undefined ? { sky: mean(l.sky, o.sky) } : {}),
      ...(l.exterior !== undefined && o.exterior !== undefined
        ? { exterior: mean(l.exterior, o.exterior) }
        : {}),
      ...(l.beyond && o.beyond
        ? { beyond: { ...l.beyond, df: l.beyond.df.map((v, j) => mean(v, o.beyond!.df[j]!)) } }
        : {}),
    };
  });
}

/**
 * A window's map from the network's per-term maps (TERMS order, each FRAME_CELLS): sky and exterior as
 * they are, each room term scaled to the coarse solve's mean over the lattice. With `termShape`
 * 'from-room-terms' (card.ts), a room term the network drops (droppedTerms) takes its shape from the
 * window's other room terms, at the solve's level.
 */
export function calibratedMap(
  terms: Float32Array,
  lattice: RoomTermsLattice,
  /**
   * The card's `skyGuard` and `exteriorGuard` (with them, a sky or exterior term the solve contradicts
   * takes the solve's level), `exteriorTerm`, `termShape` and `roomTermScaleMax` (card.ts).
   */
  { skyGuard, termShape, roomTermScaleMax, exteriorTerm, exteriorGuard, faintSolve }: TermCalibration = {},
): Float32Array {
  const scale = termScales(terms, lattice, {
    skyGuard,
    roomTermScaleMax,
    exteriorTerm,
    exteriorGuard,
    faintSolve,
  });
  // A dropped term with nothing to borrow a shape from stays as the network has it (scaled within bounds).
  const reshaped =
    termShape === 'from-room-terms' ? droppedTerms(terms, lattice).filter((d) => d.donors.length > 0) : [];
  const out = new Float32Array(FRAME_CELLS);
  for (let t = 0; t < TERMS.length; t++) {
    if (reshaped.some((d) => d.term === t)) continue;
    const s = scale[t]!;
    for (let k = 0; k < FRAME_CELLS; k++) out[k]! += s * terms[t * FRAME_CELLS + k]!;
  }
  for (const { solved, donors } of reshaped) {
    const s = solved / donors.reduce((a, u) => a + latticeMean(terms, u, lattice), 0);
    for (const u of donors) for (let k = 0; k < FRAME_CELLS; k++) out[k]! += s * terms[u * FRAME_CELLS + k]!;
  }
  return out;
}

/** How a card reads a room term the network drops (card.ts `termShape`). */
export type TermShape = 'from-room-terms';

/** The network's term t over the lattice (0 for an empty one). */
function latticeMean(terms: Float32Array, t: number, lattice: RoomTermsLattice): number {
  let sum = 0;
  for (const px of lattice.pixels) sum += terms[t * FRAME_CELLS + px]!;
  return lattice.pixels.length > 0 ? sum / lattice.pixels.length : 0;
}

/**
 * The room terms the network drops where the solve sees them — its mean over the lattice at most FAINT
 * while the solve's is above it, or its scale to the solve beyond SCALE_MAX — each with the window's other
 * room terms whose scale is within bounds (both above FAINT), whose shape it can take: the light
 * interreflected in a room is smooth, and its three room terms share the room's shape (docs/model.md, the
 * second 4.8.0 candidate: multi-facade #51006's light from the sky read at 0.02 of the engine's).
 */
export function droppedTerms(
  terms: Float32Array,
  lattice: RoomTermsLattice,
): { term: number; solved: number; donors: number[] }[] {
  const state = ROOM_TERMS.map((t, j) => {
    const own = latticeMean(terms, t, lattice);
    const solved = lattice.means[j]!;
    const dropped = solved > FAINT && (own <= FAINT || solved / own > SCALE_MAX);
    const sound = own > FAINT && solved > FAINT && solved / own >= SCALE_MIN && solved / own <= SCALE_MAX;
    return { t, solved, dropped, sound };
  });
  return state
    .filter((x) => x.dropped)
    .map((x) => ({
      term: x.t,
      solved: x.solved,
      donors: state.filter((y) => y.sound && y.t !== x.t).map((y) => y.t),
    }));
}

/** A guard's test: a reference level is off the network's by more than a factor 1 + guard, either way. */
export const contradicts = (r: number, guard: number): boolean => r > 1 + guard || r < 1 / (1 + guard);

/** The factor calibratedMap gives each term (TERMS order). */
export function termScales(
  terms: Float32Array,
  lattice: RoomTermsLattice,
  {
    skyGuard,
    roomTermScaleMax = SCALE_MAX,
    exteriorTerm,
    exteriorGuard,
    faintSolve,
  }: Omit<TermCalibration, 'termShape'> = {},
): number[] {
  // The network's term t over the lattice, and the bounded scale that brings it to `solved` (1 where either
  // is too faint for their ratio to mean anything).
  const net = (t: number): number => latticeMean(terms, t, lattice);
  const bounded = (r: number): number => Math.min(roomTermScaleMax, Math.max(SCALE_MIN, r));
  const toward = (solved: number, own: number): number =>
    own > FAINT && solved > FAINT ? bounded(solved / own) : 1;
  const scale = TERMS.map(() => 1);
  ROOM_TERMS.forEach((t, j) => {
    const solved = lattice.means[j]!,
      own = net(t);
    // The card's faintSolve: a room term the solve finds faint follows it down, where the network's is not.
    scale[t] =
      faintSolve !== undefined && own > FAINT && solved <= FAINT
        ? bounded(solved / own)
        : toward(solved, own);
  });
  // The card's exteriorTerm: the light from exterior surfaces at the solve's level too; with faintSolve
  // 'follow-dark-exterior', there only where the window admits no sky.
  const dark = faintSolve === 'follow-dark-exterior' && net(0) <= FAINT;
  if ((exteriorTerm === 'solve-level' || dark) && lattice.exterior !== undefined)
    scale[EXTERIOR] = toward(lattice.exterior, net(EXTERIOR));
  // The card's exterior guard: only where the two levels differ by more than its factor.
  else if (exteriorGuard !== undefined && lattice.exterior !== undefined) {
    const r = toward(lattice.exterior, net(EXTERIOR));
    if (contradicts(r, exteriorGuard)) scale[EXTERIOR] = r;
  }
  // The card's sky guard: a sky term whose level the solve's own traced sky contradicts takes the solve's.
  if (skyGuard !== undefined && lattice.sky !== undefined) {
    const r = toward(lattice.sky, net(0));
    if (contradicts(r, skyGuard)) scale[0] = r;
  }
  return scale;
}
