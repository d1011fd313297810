import type { Context, Hono } from 'hono';
import { LuxError } from '../core/errors';
import { ownerOf, type Principal } from '../service/tokenStore';
import type { Hosted } from '../service/hosted/hosted';
import type { HostedPrincipal } from '../service/hosted/tokens';
import {
  cancelJob,
  createJob,
  failedJob,
  jobOf,
  jobOfKey,
  jobRooms,
  type IdempotencyKey,
  type JobKind,
  type JobRow,
} from '../service/jobs/jobs';
import { idempotencyKey, requestDigest } from './idempotency';
import { jobListAnswer } from './jobListRoute';
import { ifcJobFiles, type IfcJobSource } from '../service/jobs/ifcJob';
import { readIfcJob, type IfcJobRooms } from '../service/jobs/ifcThread';
import { firstOfEach, isMultipart, readFormParts, type FormPart } from '../service/requestBody';
import type { ProjectInfo } from '../core/report/project';
import { modelForbidden, scopesAllowModel } from '../service/scopes';
import { roomSummary } from '../core/hosted/roomSummary';
import type { Executor } from './executor/executor';
import { readBody } from './readBody';
import { epwLocation, readEpw } from '../core/climate/epw';
import { weatherOfFile } from '../core/climate/weatherZip';
import { weatherFileOf, type WeatherFile } from '../core/report/weatherFile';
import { siteThresholds, type Thresholds } from '../core/stats/verdicts';
import {
  crownTransmittance,
  DEFAULT_VEGETATION,
  vegetationChoices,
  vegetationMode,
} from '../core/ifc/vegetation';

/**
 * The jobs API (issue 37): `POST /v2/jobs` with a list of rooms (the `/run` or `/simulate` bodies) and one
 * context they share → 202 and the job's id; `GET /v2/jobs/{id}` its state and progress; `GET
 * /v2/jobs/{id}/result` (JSON) and `/result.csv` its rooms' answers (a building's: `/report.html` too);
 * `DELETE /v2/jobs/{id}` cancels it; `GET /v2/jobs` lists the token's own (jobListRoute.ts). A job is its
 * token's: another token gets 404. Jobs live in hosted mode's database. Every route but POST draws on the
 * token's job reads a minute (jobReadLimit.ts). The OpenAPI document has every route here (openapiJobs.ts;
 * openapiContract.test.ts checks).
 */
export const MAX_JOB_ROOMS = 2_000;

interface Deps {
  hosted: Pick<Hosted, 'db' | 'limiter' | 'jobs'> | undefined;
  executor: Executor;
  maxMeshPoints: number;
  /** Authenticates a request for a scope, or (null) any valid token; null: a server without tokens. */
  authorize(c: Context, scope: string | null): Promise<Principal | null>;
  /**
   * A call of the job routes but POST by this caller (jobReadLimit.ts): refused (429) past the token's
   * reads a minute. Absent, or no token: not limited.
   */
  read?(p: Principal | null): void;
}

const invalid = (m: string) => new LuxError('validation_error', m);
/** How long reading a building's IFC file may take. */
const READ_IFC_MS = 600_000;
/** A job's owner (tenancy) and its token's name (usage); '' on a server without tokens. */
const whoOf = (p: Principal | null) => ({ owner: ownerOf(p) ?? '', name: p?.name ?? '' });

function jobsOf(d: Deps) {
  const h = d.hosted;
  if (!h?.jobs)
    throw new LuxError(
      'not_found',
      'Jobs need hosted mode’s database: start the server with LUX_DATABASE_URL (docs/deployment.md)',
    );
  return { ...h, boss: h.jobs };
}

