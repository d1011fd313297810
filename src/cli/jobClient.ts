import { answerFromResponse } from '../core/api/roomAnswer';
import type { AnswerResult } from '../core/building/outcome';

/**
 * A building's rooms as a job on a Lux server (issue 37 §3): `npm run ifc -- file.ifc --server URL`. The
 * rooms' requests go in one `POST /v2/jobs` with the context they share, the job's progress is shown as it
 * goes, and each room's answer comes back as the local threads would have given it (answerFromResponse),
 * so the files written are the command line's own.
 */
export interface ServerJob {
  url: string;
  token: string | null;
  kind: 'run' | 'simulate';
  /** Each room's body; `job_context: false` on a room the shared context must not reach. */
  rooms: object[];
  /** The context the rooms share, as the triangles' float32 positions (9 a triangle). */
  context: Float32Array | null;
  onProgress(done: number, failed: number, total: number): void;
}

async function call(job: ServerJob, path: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${job.url.replace(/\/+$/, '')}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(job.token ? { authorization: `Bearer ${job.token}` } : {}),
    },
  });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${String(body.error ?? '')}`);
  return body;
}

export async function runOnServer(job: ServerJob): Promise<AnswerResult[]> {
  const mesh: number[][] | undefined = job.context
    ? Array.from({ length: job.context.length / 3 }, (_, i) => [
        job.context![3 * i]!,
        job.context![3 * i + 1]!,
        job.context![3 * i + 2]!,
      ])
    : undefined;
  const made = await call(job, '/v2/jobs', {
    method: 'POST',
    body: JSON.stringify({ kind: job.kind, rooms: job.rooms, ...(mesh ? { mesh } : {}) }),
  });
  const id = String(made.job_id);
  for (let last = -1; ;) {
    const j = await call(job, `/v2/jobs/${id}`);
    const p = j.progress as { done: number; failed: number; total: number };
    if (p.done + p.failed !== last) job.onProgress(p.done, p.failed, p.total);
    last = p.done + p.failed;
    if (j.state === 'cancelled') throw new Error(`job ${id} was cancelled on the server`);
    if (j.state === 'done' || j.state === 'failed') break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const result = await call(job, `/v2/jobs/${id}/result`);
  return (result.rooms as { status: string; answer?: Record<string, unknown>; error?: string }[]).map((r) =>
    r.status === 'done' && r.answer
      ? { ok: true as const, answer: answerFromResponse(r.answer) }
      : { ok: false as const, error: { type: 'validation_error' as const, message: r.error ?? r.status } },
  );
}
