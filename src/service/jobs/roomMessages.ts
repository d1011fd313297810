import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Database } from '../hosted/database';

/**
 * The id of a room's message in the queue: a name-based UUID (RFC 4122 version 5) of the room's index in the
 * job's id as namespace. Any replica finds a job's messages from its rooms alone, with no id stored, so that a
 * cancel can take them out of the queue (jobs.ts cancelJob); and a room queued twice is one message. Written
 * here: node:crypto makes only random UUIDs, and a version 5 one is a SHA-1 and two masks.
 */
export function roomMessageId(job: string, index: number): string {
  const h = createHash('sha1')
    .update(Buffer.from(job.replace(/-/g, ''), 'hex'))
    .update(String(index))
    .digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.toString('hex', 0, 16);
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * pg-boss's statements run in one of our transactions (its `db` option): a job's rows and its messages are
 * written, or cancelled, together.
 */
export const queueIn = (
  q: Parameters<Parameters<Database['transaction']>[0]>[0],
): PgBoss.ConnectionOptions => ({
  db: { executeSql: async (text: string, values: unknown[]) => ({ rows: await q(text, values) }) },
});
