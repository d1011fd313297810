import { beyondModel } from '../../../core/api/beyondModel';
import type { RoomProposals } from '../../../core/building/outcome';
import type { RunBody } from '../../../core/proposals/changes';
import { proposeFixes, type Compute } from '../../../core/proposals/proposals';
import type { Verdict } from '../../../core/stats/verdicts';
import { engineAt, previewFor } from '../proposals';
import { engineLanes } from '../workers';
import { meshOnLanes, onMesh } from './lanesMesh';
import { cancelBuilding, isCurrent, readingFile, remaking, startRun } from './run';
import { useBuilding } from './store';

/**
 * What would make each room that fails `rule` pass (issue 34): the search of the editor's panel (the
 * model's preview, the engine at standard quality confirming) on each room's request, the rooms spread
 * over the building's engine lanes (the model's previews share its one worker), each room's changes kept
 * with its outcome as it is found (the table, the report and the CSV then carry them). The engine sees the
 * building's mesh, as the rooms' engine passes and the command line's search do (lanesMesh.ts).
 */
export async function proposeForBuilding(rule: Verdict['id']): Promise<void> {
  const s0 = useBuilding.getState();
  const building = s0.building;
  if (!building || readingFile() || remaking()) return;
  cancelBuilding();
  const mine = startRun();
  const failing = s0.outcomes.flatMap((o, i) =>
    s0.requests[i] && o?.summary?.verdicts.find((v) => v.id === rule)?.pass === false ? [i] : [],
  );
  useBuilding.setState({ phase: 'settling', progress: 0, proposing: rule });
  const mesh = await meshOnLanes();
  const lanes = engineLanes();
  let done = 0;
  const propose = (i: number) =>
    lanes.run(async (engine, job): Promise<void> => {
      if (!isCurrent(mine)) return;
      const body = onMesh(s0.requests[i]!.body as RunBody, building.rooms[i], mesh);
      let proposals: RoomProposals;
      try {
        const found = await proposeFixes(body, rule, {
          preview: buildingPreview(engine, job),
          confirm: engineAt('standard', engine, job),
          thresholds: s0.thresholds,
          floorArea: building.rooms[i]!.area,
          north: building.north,
        });
        proposals = { rule, list: found.map((p) => ({ label: p.label, addedGlazing: p.addedGlazing })) };
      } catch (e) {
        proposals = { rule, list: [], error: e instanceof Error ? e.message : String(e) };
      }
      if (!isCurrent(mine)) return;
      done += 1;
      useBuilding.setState((s) => ({
        outcomes: s.outcomes.map((o, j) => (j === i && o ? { ...o, proposals } : o)),
        progress: done / failing.length,
      }));
    });
  await Promise.all(failing.map(propose));
  if (!isCurrent(mine)) return;
  useBuilding.setState({ phase: 'done', proposing: null });
}

/**
 * The search's fast answer for a building's room: the model's preview on the windows' angles, as the
 * building's preview pass reads them; the engine's draft (among the building where the body names its mesh,
 * as the command line's search runs) where the model cannot answer: a room beyond it, or a second window,
 * which has no angles of its own (the mesh lets the search try one: core/proposals `anglesForAll`).
 */
export function buildingPreview(engine: Parameters<typeof engineAt>[1], job: number): Compute {
  const draft = engineAt('draft', engine, job);
  return (b) => {
    const { mesh_id: _held, ...angled } = b;
    return beyondModel(b) || !everyWindowAngled(angled) ? draft(b) : previewFor(angled, engine, job)(angled);
  };
}

/** Whether each window of `b` has its horizon and zenith angles (its own, or the body's for all). */
const everyWindowAngled = (b: RunBody): boolean =>
  (Array.isArray(b.horizon) && Array.isArray(b.zenith)) ||
  Object.values(b.parameters.windows).every((w) => Array.isArray(w.horizon) && Array.isArray(w.zenith));
