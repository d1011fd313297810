import { DEFAULT_GLASS_TRANSMITTANCE } from '../engine/glazing';
import type { IfcRoom } from '../ifc/building';
import { DEFAULT_REFLECTANCES } from '../types';
import { materialsText } from './materialsText';

/**
 * The building report's inputs for surfaces and glazing, over the rooms it analysed: what a reviewer
 * checks first and, before 2026-12-07, found only room by room on the pages (the method said "the frame
 * ratio from the file's glass where it shows it", never which ratio nor which glass).
 */
type Room = Pick<IfcRoom, 'number' | 'problem' | 'materials' | 'windows' | 'skylights'>;

const pct = (v: number): string => `${Math.round(v * 100)} %`;

/** A range of shares in %, "8–41 %", or one figure. */
function range(values: readonly number[]): string {
  const lo = Math.min(...values),
    hi = Math.max(...values);
  return Math.round(lo * 100) === Math.round(hi * 100) ? pct(lo) : `${Math.round(lo * 100)}–${pct(hi)}`;
}

/** The reflectances the analysed rooms were computed with: the defaults, and the rooms set otherwise. */
export function surfacesInput(rooms: readonly Room[]): string {
  const analysed = rooms.filter((r) => !r.problem);
  const own = analysed.filter((r) => r.materials);
  const defaults = materialsText(DEFAULT_REFLECTANCES, false);
  if (own.length === 0) return defaults;
  const set = `set in Lux's editor for ${own.map((r) => r.number).join(', ')} (each room's page gives its own)`;
  return own.length === analysed.length ? set : `${defaults}; ${set}`;
}

/**
 * The glass's light transmittance and the frame's share of the openings of the analysed rooms, and where
 * each frame share came from ("from the glass in the file's geometry" for 20 of 24).
 */
export function glazingInput(rooms: readonly Room[]): string {
  const analysed = rooms.filter((r) => !r.problem);
  const windows = analysed.flatMap((r) => r.windows);
  const skylights = analysed.flatMap((r) => r.skylights);
  const openings = windows.length + skylights.length;
  if (openings === 0) return 'no opening in an analysed room';
  const glass = [
    ...windows.map((w) => w.glass_transmittance ?? DEFAULT_GLASS_TRANSMITTANCE),
    ...skylights.map(() => DEFAULT_GLASS_TRANSMITTANCE),
  ];
  const set = windows.filter((w) => w.glass_transmittance !== undefined).length;
  const glassText =
    set === 0
      ? `glass light transmittance ${pct(DEFAULT_GLASS_TRANSMITTANCE)} (Lux's default: the file does not state it)`
      : `glass light transmittance ${range(glass)} (set in Lux's editor for ${set} of ${openings}; ${pct(DEFAULT_GLASS_TRANSMITTANCE)}, Lux's default, elsewhere)`;
  const all = [...windows, ...skylights];
  const from = { glass: 0, lining: 0, default: 0, editor: 0 };
  for (const o of all) if (o.frameFrom in from) from[o.frameFrom]++;
  const words = {
    glass: "from the glass in the file's geometry",
    lining: "from the file's lining and panel properties",
    default: 'the default',
    editor: "set in Lux's editor",
  } as const;
  // The default's own figure: a project's --frame-ratio, or Lux's.
  const sources = (Object.keys(from) as (keyof typeof from)[])
    .filter((k) => from[k] > 0)
    .map((k) =>
      k === 'default'
        ? `the default ${range(all.filter((o) => o.frameFrom === k).map((o) => o.window_frame_ratio))} for ${from[k]}`
        : `${words[k]} for ${from[k]}`,
    )
    .join(', ');
  const frames = all.map((o) => o.window_frame_ratio);
  const of = `of ${openings} opening${openings === 1 ? '' : 's'}`;
  return `${glassText}; frame ${range(frames)} of each opening (${sources ? `${sources}, ` : ''}${of})`;
}