function meshFrom(raw: unknown, maxPoints: number): Float32Array {
  if (!Array.isArray(raw) || raw.length < 3 || raw.length % 3)
    throw invalid("Parameter 'mesh' must be an array of [x, y, z] points, a multiple of 3");
  if (raw.length > maxPoints)
    throw new LuxError(
      'payload_too_large',
      `Mesh of ${raw.length} points is above ${maxPoints} (LUX_MAX_MESH_POINTS)`,
    );
  const f = new Float32Array(raw.length * 3);
  raw.forEach((p: unknown, i) => {
    if (!Array.isArray(p) || p.length !== 3 || !p.every((v) => typeof v === 'number' && Number.isFinite(v)))
      throw invalid(`Parameter 'mesh' point ${i} must be [x, y, z] finite numbers`);
    f.set(p as number[], i * 3);
  });
  return f;
}

/** What a job's files depend on: its state and how many rooms are answered. */
const versionOf = (j: JobRow): string => `${j.state}:${j.done}:${j.failed}`;

const view = (j: JobRow, problems: { index: number; error?: string }[]) => ({
  status: 'success',
  job_id: j.id,
  kind: j.kind,
  state: j.state,
  progress: { total: j.total, done: j.done, failed: j.failed },
  problems: problems.map((p) => ({ index: p.index, error: p.error ?? '' })),
  ...(j.error ? { error: j.error } : {}),
  created_at: new Date(j.created_at).toISOString(),
  finished_at: j.finished_at ? new Date(j.finished_at).toISOString() : null,
  expires_at: new Date(j.expires_at).toISOString(),
});

/** A job's year of weather, read once when the job is made: a file that is not one refuses the job. */
function checkWeather(text: string): void {
  if (!text.trim()) throw invalid("Parameter 'weather' must be an EnergyPlus weather file's (EPW) text");
  try {
    readEpw(text);
  } catch (e) {
    throw invalid(`Parameter 'weather': ${(e as Error).message.slice(0, 300)}`);
  }
}

/**
 * A building job's `weather` part: an .epw (a file, or its text) or a station's ZIP holding one, as the app
 * and `npm run ifc --weather` take it (weatherZip.ts; an archive without exactly one .epw is refused with
 * their sentence). Its text, and the file the job's rooms.json and report name: the part's file name (the
 * .epw's inside a ZIP); a text part has none, so the station its LOCATION line names.
 */
function weatherPartOf(part: FormPart | undefined): { text: string; file: WeatherFile } | null {
  if (!part) return null;
  let got: { name: string; text: string };
  if (typeof part.value === 'string') got = { name: '', text: part.value };
  else
    try {
      got = weatherOfFile((part.filename ?? 'weather').slice(0, 200), part.value);
    } catch (e) {
      throw invalid(`Parameter 'weather': ${(e as Error).message.slice(0, 300)}`);
    }
  checkWeather(got.text);
  const loc = epwLocation(got.text);
  return { text: got.text, file: weatherFileOf(got.name || loc.city || 'weather', loc) };
}

/**
 * A building as a job: the multipart form's `ifc` file and its `params` field (`method` engine|model,
 * `quality`, `frame_ratio`, `vegetation`, `crown_transmittance`, `file_name`, `project`), made into rooms on a compute thread. A file that is not
 * IFC makes a failed job with the reason.
 */
async function formOf(raw: ArrayBuffer, type: string): Promise<FormPart[]> {
  try {
    return await readFormParts(raw, type, raw.byteLength + 1);
  } catch (e) {
    throw invalid(`The multipart body cannot be read: ${(e as Error).message.slice(0, 200)}`);
  }
}

