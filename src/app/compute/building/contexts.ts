import * as Comlink from 'comlink';
import type { ContextAnswer } from '../../../../workers/mesh.worker';
import type { UpAxis } from '../../../importers/importMesh';
import { meshWorker } from '../workers';
import { beginRemake, remakeAnswered, remakeFailed, takeRemade } from './remade';
import { cancelBuilding, isCurrent, readingFile, startRun } from './run';
import { useBuilding } from './store';

/**
 * Adds a context file (IFC, OBJ, STL, glTF) around the building, in its coordinates and on its terrain:
 * every room's angles change, so every room is analysed again.
 */
export async function addContext(file: File, up: UpAxis | 'auto' = 'auto'): Promise<void> {
  // Read before the change begins: the worker is asked in the same step, so that the building a Cancel puts
  // back here is the one it puts back there (remade.ts).
  const bytes = new Uint8Array(await file.arrayBuffer());
  await changeContext(file.name, () =>
    meshWorker().addBuildingContext(file.name, Comlink.transfer(bytes, [bytes.buffer]), up),
  );
}

export async function removeContext(index: number): Promise<void> {
  const name = useBuilding.getState().contexts[index];
  if (name !== undefined) await changeContext(name, () => meshWorker().removeBuildingContext(index));
}

/** The context change asked last whose answer is not in yet: it ends the "Reading …" line. */
let asked: object | null = null;

/**
 * One change at a time (the surroundings worker reads a file while it answers other calls), shown as under
 * way with its Cancel, which undoes it (remade.ts). Its answer is taken whatever else the page did
 * meanwhile (a frame ratio, a room kept): the worker keeps the file, so the list and the rooms say what the
 * rooms see; only their analysis follows the run. Not after a Cancel, nor once another building is read:
 * the worker adds a file only to the building it was asked for (before 2026-12-07 a file read for one
 * building was added to the one opened meanwhile, and shown there). Before 2026-12-07 too a year or
 * proposals started while a file was read dropped its answer; they now wait for it (run.ts `remaking`).
 */
async function changeContext(name: string, change: () => Promise<ContextAnswer>): Promise<void> {
  const s = useBuilding.getState();
  if (!s.building || readingFile() || s.contextBusy !== null) return;
  cancelBuilding();
  const mine = startRun();
  const epoch = beginRemake();
  const phase = useBuilding.getState().phase;
  const ask = {};
  asked = ask;
  useBuilding.setState({ contextBusy: name, contextError: null, phase: 'analysing', progress: 0 });
  const answer = await change().catch(remakeFailed);
  const latest = asked === ask;
  if (latest) asked = null;
  if (!remakeAnswered(epoch)) return;
  if (!answer.ok) {
    if (latest) useBuilding.setState({ contextBusy: null, contextError: answer.message });
    // The rooms are as they were, and so is what they were doing (unless a change made since moved on).
    if (isCurrent(mine)) useBuilding.setState({ phase });
    return;
  }
  await takeRemade(
    mine,
    {
      ...(latest ? { contextBusy: null } : {}),
      contexts: answer.contexts,
      requests: answer.requests,
      triangles: answer.triangles,
    },
    answer.display,
  );
}
