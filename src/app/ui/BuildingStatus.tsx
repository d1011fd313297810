import { useBuilding, type BuildingState } from '../compute/building/store';

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
    return s.vegetationBusy ? remakingText(s) : `${rooms}; the model's preview of each room…`;
  if (s.phase === 'settling')
    return s.proposing
      ? `${s.file}: what would make the failing rooms pass…`
      : s.yearRunning
        ? `${s.file}: a year of ${c.city ?? 'the weather file'} for each room…`
        : `${s.file}: the engine at ${s.quality} quality…`;
  return shownText(s, c);
}

function shownText(s: BuildingState, c: Counts): string {
  if (s.phase === 'reading')
    return s.stage === 'reading'
      ? `Reading ${s.reading}… ${Math.round(s.progress * 100)} %`
      : `Measuring what each window sees of the building… ${Math.round(s.progress * 100)} %`;
  if (s.phase === 'error') return `${s.reading ?? s.file}: ${s.message}`;
  if (s.phase === 'idle') return '';
  if (s.phase === 'analysing' && s.vegetationBusy) return remakingText(s);
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

/** While the surroundings worker makes the building again with another vegetation setting (vegetation.ts). */
function remakingText(s: BuildingState): string {
  return `${s.file}: the building made again with its trees and planting ${s.vegetationBusy === 'ignore' ? 'left out' : 'standing'}, every window's view measured again…`;
}
