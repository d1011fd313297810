import { movable, ownBuffer } from './movable';
import { executeTask, type TaskRequest } from './task';

/** Worker-thread entry of the compute pool: a thin wire from piscina to executeTask. */
export default async function run(req: TaskRequest) {
  const res = await executeTask(req);
  if (res.ok && res.body instanceof Uint8Array) {
    // Hand the bytes back without a copy.
    const body = new Uint8Array(ownBuffer(res.body));
    return movable({ ...res, body }, [body.buffer]);
  }
  return res;
}
