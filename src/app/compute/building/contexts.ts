import * as Comlink from 'comlink';
import type { ContextAnswer } from '../../../../workers/mesh.worker';
import type { UpAxis } from '../../../importers/importMesh';
import { useMeshDisplay } from '../../ui/meshDisplay';
import { meshWorker } from '../workers';
import { analyse } from './analyse';
import { cancelBuilding, isCurrent, readingFile, startRun } from './run';
import { useBuilding } from './store';

/**
 * Adds a context file (IFC, OBJ, STL, glTF) around the building, in its coordinates and on its terrain:
 * every room's angles change, so every room is analysed again.
 */
export async function addContext(file: File, up: UpAxis | 'auto' = 'auto'): Promise<void> {
  await changeContext(file.name, async () => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return meshWorker().addBuildingContext(file.name, Comlink.transfer(bytes, [bytes.buffer]), up);
  });
}

export async function removeContext(index: number): Promise<void> {
  const name = useBuilding.getState().contexts[index];
  if (name !== undefined) await changeContext(name, () => meshWorker().removeBuildingContext(index));
}

async function changeContext(name: string, change: () => Promise<ContextAnswer>): Promise<void> {
  if (!useBuilding.getState().building || readingFile()) return;
  cancelBuilding();
  const mine = startRun();
  useBuilding.setState({ contextBusy: name, contextError: null });
  const answer = await change();
  if (!isCurrent(mine)) return;
  if (!answer.ok) {
    useBuilding.setState({ contextBusy: null, contextError: answer.message });
    return;
  }
  // No display where the page shows another mesh than the building's, which the worker kept current.
  if (answer.display) {
    const visible = useMeshDisplay.getState().visible;
    useMeshDisplay.getState().setMesh(answer.display);
    useMeshDisplay.getState().setVisible(visible);
  }
  useBuilding.setState((s) => ({
    contextBusy: null,
    contexts: answer.contexts,
    requests: answer.requests,
    triangles: answer.triangles,
    outcomes: answer.requests.map(() => null),
    phase: 'analysing',
    progress: 0,
    message: s.message,
  }));
  await analyse(mine);
}
