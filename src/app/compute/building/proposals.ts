import type { RoomProposals } from '../../../core/building/outcome';
import type { RunBody } from '../../../core/proposals/changes';
import { proposeFixes } from '../../../core/proposals/proposals';
import type { Verdict } from '../../../core/stats/verdicts';
import { buildingPreview, engineAt } from '../proposals';
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
