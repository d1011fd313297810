import { answerFromResponse } from '../api/roomAnswer';
import type { ClimateSummary } from '../api/climateOps';
import type { AnswerResult } from '../building/outcome';

/**
 * A building's rooms as one job on a Lux server (issue 37 §3), for the command line (`npm run ifc --
 * --server URL`) and the app's Building panel alike: the rooms' requests go in one `POST /v2/jobs` with the
 * context they share, progress is reported as the server's replicas answer, and each room's answer comes
 * back in the form the local threads or workers give (answerFromResponse), so what is written or shown is
 * the same. A cancelled run deletes its job on the server, so its rooms stop being taken.
 *
 * HTTP is the face's (`send`): the core has neither `fetch` nor the DOM's types.
 */
export interface JobTransport {
  /** One call to the server: its status and its JSON body (an empty object where there is none). */
  send(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<JobReply>;
}

export interface JobReply {
  status: number;
  body: Record<string, unknown>;
  /** A 429's `Retry-After` (seconds), where the server gave one. */
  retryAfter?: number;
}

export interface ServerJob {
  kind: 'run' | 'simulate';
  /** Each room's body; `job_context: false` on a room the shared context must not reach. */
  rooms: object[];
  /** The context the rooms share, as the triangles' float32 positions (9 a triangle). */
  context: Float32Array | null;
  /** A year of weather (an EPW's text) the rooms share, sent once: for climate rooms (da_ model types). */
  weather?: string;
  /** Each room's map as base64 float32 (4 bytes a cell, not ~8 characters): for a page, not for files. */
  compact?: boolean;
  /** Called with the job's id once the server has it, and whenever its count of finished rooms moves. */
  onProgress?(done: number, failed: number, total: number, jobId: string): void;
  /** How often the job's state is asked for (ms); 500 by default. */
  pollMs?: number;
  /** Stops waiting and cancels the job on the server. */
  isCancelled?(): boolean;
}

/** The server refused a call: its status and its own message, for a sentence that says what to do. */
export class JobRefusal extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    call: string,
  ) {
    super(`${call}: ${status} ${serverMessage}`);
    this.name = 'JobRefusal';
  }

  /** A server without hosted mode's database answers /jobs with 404 (or an older one, 405). */
  get noJobs(): boolean {
    return this.status === 404 || this.status === 405;
  }
}

/** The job was cancelled here (isCancelled) or on the server. */
export class JobCancelled extends Error {
  constructor(readonly jobId: string) {
    super(`job ${jobId} was cancelled`);
    this.name = 'AbortError';
  }
}

async function call(
  t: JobTransport,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
  given?: JobReply,
) {
  const reply = given ?? (await t.send(method, path, body));
  if (reply.status < 200 || reply.status >= 300) {
    const said = reply.body.error ?? reply.body.message ?? '';
    throw new JobRefusal(reply.status, String(said), `${method} ${path}`);
  }
  return reply.body;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(() => r(), ms));

/** The longest wait a 429 on a job's reads is given (s): a server asking for more is taken as refusing. */
const READ_WAIT_MAX_S = 60;

/**
 * A read of the job (its state, its result): a 429 (the server's limit on job reads, LUX_JOB_READS_PER_MINUTE)
 * is waited out as its `Retry-After` says (1 s where it says nothing) and asked again, the job still running
 * there; a cancel here meanwhile is honoured. Other refusals are the caller's, as `call` throws them.
 */
async function read(t: JobTransport, path: string, job: ServerJob): Promise<Record<string, unknown>> {
  for (;;) {
    const reply = await t.send('GET', path);
    if (reply.status !== 429 || job.isCancelled?.()) return call(t, 'GET', path, undefined, reply);
    const wait = reply.retryAfter ?? 1;
    if (!(wait <= READ_WAIT_MAX_S)) return call(t, 'GET', path, undefined, reply);
    await sleep(wait * 1000);
  }
}

interface JobRoom {
  index: number;
  status: string;
  answer?: Record<string, unknown>;
  error?: string;
}

/**
 * A room's wire answer (/run or /simulate) as the result a local pass gives: a year's answer (da_ model
 * types) is its DA map with its metrics beside it.
 */
export function resultFromResponse(wire: Record<string, unknown>): AnswerResult & { ok: true } {
  const answer = answerFromResponse(wire);
  return wire.method === 'climate'
    ? { ok: true, answer, climate: wire.climate as ClimateSummary }
    : { ok: true, answer };
}

/** Runs the rooms as one job and returns each room's result, in the order of `job.rooms`. */
export async function runOnServer(t: JobTransport, job: ServerJob): Promise<AnswerResult[]> {
  const c = job.context;
  const mesh = c
    ? Array.from({ length: c.length / 3 }, (_, i) => [c[3 * i]!, c[3 * i + 1]!, c[3 * i + 2]!])
    : null;
  const rooms = job.compact ? job.rooms.map((r) => ({ ...r, response_format: 'base64' })) : job.rooms;
  const made = await call(t, 'POST', '/v2/jobs', {
    kind: job.kind,
    rooms,
    ...(mesh ? { mesh } : {}),
    ...(job.weather !== undefined ? { weather: job.weather } : {}),
  });
  const id = String(made.job_id);
  const cancel = async (): Promise<never> => {
    // Best effort: a job the server cannot be told about expires with its retention.
    await t.send('DELETE', `/v2/jobs/${id}`).catch(() => undefined);
    throw new JobCancelled(id);
  };
  job.onProgress?.(0, 0, job.rooms.length, id);
  for (let last = 0; ;) {
    if (job.isCancelled?.()) return cancel();
    const j = await read(t, `/v2/jobs/${id}`, job);
    const p = j.progress as { done: number; failed: number; total: number };
    if (p.done + p.failed !== last) job.onProgress?.(p.done, p.failed, p.total, id);
    last = p.done + p.failed;
    if (j.state === 'cancelled') throw new JobCancelled(id);
    if (j.state === 'done' || j.state === 'failed') break;
    await sleep(job.pollMs ?? 500);
  }
  if (job.isCancelled?.()) return cancel();
  const result = await read(t, `/v2/jobs/${id}/result`, job);
  const byIndex = new Map((result.rooms as JobRoom[]).map((r) => [r.index, r]));
  return job.rooms.map((_, i): AnswerResult => {
    const r = byIndex.get(i);
    if (r?.status === 'done' && r.answer) return resultFromResponse(r.answer);
    return {
      ok: false,
      error: { type: 'validation_error', message: r?.error || `room ${i}: ${r?.status ?? 'missing'}` },
    };
  });
}

/** The transport over `fetch` to a server at `url` (its origin, or a path under which /v2 lives). */
export function fetchTransport(url: string, token: string | null): JobTransport {
  const base = url.replace(/\/+$/, '');
  return {
    async send(method, path, body) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      const json = await res.json().catch(() => ({}));
      const after = Number(res.headers.get('retry-after') ?? NaN);
      return {
        status: res.status,
        body: (json ?? {}) as Record<string, unknown>,
        ...(res.status === 429 && Number.isFinite(after) ? { retryAfter: after } : {}),
      };
    },
  };
}
