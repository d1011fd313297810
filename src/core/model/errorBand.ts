import type { Vec2 } from '../geometry/vec';
import { RANGES } from '../validation/ranges';
import type { RunRequest } from '../validation/requests';
import type { WindowAngles } from '../api/windowAngles';
import type { ModelCard } from './card';

/**
 * The model's measured error for rooms like the one asked about (issue 35 §6): the room is put into the
 * stress suite's classes it resembles (docs/model.md §Stress suite; rules from the classes' profiles in
 * src/datagen/stressProfiles.ts, on what a request says), and the card's per-class results give the band of
 * the class the model does worst on. A room like none of them gets the suite's figures over all classes.
 */
export interface ModelErrorBand {
  /** The stress classes the room resembles (empty: none; `basis` is then the whole suite). */
  classes: string[];
  /** The class whose figures these are (the worst of `classes`), or 'all'. */
  basis: string;
  /** Share of that class's test rooms whose mean DF the model gives within 5 % of the engine's. */
  rooms_within_5: number;
  /** Their mean |room-mean error| (relative), and the worst. */
  mean_room_error: number;
  worst_room: number;
  /** How many test rooms the class holds. */
  rooms: number;
}

interface ClassFigures {
  rooms: number;
  rooms_within_5: number;
  mean_room_error: number;
  worst_room: number;
}

/**
 * Metres above the floor: a window whose head is this low or lower is a low window, whose work plane gets
 * little light straight through the glass — the strip probe's low band (heads 0.4–1.1 m: RoomProfile.band,
 * src/evaluation/stripProbe.ts), an edge of what the model was trained on; the card's `strip_windows.low`.
 */
export const LOW_HEAD = 1.1;
/** The class of rooms whose windows are all low, its figures from the card's strip probe (not the stress suite). */
export const LOW_WINDOW = 'low-window';

/**
 * DF (%): a room whose answer's mean is below this is a dark room. The card's lit-room line (the stress
 * suite's LIT_ROOM): below it a room's relative error is a few thousandths of a DF point, the light of a
 * window that sees little, and the model's misses gather there (docs/model.md "Where the shortfall is").
 */
export const DARK_LINE = 0.3;
/**
 * The class of rooms the model answers below DARK_LINE, its figures the stress suite's rooms the model read
 * that dark (the card's `stress.dark_rooms`): chosen by the answer, as a user meets it, not by the truth.
 */
export const DARK_ROOM = 'dark-room';

/** Degrees: a window facing obstructions this high on average is in a canyon or among dense blocks. */
const HEAVY = 20;
/** A window whose average horizon is above this sees buildings (not open ground). */
const SOME = 3;

/**
 * The stress classes a room resembles, by what its request says and its windows' angles, and with the
 * answer's mean DF (%) over the room (`roomMean`) whether it is a dark room.
 */
export function roomClasses(req: RunRequest, angles: readonly WindowAngles[], roomMean?: number): string[] {
  const p = req.parameters;
  const out: string[] = [];
  // The mean horizon over the half the window faces (the middle 32 of its 64 directions).
  const front = angles.map((a) => a.horizon.slice(16, 48).reduce((s, v) => s + v, 0) / 32);
  const worstFront = Math.max(0, ...front);
  const overhang = angles.some((a) => a.zenith.some((z) => z > 0));
  if (req.mesh === null && angles.some((a) => a.horizon.some((h) => h > 0))) out.push('angles-only');
  if (worstFront >= HEAVY) out.push('street-canyon', 'dense-near');
  else if (worstFront >= SOME) out.push('dense-far');
  else if (p.floor_height_above_terrain <= 0.5 && !overhang) out.push('open-ground');
  if (!isRectangle(p.room_polygon)) out.push('non-rect');
  else if (p.windows.length === 1) {
    // Depth behind the one window: the rectangle's extent across the window's wall.
    const g = req.geometry[0]!;
    const a = (g.directionAngle * Math.PI) / 180;
    const along = p.room_polygon.map(([x, y]) => x * Math.cos(a) + y * Math.sin(a));
    if (Math.max(...along) - Math.min(...along) >= 8) out.push('deep');
  }
  if (p.floor_height_above_terrain >= 7 && worstFront >= SOME) out.push('high-floor');
  if (overhang || req.geometry.some((g) => g.wallThickness >= 0.3)) out.push('balcony-thick');
  if (req.modelType === 'df_custom') {
    const ends = (['ceiling_reflectance', 'horizontal_reflectance', 'vertical_reflectance'] as const).filter(
      (k) => {
        const v = p[k] as number | undefined;
        const r = RANGES[k];
        return v !== undefined && Math.min(v - r.min, r.max - v) <= 0.1 * (r.max - r.min);
      },
    );
    if (ends.length >= 2) out.push('reflectance-ends');
  }
  const facing = new Set(req.geometry.map((g) => Math.round(g.directionAngle)));
  if (facing.size >= 2) out.push('multi-facade');
  const ceiling = p.floor_height_above_terrain + p.height_roof_over_floor;
  // Every window: the probe's rooms have only strips, and a low window beside a tall one adds little to
  // the room, whose error is then the tall one's.
  if (req.geometry.every((g) => Math.min(g.top, ceiling) - p.floor_height_above_terrain <= LOW_HEAD))
    out.push(LOW_WINDOW);
  if (roomMean !== undefined && roomMean < DARK_LINE) out.push(DARK_ROOM);
  return out;
}

