import { hostname } from 'node:os';
import type PgBoss from 'pg-boss';
import type { Database } from '../hosted/database';
import { releaseHold, reserveWindows, sweepHolds, type Reservation } from '../hosted/quotaHolds';
import { measureRequest } from '../../core/hosted/measure';
import { standingOf, type TokenLimits } from '../hosted/tokens';
import type { UsageMeter } from '../hosted/usage';
import type { TaskResponse } from '../task';
import {
  cancelJob,
  retainedFrom,
  ROOM_DEAD_LETTER,
  roomLeaseS,
  ROOM_QUEUE,
  ROOM_RETRIES,
  sweepJobs,
  type JobKind,
  type RoomMessage,
} from './jobs';

/**
 * A replica's share of the jobs (issue 37): `concurrency` workers take rooms from the queue, run each as
 * its request would run (`run`: the executor, on this replica's threads), and write its answer once. A
 * room of a cancelled job is skipped; a room whose request is refused (a validation error) is a problem of
 * the job, not retried; anything else (a busy or stopping replica) throws, and the queue retries the room.
 */
export type RunRoom = (op: JobKind, body: ArrayBuffer, token: string) => Promise<TaskResponse>;

/** Which replica answered a room (for operators, and the tests that check rooms are shared). */
const REPLICA = `${hostname()}:${process.pid}`;

interface Claimed {
  status: string;
  request: Record<string, unknown>;
  attempts: number;
  kind: JobKind;
  /** The owner, and the token's name (usage). */
  token: string;
  token_name: string;
  state: string;
  has_mesh: boolean;
  has_weather: boolean;
}

/** Whether a token's rooms are counted against a quota (the meter's rows then written room by room). */
const quotaBound = (l: TokenLimits): boolean => l.windowsPerDay !== null || l.computeSPerMonth !== null;

/** Time to write a room's answer after its run ended. */
const ANSWER_MARGIN_MS = 2_000;

/**
 * How long a stopping replica waits for the rooms it holds: no room runs past the request timeout (its run
 * is aborted then, main.ts) and, past its lease, another replica takes it anyway; then a moment to write the
 * answer. A room still running after that is handed back to the queue, which retries it elsewhere.
 */
export function jobStopWaitMs(requestTimeoutMs: number, leaseS: number = roomLeaseS()): number {
  return Math.min(requestTimeoutMs, leaseS * 1_000) + ANSWER_MARGIN_MS;
}

