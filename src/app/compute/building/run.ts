import { engineLanes } from '../workers';
import { useBuilding, type BuildingState } from './store';

/**
 * The building's current run: reading a file, a change that makes its rooms again, and each background
 * pass take a new number, and what comes back is kept only while that number is still the current one (a
 * later run, or a cancel, moves it on). One counter for all of them, so any new run stops the one before.
 */
let run = 0;

/** A new run: the one before stops taking answers. */
export const startRun = (): number => ++run;

/** Whether `mine` is still the building's current run (its answers are kept). */
export const isCurrent = (mine: number): boolean => run === mine;

/** Stops the background analysis; the rooms done so far keep their results. */
export function cancelBuilding(): void {
  run++;
  engineLanes.started()?.cancelAll();
  const phase = useBuilding.getState().phase;
  if (phase === 'analysing' || phase === 'settling')
    useBuilding.setState({ phase: 'cancelled', yearRunning: false, proposing: null });
}

/** While a file is read, the open building is not changed: a change would drop the file being read. */
export const readingFile = (): boolean => useBuilding.getState().phase === 'reading';

/**
 * While the surroundings worker makes the building's rooms again (another vegetation setting or frame
 * ratio, a context file added or taken away: the panel's Cancel undoes them, remade.ts), their requests are
 * about to be replaced: a year or proposals started on them would land on the rooms made since, so they
 * wait (their buttons too).
 */
export const remakingIn = (s: BuildingState): boolean =>
  s.vegetationBusy !== null || s.frameBusy !== null || s.contextBusy !== null;
export const remaking = (): boolean => remakingIn(useBuilding.getState());