async function ifcJob(
  d: Deps,
  h: ReturnType<typeof jobsOf>,
  c: Context,
  all: FormPart[],
  key: IdempotencyKey | null,
) {
  const parts = firstOfEach(all);
  // Context files around the building (any number, each named by its file name's extension) and a year of
  // weather, as `npm run ifc --context … --weather …` takes them.
  const contexts = all.flatMap((p) => {
    if (p.name !== 'context') return [];
    if (!(p.value instanceof Uint8Array) || !p.filename)
      throw invalid("A 'context' part must be a file with its name (.ifc, .obj, .stl, .gltf or .glb)");
    return [{ name: p.filename.slice(0, 200), bytes: p.value }];
  });
  const weather = weatherPartOf(all.find((p) => p.name === 'weather'));
  const ifc = parts.get('ifc');
  if (!(ifc instanceof Uint8Array))
    throw invalid("A building's job needs the IFC file as the form's 'ifc' part");
  const text = parts.get('params');
  let params: Record<string, unknown>;
  try {
    params = typeof text === 'string' && text.trim() ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    throw new LuxError('invalid_json', "The multipart field 'params' must hold a JSON object");
  }
  const method = params.method ?? 'engine';
  if (method !== 'engine' && method !== 'model')
    throw invalid("Parameter 'method' must be 'engine' or 'model'");
  const quality = params.quality ?? 'standard';
  if (quality !== 'draft' && quality !== 'standard' && quality !== 'high')
    throw invalid("Parameter 'quality' must be 'draft', 'standard' or 'high'");
  const frameRatio = params.frame_ratio ?? 0.2;
  if (typeof frameRatio !== 'number' || !(frameRatio >= 0 && frameRatio < 1))
    throw invalid("Parameter 'frame_ratio' must be a number from 0 to below 1");
  const vegetation = vegetationMode(params.vegetation ?? DEFAULT_VEGETATION);
  if (!vegetation) throw invalid(`Parameter 'vegetation' must be ${vegetationChoices((m) => `'${m}'`)}`);
  // Given as a number only (a form's JSON): crownTransmittance() would also read "0.2".
  const crowns = params.crown_transmittance;
  if (crowns !== undefined && (typeof crowns !== 'number' || crownTransmittance(crowns) === null))
    throw invalid("Parameter 'crown_transmittance' must be a number from 0 to 1");
  if (crowns !== undefined && vegetation !== 'translucent')
    throw invalid("Parameter 'crown_transmittance' goes with 'vegetation': 'translucent'");
  if (vegetation === 'translucent' && method === 'model')
    throw invalid(
      "Parameter 'vegetation': 'translucent' needs 'method': 'engine' (the model cannot see through crowns)",
    );
  let thresholds: Thresholds;
  try {
    thresholds = siteThresholds({ target: params.en_target, minimum: params.en_minimum }, [
      "'en_target'",
      "'en_minimum'",
    ]);
  } catch (e) {
    throw invalid((e as Error).message);
  }
  const kind: JobKind = method === 'engine' ? 'simulate' : 'run';
  const p = await d.authorize(c, kind);
  const token = whoOf(p);
  // Reading the file holds a thread: it counts as one of the token's requests at once, and a client that
  // hangs up takes it with it.
  const admission = p ? await h.limiter.admit(p as HostedPrincipal) : null;
  let made: IfcJobRooms;
  try {
    made = await readIfcJob(
      ifc,
      {
        method,
        quality,
        frameRatio,
        vegetation,
        ...(crowns !== undefined ? { crownTransmittance: crowns as number } : {}),
        contexts,
        climate: weather !== null,
      },
      AbortSignal.any([AbortSignal.timeout(READ_IFC_MS), c.req.raw.signal]),
    );
  } catch (e) {
    if (e instanceof LuxError) {
      // A file that cannot be read makes a failed job, with the reason.
      const id = await failedJob(h.db, token, kind, e.message, key);
      return (await jobOf(h.db, id, token.owner))!;
    }
    if (c.req.raw.signal.aborted)
      throw new LuxError('service_unavailable', 'The client closed the connection');
    throw new LuxError('timeout', `Reading the IFC file took longer than ${READ_IFC_MS / 1000} s`);
  } finally {
    await admission?.release();
  }
  const context = made.context;
  const source: IfcJobSource = {
    file: typeof params.file_name === 'string' ? params.file_name.slice(0, 200) : 'building.ifc',
    building: made.building,
    requests: made.requests,
    roomIndex: made.roomIndex,
    pass: made.pass,
    ...(made.climate ? { climate: made.climate } : {}),
    ...(weather ? { weather: weather.file } : {}),
    contexts: made.contexts,
    thresholds,
    triangles: context.length / 9,
    ...(typeof params.project === 'object' && params.project
      ? { project: params.project as ProjectInfo }
      : {}),
  };
  if (!made.rooms.length) {
    const id = await failedJob(
      h.db,
      token,
      kind,
      'The file has no room that can be analysed (no IfcSpace with a window)',
      key,
    );
    return (await jobOf(h.db, id, token.owner))!;
  }
  const id = await createJob(
    h.db,
    h.boss,
    token,
    kind,
    made.rooms,
    { mesh: context.length ? context : null, weather: weather?.text ?? null },
    source,
    key,
  );
  return (await jobOf(h.db, id, token.owner))!;
}

