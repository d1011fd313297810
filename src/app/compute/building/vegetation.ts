import { DEFAULT_CROWN_TRANSMITTANCE, type VegetationMode } from '../../../core/ifc/vegetation';
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
let asked: { setting: string; epoch: number } | null = null;

/** A setting as the building is made with it: the transmittance counts only for crowns. */
const settingKey = (mode: VegetationMode, transmittance: number): string =>
  mode === 'translucent' ? `${mode} ${transmittance}` : mode;

/**
 * A context file or frame ratio started while the worker makes the building again does not stop the
 * making: the surroundings worker makes it in one go and keeps it (the next context file, frame ratio or
 * kept room is made from it), so the page takes it too and the setting reads what the rooms see. Before
 * 2026-12-07 such an answer was dropped: the old mode's surroundings stayed under the new setting, and the
 * worker held the new ones. The panel's Cancel undoes it, the setting with it (remade.ts).
 */
export async function setVegetation(
  mode: VegetationMode,
  transmittance = useBuilding.getState().crownTransmittance,
): Promise<void> {
  const s = useBuilding.getState();
  // A setting asked before a Cancel is not what the building will be made with: the Cancel undid it.
  const making = asked && remakeStands(asked.epoch) ? asked.setting : null;
  const made = s.building?.vegetation;
  const setting = settingKey(mode, transmittance);
  if (
    readingFile() ||
    !made?.elements.length ||
    (making ?? settingKey(made.mode, made.transmittance ?? DEFAULT_CROWN_TRANSMITTANCE)) === setting
  ) {
    useBuilding.setState({ vegetation: mode, crownTransmittance: transmittance });
    return;
  }
  cancelBuilding();
  const mine = startRun();
  // Before the setting reads the mode: a Cancel puts the one before back.
  const epoch = beginRemake();
  const ask = { setting, epoch };
  asked = ask;
  // Shown as the analysis it starts, with its Cancel: the year, proposals and report wait for the rooms.
  useBuilding.setState({
    vegetation: mode,
    crownTransmittance: transmittance,
    phase: 'analysing',
    progress: 0,
    vegetationBusy: mode,
  });
  let latest = false;
  const answer = await meshWorker()
    .revegetate(mode, transmittance)
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
    const was = useBuilding.getState().building?.vegetation;
    if (was)
      useBuilding.setState({
        vegetation: was.mode,
        crownTransmittance: was.transmittance ?? useBuilding.getState().crownTransmittance,
      });
    if (isCurrent(mine)) useBuilding.setState({ phase: 'error', message: answer.message });
    return;
  }
  await takeRemade(
    mine,
    { building: answer.building, requests: answer.requests, triangles: answer.triangles },
    answer.display,
  );
}
