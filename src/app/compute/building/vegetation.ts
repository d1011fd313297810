import type { VegetationMode } from '../../../core/ifc/vegetation';
import { meshWorker } from '../workers';
import { beginRemake, remakeAnswered, remakeFailed, remakeStands, takeRemade } from './remade';
import { cancelBuilding, isCurrent, readingFile, startRun } from './run';
import { useBuilding } from './store';

/**
 * What the file's trees and planting do (core/ifc/vegetation.ts): kept for the next file, and with a
 * building that has any open, its own mesh is made again with them standing or left out, every window's
 * angles measured again and every room analysed again. Its notes say what was done.
 */
/**
 * The mode the worker was last asked for whose answer is not in yet: what the building will be made with,
 * not the one shown. Set back before that answer (a select's arrow keys change it on each press), the
 * setting is asked of the worker again; compared with the building shown, it was not, and the first answer
 * left the trees out under a setting reading "opaque".
 */
let asked: { mode: VegetationMode; epoch: number } | null = null;

/**
 * A context file or frame ratio started while the worker makes the building again does not stop the
 * making: the surroundings worker makes it in one go and keeps it (the next context file, frame ratio or
 * kept room is made from it), so the page takes it too and the setting reads what the rooms see. Before
 * 2026-12-07 such an answer was dropped: the old mode's surroundings stayed under the new setting, and the
 * worker held the new ones. The panel's Cancel undoes it, the setting with it (remade.ts).
 */
export async function setVegetation(mode: VegetationMode): Promise<void> {
  const s = useBuilding.getState();
  // A mode asked before a Cancel is not what the building will be made with: the Cancel undid it.
  const making = asked && remakeStands(asked.epoch) ? asked.mode : null;
  if (
    readingFile() ||
    !s.building?.vegetation?.elements.length ||
    (making ?? s.building.vegetation.mode) === mode
  ) {
    useBuilding.setState({ vegetation: mode });
    return;
  }
  cancelBuilding();
  const mine = startRun();
  // Before the setting reads the mode: a Cancel puts the one before back.
  const epoch = beginRemake();
  const ask = { mode, epoch };
  asked = ask;
  // Shown as the analysis it starts, with its Cancel: the year, proposals and report wait for the rooms.
  useBuilding.setState({ vegetation: mode, phase: 'analysing', progress: 0, vegetationBusy: mode });
  let latest = false;
  const answer = await meshWorker()
    .revegetate(mode)
    .catch(remakeFailed)
    .finally(() => {
      latest = asked === ask;
      if (latest) {
        asked = null;
        useBuilding.setState({ vegetationBusy: null });
      }
    });
  // Cancelled, or a later setting's answer follows this one: the building is made with that.
  if (!remakeAnswered(epoch) || !latest) return;
  if (!answer.ok) {
    // The setting reads what the rooms were made with (the worker kept it), and why it is not the new one.
    const made = useBuilding.getState().building?.vegetation?.mode;
    if (made) useBuilding.setState({ vegetation: made });
    if (isCurrent(mine)) useBuilding.setState({ phase: 'error', message: answer.message });
    return;
  }
  await takeRemade(
    mine,
    { building: answer.building, requests: answer.requests, triangles: answer.triangles },
    answer.display,
  );
}
