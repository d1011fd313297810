import { useMeshDisplay } from '../../ui/meshDisplay';
import { useApp } from '../../state/store';
import { amongBuilding } from './editorMesh';
import { meshWorker } from '../workers';
import { analyse } from './analyse';
import { computeAgainInEditor } from './roomEdits';
import { cancelBuilding, isCurrent, remaking, startRun } from './run';
import { useBuilding, type BuildingState } from './store';

/** What a Cancel of the remakes in hand puts back: the building as the page showed it before the first. */
type AsWas = Pick<
  BuildingState,
  | 'building'
  | 'requests'
  | 'outcomes'
  | 'contexts'
  | 'triangles'
  | 'defaultFrame'
  | 'vegetation'
  | 'crownTransmittance'
  | 'phase'
  | 'progress'
  | 'quality'
> & { display: Float32Array | null; visible: boolean };

/**
 * The remakes in hand (a context file added or taken away, a frame ratio, a vegetation setting: asked of
 * the surroundings worker, their answers not yet in), counted from the building as it was before the first
 * (`asWas`). `epoch` moves on with a Cancel of them and with each building read: an answer asked before is
 * not taken (the worker undid it, or it is of a building no longer open).
 */
let inHand = 0;
let asWas: AsWas | null = null;
let epoch = 0;
/** The display the last remake's answer put up: what a Cancel takes down. */
let remadeDisplay: Float32Array | null = null;

/** A remake begins: the building as shown is kept, for a Cancel, if none was in hand. Returns its epoch. */
export function beginRemake(): number {
  if (inHand++ === 0) {
    remadeDisplay = null;
    const s = useBuilding.getState();
    const d = useMeshDisplay.getState();
    asWas = {
      building: s.building,
      requests: s.requests,
      outcomes: s.outcomes,
      contexts: s.contexts,
      triangles: s.triangles,
      defaultFrame: s.defaultFrame,
      vegetation: s.vegetation,
      crownTransmittance: s.crownTransmittance,
      phase: s.phase,
      progress: s.progress,
      quality: s.quality,
      display: d.positions,
      visible: d.visible,
    };
  }
  return epoch;
}

/** Whether a remake begun at `asked` still stands: no Cancel and no other building read since. */
export const remakeStands = (asked: number): boolean => asked === epoch;

/**
 * The worker answered a remake begun at `asked`: whether that answer is to be taken (no Cancel and no other
 * building read since). With none left in hand, the worker lets the building before them go.
 */
export function remakeAnswered(asked: number): boolean {
  if (asked !== epoch) return false;
  if (--inHand === 0) {
    asWas = null;
    void meshWorker().settleRemakes();
  }
  return true;
}

/**
 * A remake's worker call that threw (a worker out of memory), answered as a refusal: so that it is answered
 * at all (remakeAnswered). Before, the rejection skipped that: the page showed the building made again, with
 * its Cancel, for good, and a later Cancel went back to the building before it, undoing the changes taken
 * since.
 */
export const remakeFailed = (e: unknown): { ok: false; message: string } => ({
  ok: false,
  message: `The building could not be made again: ${e instanceof Error ? e.message : String(e)}`,
});

/** Another building is read (openIfc): the remakes of the one before are not taken (the worker drops them). */
export function forgetRemakes(): void {
  epoch++;
  inHand = 0;
  asWas = null;
}

/**
 * The Building panel's Cancel: while the building is made again, the remakes in hand are undone, here and in
 * the worker, and the building stands as it was before them, its rooms' outcomes and settings with it
 * (before 2026-12-07 a Cancel only stopped the rooms' analysis; a context file or frame ratio then showed
 * "stopped" with no Cancel while it was made). Else the background analysis stops (cancelBuilding).
 */
export function cancelBuildingWork(): void {
  cancelBuilding();
  const was = asWas;
  if (!remaking() || !was) return;
  forgetRemakes();
  void meshWorker().undoRemakes();
  const { display, visible, ...building } = was;
  const shown = useMeshDisplay.getState();
  if (remadeDisplay && shown.positions === remadeDisplay) {
    shown.setMesh(display);
    shown.setVisible(visible);
  }
  remadeDisplay = null;
  useBuilding.setState({
    ...building,
    contextBusy: null,
    frameBusy: null,
    vegetationBusy: null,
    contextError: null,
  });
}

/**
 * The rooms the surroundings worker made again under run `mine` (a context file, a frame ratio, a
 * vegetation setting), whose answer the page has just taken, whatever happened meanwhile but a Cancel of it
 * or another building read (remakeAnswered): the worker keeps what it made, so the page does too. They
 * are analysed while that run is current. Moved on since, an analysis running now is of the rooms this
 * answer replaced (a change the worker made at once, while it was still reading a context file, began it),
 * so it starts again on these; after a Cancel, while a file is read, or with another making's answer to
 * come (analysed then), they wait.
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
    remadeDisplay = display;
  }
  useBuilding.setState({ ...rooms, outcomes: rooms.requests.map(() => null) });
  // A room of the building shown in the editor among its surroundings: its map and year are computed again
  // among them as they are now, as its row is (editorMesh.ts).
  const scene = useApp.getState().scene;
  if (amongBuilding(scene, useBuilding.getState())) computeAgainInEditor(scene);
  await analyseRemade(mine);
}
