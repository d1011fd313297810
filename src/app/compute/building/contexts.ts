import * as Comlink from 'comlink';
import type { ContextAnswer } from '../../../../workers/mesh.worker';
import type { UpAxis } from '../../../importers/importMesh';
import { meshWorker } from '../workers';
import { takeRemade } from './remade';
import { cancelBuilding, readingFile, startRun } from './run';
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

/** The context change asked last whose answer is not in yet: it ends the "Reading …" line. */
let asked: object | null = null;

/**
 * One change at a time (the surroundings worker reads a file while it answers other calls). Its answer is
 * always taken: the worker keeps the file whatever the page did meanwhile (a Cancel, a frame ratio, a room
 * kept; even another building read, to which the worker adds the file if that one was read first), so the
 * list and the rooms say what the rooms see; only their analysis follows the run (remade.ts). Before
 * 2026-12-07 a year or proposals started while a file was read dropped its answer: the worker had the file,
 * the list and the rooms did not; the year and proposals now wait for it (run.ts `remaking`).
 */
async function changeContext(name: string, change: () => Promise<ContextAnswer>): Promise<void> {
  const s = useBuilding.getState();
  if (!s.building || readingFile() || s.contextBusy !== null) return;
  cancelBuilding();
  const mine = startRun();
  const ask = {};
  asked = ask;
  useBuilding.setState({ contextBusy: name, contextError: null });
  const answer = await change();
  const latest = asked === ask;
  if (latest) asked = null;
  if (!answer.ok) {
    if (latest) useBuilding.setState({ contextBusy: null, contextError: answer.message });
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
