import { useMeshDisplay } from '../../ui/meshDisplay';
import { analyse } from './analyse';
import { cancelBuilding, isCurrent, remaking, startRun } from './run';
import { useBuilding, type BuildingState } from './store';

/**
 * The rooms the surroundings worker made again under run `mine` (a context file, a frame ratio, a
 * vegetation setting), whose answer the page has just taken, whatever happened meanwhile: the worker keeps
 * what it made, so the page does too. They are analysed while that run is current. Moved on since, an
 * analysis running now is of the rooms this answer replaced (a change the worker made at once, while it was
 * still reading a context file, began it), so it starts again on these; after a Cancel, while a file is
 * read, or with another making's answer to come (analysed then), they wait.
 */
export async function analyseRemade(mine: number): Promise<void> {
  if (!isCurrent(mine)) {
    const phase = useBuilding.getState().phase;
    if (phase === 'cancelled' || phase === 'reading' || remaking()) return;
    cancelBuilding();
    mine = startRun();
  }
  useBuilding.setState({ phase: 'analysing', progress: 0 });
  await analyse(mine);
}

/**
 * The rooms the worker made again, taken by the page (`rooms`: what changed, the requests with it) and
 * analysed (analyseRemade): the outcomes were of the rooms before, so none stands now. The building's mesh
 * is shown anew where the worker sends one (none where the page shows a room's own import, which stays),
 * as visible as it was.
 */
export async function takeRemade(
  mine: number,
  rooms: Partial<BuildingState> & { requests: BuildingState['requests'] },
  display?: Parameters<ReturnType<typeof useMeshDisplay.getState>['setMesh']>[0] | null,
): Promise<void> {
  if (display) {
    const visible = useMeshDisplay.getState().visible;
    useMeshDisplay.getState().setMesh(display);
    useMeshDisplay.getState().setVisible(visible);
  }
  useBuilding.setState({ ...rooms, outcomes: rooms.requests.map(() => null) });
  await analyseRemade(mine);
}
