import { remakingIn } from '../compute/building/run';
import { useBuilding, type BuildingState } from '../compute/building/store';
import type { VegetationMode } from '../../core/ifc/vegetation';

/** Whether the panel shows the building's work under way, with its progress bar and Cancel. */
export const underWay = (s: BuildingState): boolean => s.phase === 'analysing' || s.phase === 'settling';

interface Counts {
  rooms: number;
  analysable: number;
  done: number;
  byEngine: number;
  city: string | null;
}

/**
 * The Building panel's status line, and what of it is read aloud. The line counts the rooms and percent as
 * they come; read aloud, that was a sentence a room and a percent (a screen reader read "Reading
 * duplex.ifc… 32 %" at each step, and the whole line again as each room came in). The live region, in the
 * page before any file, says each stage once and the counts at its end.
 */
export function BuildingStatus(props: Counts): React.JSX.Element {
  const s = useBuilding();
  return (
    <>
      {s.phase !== 'idle' && (
        <p data-testid="ifc-status" data-phase={s.phase}>
          {shownText(s, props)}
        </p>
      )}
      <p role="status" className="sr-only" data-testid="ifc-status-said">
        {s.phase === 'idle' ? '' : saidText(s, props)}
      </p>
    </>
  );
}

function saidText(s: BuildingState, c: Counts): string {
  const rooms = `${s.file}: ${c.rooms} rooms, ${c.analysable} with windows or skylights`;
  if (s.phase === 'reading')
    return s.stage === 'reading'
      ? `Reading ${s.reading}…`
      : 'Measuring what each window sees of the building…';
  if (s.phase === 'analysing')
    return remakingIn(s) ? remakingText(s) : `${rooms}; the model's preview of each room…`;
  if (s.phase === 'settling')
    return s.proposing
      ? `${s.file}: what would make the failing rooms pass…`
      : s.yearRunning
        ? `${s.file}: a year of ${c.city ?? 'the weather file'} for each room…`
        : `${s.file}: the engine at ${s.quality} quality…`;
  return shownText(s, c);
}

/** The status line as shown. */
export function shownText(s: BuildingState, c: Counts): string {
  if (s.phase === 'reading')
    return s.stage === 'reading'
      ? `Reading ${s.reading}… ${Math.round(s.progress * 100)} %`
      : `Measuring what each window sees of the building… ${Math.round(s.progress * 100)} %`;
  if (s.phase === 'error') return `${s.reading ?? s.file}: ${s.message}`;
  if (s.phase === 'idle') return '';
  if (s.phase === 'analysing' && remakingIn(s)) return remakingText(s);
  const percent = `${Math.round(100 * s.progress)} %`;
  return `${s.file}: ${c.rooms} rooms, ${c.analysable} with windows or skylights; ${c.done} analysed${
    s.phase === 'analysing'
      ? ' by the model…'
      : s.proposing
        ? `; what would make the failing rooms pass… ${percent}`
        : s.yearRunning
          ? `; a year of ${c.city ?? 'the weather file'} for each room… ${percent}`
          : s.phase === 'settling'
            ? `, ${c.byEngine} of them by the engine at ${s.quality} quality…`
            : s.phase === 'cancelled'
              ? ` (stopped; ${c.byEngine} by the engine at standard quality)`
              : `, ${c.byEngine} by the engine at standard quality.`
  }`;
}

/**
 * While the surroundings worker makes the building again (another vegetation setting, frame ratio or
 * context file: run.ts `remaking`), under way with its Cancel. Before 2026-12-07 a context file or a frame
 * ratio read "(stopped; …)" meanwhile: the change had stopped the analysis before it.
 */
const BUSY: Record<VegetationMode, string> = {
  opaque: 'standing',
  ignore: 'left out',
  translucent: 'as crowns that let light through',
};

function remakingText(s: BuildingState): string {
  if (s.vegetationBusy)
    return `${s.file}: the building made again with its trees and planting ${BUSY[s.vegetationBusy]}, every window's view measured again…`;
  if (s.frameBusy !== null)
    return `${s.file}: the rooms made again with a ${Math.round(s.frameBusy * 1000) / 10} % frame where the file gives none…`;
  // A file being taken away is still listed; one being added is not yet.
  return s.contexts.includes(s.contextBusy ?? '')
    ? `${s.file}: ${s.contextBusy} taken away, every window's view measured again…`
    : `${s.file}: ${s.contextBusy} read into the surroundings, every window's view measured again…`;
}