/** Four corners at right angles. */
function isRectangle(poly: readonly Vec2[]): boolean {
  if (poly.length !== 4) return false;
  return poly.every((a, i) => {
    const b = poly[(i + 1) % 4]!,
      c = poly[(i + 2) % 4]!;
    const ux = b[0] - a[0],
      uy = b[1] - a[1],
      vx = c[0] - b[0],
      vy = c[1] - b[1];
    return Math.abs(ux * vx + uy * vy) <= 1e-3 * Math.hypot(ux, uy) * Math.hypot(vx, vy);
  });
}

/**
 * Whether a class's figures are worse than another's: fewer rooms within 5 %, and where as many (often all),
 * the larger mean error, then the larger worst room — so that a deep room the suite met every time in its
 * class and in open ground is told its depth's error, not whichever class its list names first.
 */
const worse = (a: ClassFigures, b: ClassFigures): boolean =>
  a.rooms_within_5 !== b.rooms_within_5
    ? a.rooms_within_5 < b.rooms_within_5
    : a.mean_room_error !== b.mean_room_error
      ? a.mean_room_error > b.mean_room_error
      : a.worst_room > b.worst_room;

/** The band the card measured for these classes: the worst class's, else the whole suite's; null without. */
export function errorBand(card: ModelCard, classes: readonly string[]): ModelErrorBand | null {
  const fixed = card.metrics?.stress as
    { classes?: Record<string, ClassFigures>; dark_rooms?: ClassFigures } | undefined;
  const suite = fixed?.classes;
  if (!suite) return null;
  const low = (card.metrics?.strip_windows as { low?: ClassFigures } | undefined)?.low;
  const dark = fixed?.dark_rooms;
  const stress: Record<string, ClassFigures> = {
    ...suite,
    ...(low ? { [LOW_WINDOW]: low } : {}),
    ...(dark ? { [DARK_ROOM]: dark } : {}),
  };
  const known = classes.filter((c) => stress[c]);
  const basis = known.length ? known.reduce((a, b) => (worse(stress[b]!, stress[a]!) ? b : a)) : 'all';
  const f = stress[basis];
  if (!f) return null;
  return {
    classes: [...classes],
    basis,
    rooms_within_5: f.rooms_within_5,
    mean_room_error: f.mean_room_error,
    worst_room: f.worst_room,
    rooms: f.rooms,
  };
}

/** The band in words, as the app says it beside the model's preview. */
export function errorBandText(b: ModelErrorBand): string {
  const pct = (v: number): string => `${Math.round(v * 100)} %`;
  const like =
    b.basis === 'all'
      ? 'On the stress suite'
      : b.basis === DARK_ROOM
        ? `For rooms it reads this dark (under ${DARK_LINE} % DF)`
        : `For rooms like this (${b.basis.replace(/-/g, ' ')})`;
  return `${like} its room mean was within 5 % of the engine's in ${pct(b.rooms_within_5)} of ${b.rooms} test rooms, ${pct(b.mean_room_error)} off on average, ${pct(b.worst_room)} at worst.`;
}