export function jobRoutes(app: Hono, bases: readonly string[], d: Deps): void {
  /** The caller of a read, counted before the database is asked anything more. */
  const reader = async (c: Context) => {
    const p = await d.authorize(c, null);
    d.read?.(p);
    return p;
  };
  const owned = async (c: Context) => {
    const h = jobsOf(d);
    const p = await reader(c);
    const job = await jobOf(h.db, c.req.param('id') ?? '', whoOf(p).owner);
    if (!job) throw new LuxError('not_found', `Unknown job '${(c.req.param('id') ?? '').slice(0, 80)}'`);
    return { h, job };
  };
  for (const base of bases) {
    app.get(`${base}/jobs`, async (c) => {
      const h = jobsOf(d);
      const owner = whoOf(await reader(c)).owner;
      return c.json(await jobListAnswer(h.db, owner, base, (k) => c.req.query(k)));
    });
    app.post(`${base}/jobs`, async (c) => {
      const h = jobsOf(d);
      // A caller is known before its body is read (the route's scope, which the body names, is checked after).
      const caller = await d.authorize(c, null);
      const header = idempotencyKey(c.req.header('idempotency-key'));
      const raw = await readBody(c);
      const type = c.req.header('content-type');
      const accepted = (job: JobRow) => {
        c.header('location', `${base}/jobs/${job.id}`);
        return c.json(view(job, []), 202);
      };
      const form = isMultipart(type) ? await formOf(raw, type!) : null;
      // A try again of a request that made a job (its answer lost): that job, as it stands now.
      const key = header === undefined ? null : { key: header, digest: requestDigest(form ?? raw) };
      const owner = whoOf(caller).owner;
      const made = key && (await jobOfKey(h.db, owner, key));
      if (made) return accepted((await jobOf(h.db, made, owner))!);
      if (form) return accepted(await ifcJob(d, h, c, form, key));
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(new TextDecoder().decode(raw)) as Record<string, unknown>;
      } catch {
        throw new LuxError('invalid_json', 'The body is not JSON');
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body))
        throw new LuxError('invalid_json', 'The body must be a JSON object');
      const kind = (body.kind ?? 'run') as JobKind;
      if (kind !== 'run' && kind !== 'simulate')
        throw invalid("Parameter 'kind' must be 'run' or 'simulate'");
      const p = await d.authorize(c, kind);
      const rooms = body.rooms;
      if (!Array.isArray(rooms) || rooms.length === 0)
        throw invalid("Parameter 'rooms' must be a non-empty list");
      if (rooms.length > MAX_JOB_ROOMS)
        throw invalid(`At most ${MAX_JOB_ROOMS} rooms a job, got ${rooms.length}`);
      rooms.forEach((r: unknown, i) => {
        if (typeof r !== 'object' || r === null || Array.isArray(r))
          throw invalid(`rooms[${i}] must be an object`);
        const room = r as Record<string, unknown>;
        if ('mesh' in room || 'mesh_id' in room)
          throw invalid(`rooms[${i}]: give the context once, as the job's 'mesh' or 'mesh_id'`);
        if ('job_context' in room && typeof room.job_context !== 'boolean')
          throw invalid(`rooms[${i}].job_context must be true or false`);
        const mt = room.model_type;
        if (typeof mt === 'string' && p && !scopesAllowModel(p.scopes, mt)) throw modelForbidden(p.name, mt);
      });
      if (body.mesh !== undefined && body.mesh_id !== undefined)
        throw invalid("Give either 'mesh' or 'mesh_id', not both");
      let mesh: Float32Array | null = null;
      if (body.mesh !== undefined) mesh = meshFrom(body.mesh, d.maxMeshPoints);
      else if (typeof body.mesh_id === 'string') {
        mesh = (await d.executor.meshPositions?.(body.mesh_id, ownerOf(p))) ?? null;
        if (!mesh)
          throw new LuxError(
            'not_found',
            `Unknown mesh_id '${body.mesh_id.slice(0, 80)}': upload it again with POST /v2/meshes`,
          );
      }
      const weather = body.weather;
      if (weather !== undefined) {
        if (typeof weather !== 'string')
          throw invalid("Parameter 'weather' must be an EnergyPlus weather file's (EPW) text");
        checkWeather(weather);
      }
      if (p) await (await h.limiter.admit(p as HostedPrincipal)).release();
      const id = await createJob(
        h.db,
        h.boss,
        whoOf(p),
        kind,
        rooms,
        { mesh, weather: weather ?? null },
        null,
        key,
      );
      return accepted((await jobOf(h.db, id, whoOf(p).owner))!);
    });
    app.get(`${base}/jobs/:id`, async (c) => {
      const { h, job } = await owned(c);
      const rooms = await jobRooms(h.db, job.id, false);
      return c.json(
        view(
          job,
          rooms.filter((r) => r.status === 'failed'),
        ),
      );
    });
    app.get(`${base}/jobs/:id/result`, async (c) => {
      const { h, job } = await owned(c);
      // A building's job: its rooms.json, as `npm run ifc` writes it.
      if (job.from_building)
        return c.body((await ifcJobFiles(h.db, job.id, versionOf(job)))['rooms.json'], 200, {
          'content-type': 'application/json',
        });
      return c.json({ ...view(job, []), problems: undefined, rooms: await jobRooms(h.db, job.id, true) });
    });
    app.get(`${base}/jobs/:id/report.html`, async (c) => {
      const { h, job } = await owned(c);
      if (!job.from_building)
        throw new LuxError('not_found', 'A report is made for a building’s job (an IFC file)');
      return c.html((await ifcJobFiles(h.db, job.id, versionOf(job)))['report.html']);
    });
    app.get(`${base}/jobs/:id/result.csv`, async (c) => {
      const { h, job } = await owned(c);
      if (job.from_building) {
        c.header('content-disposition', `attachment; filename="rooms-${job.id}.csv"`);
        return c.body((await ifcJobFiles(h.db, job.id, versionOf(job)))['rooms.csv'], 200, {
          'content-type': 'text/csv; charset=utf-8',
        });
      }
      const lines = ['index,status,mean_df,median_df,min_df,max_df,area_m2,error'];
      for (const r of await jobRooms(h.db, job.id, true)) {
        const s = r.answer ? roomSummary(r.answer) : null;
        const num = (v: number | undefined) => (v === undefined ? '' : v.toFixed(3));
        const err = r.error ? `"${r.error.replace(/"/g, '""')}"` : '';
        lines.push(
          [r.index, r.status, num(s?.mean), num(s?.median), num(s?.min), num(s?.max), num(s?.area), err].join(
            ',',
          ),
        );
      }
      c.header('content-disposition', `attachment; filename="job-${job.id}.csv"`);
      return c.body(lines.join('\n') + '\n', 200, { 'content-type': 'text/csv; charset=utf-8' });
    });
    app.delete(`${base}/jobs/:id`, async (c) => {
      const { h, job } = await owned(c);
      await cancelJob(h.db, h.boss, job.id);
      // The job as GET answers it: its refused rooms too.
      const failed = (await jobRooms(h.db, job.id, false)).filter((r) => r.status === 'failed');
      return c.json(view((await jobOf(h.db, job.id, job.token))!, failed));
    });
  }
}
