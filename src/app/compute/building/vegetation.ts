import type { VegetationMode } from '../../../core/ifc/vegetation';
import { useMeshDisplay } from '../../ui/meshDisplay';
import { meshWorker } from '../workers';
import { analyse } from './analyse';
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
let asked: { mode: VegetationMode } | null = null;

export async function setVegetation(mode: VegetationMode): Promise<void> {
  useBuilding.setState({ vegetation: mode });
  const s = useBuilding.getState();
  if (readingFile() || !s.building?.vegetation?.elements.length) return;
  if ((asked?.mode ?? s.building.vegetation.mode) === mode) return;
  cancelBuilding();
  const mine = startRun();
  const ask = { mode };
  asked = ask;
  const answer = await meshWorker()
    .revegetate(mode)
    .finally(() => {
      if (asked === ask) asked = null;
    });
  if (!isCurrent(mine) || !answer.ok) return;
  // No display where the page shows another mesh than the building's (a room's import), which stays.
  if (answer.display) {
    const visible = useMeshDisplay.getState().visible;
    useMeshDisplay.getState().setMesh(answer.display);
    useMeshDisplay.getState().setVisible(visible);
  }
  useBuilding.setState({
    building: answer.building,
    requests: answer.requests,
    triangles: answer.triangles,
    outcomes: answer.requests.map(() => null),
    phase: 'analysing',
    progress: 0,
  });
  await analyse(mine);
}
