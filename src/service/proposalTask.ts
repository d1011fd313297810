import { simulateAnswer } from '../core/api/simulateOps';
import type { RunBody } from '../core/proposals/changes';
import { proposeFixes } from '../core/proposals/proposals';
import { DEFAULT_COMPLIANCE, type Thresholds, type Verdict } from '../core/stats/verdicts';
import type { RoomProposals } from '../core/building/outcome';
import type { MeshRegistry } from './meshStore';
import type { ThreadState } from './threadState';

/** What would make a failing room of a building pass (issue 34), on a compute thread. */
export const PROPOSAL_TASK = 'proposals';

export interface ProposalTask {
  op: typeof PROPOSAL_TASK;
  /** The room's `/run` body (a `mesh_id` names the building stored for the threads). */
  body: object;
  rule: Verdict['id'];
  /** The engine's quality that confirms each change (the building's own pass). */
  quality: 'draft' | 'standard' | 'high';
  maxMeshPoints: number;
  meshes?: MeshRegistry;
  /** The building's true north (degrees clockwise from the plan's up), for the bearings in the words. */
  north: number;
  /** The thresholds the room failed by; the defaults when absent. */
  thresholds?: Thresholds;
}

/**
 * The search with the engine at draft as the fast answer (a thread has no model preview to spare: the
 * engine sees the building itself) and at the building's quality confirming; the changes as words and
 * their added glazing, or the reason it failed.
 */
export async function runProposalTask(t: ProposalTask, thread: ThreadState): Promise<RoomProposals> {
  const storedMesh = t.meshes ? thread.contexts.resolver(t.meshes, new Set()) : undefined;
  const ctx = { maxMeshPoints: t.maxMeshPoints, ...(storedMesh ? { storedMesh } : {}) };
  try {
    const found = await proposeFixes(t.body as RunBody, t.rule, {
      preview: (b) => simulateAnswer({ ...b, quality: 'draft' }, ctx),
      confirm: (b) => simulateAnswer({ ...b, quality: t.quality }, ctx),
      thresholds: t.thresholds ?? DEFAULT_COMPLIANCE,
      north: t.north,
    });
    return { rule: t.rule, list: found.map((p) => ({ label: p.label, addedGlazing: p.addedGlazing })) };
  } catch (e) {
    return { rule: t.rule, list: [], error: e instanceof Error ? e.message : String(e) };
  }
}
