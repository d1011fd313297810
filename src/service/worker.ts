import { movable, ownBuffer } from './movable';
import { answerTransfer } from '../core/api/roomAnswer';
import { PROPOSAL_TASK, runProposalTask, type ProposalTask } from './proposalTask';
import { ROOM_TASK, runRoomTask, type RoomTask } from './roomTask';
import { executeTask, type TaskRequest } from './task';
import { ThreadState } from './threadState';

/** This thread's contexts and model sessions, kept between its tasks. */
const thread = new ThreadState();

/** Worker-thread entry of the compute pool: a thin wire from piscina to executeTask (or runRoomTask). */
export default async function run(req: TaskRequest | RoomTask | ProposalTask) {
  if (req.op === PROPOSAL_TASK) return runProposalTask(req as ProposalTask, thread);
  if (req.op === ROOM_TASK) {
    const r = await runRoomTask(req as RoomTask, thread);
    return r.ok ? movable(r, answerTransfer(r.answer)) : r;
  }
  const res = await executeTask(req as TaskRequest, thread);
  if (res.ok && res.body instanceof Uint8Array) {
    // Hand the bytes back without a copy.
    const body = new Uint8Array(ownBuffer(res.body));
    return movable({ ...res, body }, [body.buffer]);
  }
  return res;
}