export class JobRunner {
  /** The shared context of recent jobs, as the flat list of points a request's `mesh` is. */
  private readonly meshes = new Map<string, number[][]>();
  /** The weather of recent jobs (EPW text). */
  private readonly weathers = new Map<string, string>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly boss: PgBoss,
    private readonly run: RunRoom,
    private readonly meter: UsageMeter | null,
    /** How often jobs past their retention are deleted (LUX_JOB_RETAIN_HOURS). */
    private readonly sweepMs = 600_000,
    /** How long stop() waits for the rooms in progress (jobStopWaitMs). */
    private readonly stopWaitMs = jobStopWaitMs(60_000),
  ) {}

  async start(concurrency: number): Promise<void> {
    // Jobs past their retention (and their rooms, meshes and answers) leave the database; so do lapsed holds.
    const sweep = () =>
      void Promise.all([sweepJobs(this.db), sweepHolds(this.db)]).catch((e: Error) =>
        console.error('lux jobs: old jobs not swept:', e.message),
      );
    sweep();
    this.sweeper = setInterval(sweep, this.sweepMs);
    this.sweeper.unref();
    for (let i = 0; i < concurrency; i++)
      await this.boss.work<RoomMessage>(
        ROOM_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 0.5 },
        async ([job]) => this.room(job!.data),
      );
    await this.boss.work<RoomMessage>(
      ROOM_DEAD_LETTER,
      { batchSize: 1, pollingIntervalSeconds: 2 },
      async ([job]) => this.gaveUp(job!.data),
    );
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    // Rooms in progress finish (their answers are written); none is taken after this.
    await this.boss.stop({ graceful: true, wait: true, timeout: this.stopWaitMs });
  }

  /** The room as it stands, with its job's state and token. */
  private async claimed(m: RoomMessage): Promise<Claimed | undefined> {
    const [row] = await this.db.query<Claimed>(
      `SELECT r.status, r.request, r.attempts, j.kind, j.token, j.token_name, j.state, j.mesh IS NOT NULL AS has_mesh,
              j.weather IS NOT NULL AS has_weather
       FROM lux_job_rooms r JOIN lux_jobs j ON j.id = r.job_id WHERE r.job_id = $1 AND r.idx = $2`,
      [m.job, m.index],
    );
    return row;
  }

  private async room(m: RoomMessage): Promise<void> {
    const row = await this.claimed(m);
    if (!row || row.status !== 'pending') return;
    // A cancelled job's room that a replica took and never answered (it died): cancelled too.
    if (row.state === 'cancelled') return this.cancelRoom(m);
    // The token that made the job, as it is now: revoked, its job stops; a quota used up refuses the room.
    const standing = await standingOf(this.db, row.token);
    if (standing?.revoked) {
      await cancelJob(
        this.db,
        this.boss,
        m.job,
        `The token '${row.token_name}' that made this job was revoked`,
      );
      return this.cancelRoom(m);
    }
    // Taken only while still pending: a room cancelled meanwhile is not run (cancelJob spares taken rooms).
    if (!(await this.take(m))) return;
    const at = new Date();
    // Its windows held against the token's day before it runs (quotaHolds.ts): rooms running at once on
    // every lane of every replica cannot pass the day together. Refused, it fails with the quota's message.
    const reserved: Reservation = standing
      ? await reserveWindows(
          this.db,
          { owner: row.token, name: standing.name },
          standing.limits,
          at,
          measureRequest(row.request).windows,
          roomLeaseS(),
        )
      : { hold: null };
    if ('refusal' in reserved) {
      const refused = { type: 'rate_limited' as const, message: reserved.refusal.message };
      await this.answer(m, row, { ok: false, error: refused }, 0, at);
      return;
    }
    const hold = reserved.hold;
    // Whether the meter took the hold, to settle it with the room's usage row; otherwise it is given back.
    let settling = false;
    try {
      await this.db.query(`UPDATE lux_jobs SET state = 'running' WHERE id = $1 AND state = 'queued'`, [
        m.job,
      ]);
      // A room may keep out of the shared context (`job_context: false`: a room seen through its angles).
      const { job_context: shared = true, ...request } = row.request;
      const body: Record<string, unknown> =
        row.has_mesh && shared ? { ...request, mesh: await this.meshOf(m.job) } : { ...request };
      // The job's year of weather, for a room that gives none of its own.
      if (row.has_weather && body.weather === undefined) body.weather = await this.weatherOf(m.job);
      const bytes = new TextEncoder().encode(JSON.stringify(body));
      // Measured before the run: the body's buffer moves to the compute thread (its length then reads 0).
      const bytesIn = bytes.byteLength;
      const res = await this.run(row.kind, bytes.buffer as ArrayBuffer, row.token);
      // A busy or stopping replica: the queue retries the room, up to its limit; the last try's failure is
      // the room's answer (so that no job waits forever on a room that always times out).
      if (
        !res.ok &&
        (res.error.type === 'service_unavailable' || res.error.type === 'timeout') &&
        row.attempts < ROOM_RETRIES
      )
        throw new Error(`room ${m.index} of job ${m.job}: ${res.error.message}`);
      settling = (await this.answer(m, row, res, bytesIn, at, hold)) && this.meter !== null;
    } finally {
      if (hold && !settling)
        await releaseHold(this.db, hold).catch((e: Error) =>
          console.error('lux jobs: a quota hold not given back (it lapses with the lease):', e.message),
        );
    }
    // A room counts against its token's windows a day and compute seconds a month as the call it stands for.
    // Written now, not with the meter's next batch: its hold is settled with it, and the month's compute
    // seconds, known only once spent, are read by the check before the next room.
    if (standing && quotaBound(standing.limits)) await this.meter?.flush();
  }

  /**
   * Writes a room's answer once and meters it, with the quota hold its usage row settles: whether it was
   * written (not when another replica answered the room first).
   */
  private async answer(
    m: RoomMessage,
    row: Claimed,
    res: TaskResponse,
    bytesIn: number,
    at = new Date(),
    hold: string | null = null,
  ): Promise<boolean> {
    const answer = res.ok ? (typeof res.body === 'string' ? res.body : null) : null;
    // Written once: a room another replica already answered (after this one's lease ran out) stays as it was.
    const written = await this.db.query(
      `UPDATE lux_job_rooms SET status = $3, answer = $4::jsonb, error = $5, replica = $6
       WHERE job_id = $1 AND idx = $2 AND status = 'pending' RETURNING 1`,
      [m.job, m.index, res.ok ? 'done' : 'failed', answer, res.ok ? null : res.error.message, REPLICA],
    );
    if (!written.length) return false;
    await this.db.query(
      `UPDATE lux_jobs SET done = done + $2, failed = failed + $3,
         state = CASE WHEN state = 'cancelled' THEN state
                      WHEN done + failed + 1 < total THEN 'running'
                      WHEN done + $2 = 0 THEN 'failed' ELSE 'done' END,
         finished_at = CASE WHEN done + failed + 1 >= total THEN now() ELSE finished_at END,
         expires_at = CASE WHEN done + failed + 1 >= total THEN $4 ELSE expires_at END
       WHERE id = $1`,
      [m.job, res.ok ? 1 : 0, res.ok ? 0 : 1, retainedFrom()],
    );
    this.meter?.record({
      owner: row.token,
      token: row.token_name,
      at,
      route: `/jobs ${row.kind}`,
      modelType: res.usage?.modelType ?? null,
      status: res.ok ? 200 : res.error.type === 'rate_limited' ? 429 : 400,
      windows: res.usage?.windows ?? 0,
      triangles: res.usage?.triangles ?? 0,
      computeMs: res.usage?.computeMs ?? 0,
      bytesIn,
      bytesOut: answer?.length ?? 0,
      hold,
    });
    return true;
  }

  /**
   * A room the queue gave up on after its tries (ROOM_DEAD_LETTER): failed with the reason, so that its job
   * ends and is swept in time (a job left running with a room pending would be kept for ever).
   */
  private async gaveUp(m: RoomMessage): Promise<void> {
    const row = await this.claimed(m);
    if (!row || row.status !== 'pending') return;
    if (row.state === 'cancelled') return this.cancelRoom(m);
    const message = `No replica could answer this room in ${ROOM_RETRIES + 1} tries (each ended without an answer: a replica stopped or failed while running it)`;
    await this.answer(m, row, { ok: false, error: { type: 'internal_error', message } }, 0);
  }

  /** Takes the room for a try, only while it is still pending (a cancel meanwhile leaves it): whether taken. */
  private async take(m: RoomMessage): Promise<boolean> {
    const taken = await this.db.query(
      `UPDATE lux_job_rooms SET attempts = attempts + 1 WHERE job_id = $1 AND idx = $2 AND status = 'pending'
       RETURNING 1`,
      [m.job, m.index],
    );
    return taken.length > 0;
  }

  private async cancelRoom(m: RoomMessage): Promise<void> {
    await this.db.query(
      `UPDATE lux_job_rooms SET status = 'cancelled' WHERE job_id = $1 AND idx = $2 AND status = 'pending'`,
      [m.job, m.index],
    );
  }

  private async weatherOf(job: string): Promise<string> {
    const known = this.weathers.get(job);
    if (known !== undefined) return known;
    const [row] = await this.db.query<{ weather: string }>('SELECT weather FROM lux_jobs WHERE id = $1', [
      job,
    ]);
    if (this.weathers.size >= 4) this.weathers.delete(this.weathers.keys().next().value!);
    this.weathers.set(job, row!.weather);
    return row!.weather;
  }

  private async meshOf(job: string): Promise<number[][]> {
    const known = this.meshes.get(job);
    if (known) return known;
    const [row] = await this.db.query<{ mesh: Uint8Array }>('SELECT mesh FROM lux_jobs WHERE id = $1', [job]);
    const b = row!.mesh;
    const f = new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
    const points: number[][] = [];
    for (let i = 0; i < f.length; i += 3) points.push([f[i]!, f[i + 1]!, f[i + 2]!]);
    if (this.meshes.size >= 4) this.meshes.delete(this.meshes.keys().next().value!);
    this.meshes.set(job, points);
    return points;
  }
}
