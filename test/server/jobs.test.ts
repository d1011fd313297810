import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { fetchTransport, JobRefusal, runOnServer } from '../../src/core/jobs/jobClient';
import { startServer, type RunningServer } from '../helpers/server';
import { waitFor } from '../helpers/processes';
import { builtCli } from '../helpers/build';
import { luxCli, newToken, newTokenAsync } from '../helpers/hosted';
import { boxStl } from '../helpers/boxMesh';
import {
  mesh,
  runBody,
  rooms,
  api,
  finished,
  officeBuilding,
  buildingForm,
  duplexOnCliStarted,
} from '../helpers/jobs';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';

/**
 * Long work as jobs (issue 37), on a real server process and its embedded database: a list of rooms handed
 * over and collected, buildings from IFC files and the command line as a job client (jobsPostgres.test.ts:
 * PostgreSQL shared by two replicas).
 */
const token = newToken;

describe('jobs on the embedded database', () => {
  const db = newEmbeddedDatabase('lux-jobs-');
  let server: RunningServer;
  let a: ReturnType<typeof api>, b: ReturnType<typeof api>;

  beforeAll(async () => {
    // Idle sockets kept for the whole file: the commands run here block this process's event loop for
    // seconds, and a socket the server closed meanwhile would be reused unseen ("other side closed").
    server = await startServer({ LUX_DATABASE_URL: db, LUX_WORKERS: '2', LUX_KEEP_ALIVE_MS: '300000' });
    // No request has asked the server whether it needs a token yet (health does not): it reads the tokens
    // at the first request, so nothing waits for its 2 s token cache. Both made at once, over its socket.
    const [office, other] = await Promise.all([newTokenAsync(db, 'office'), newTokenAsync(db, 'other')]);
    a = api(server.url, office);
    b = api(server.url, other);
    // The duplex's files as the command line writes them here, for the IFC tests far below: ~9 s of the two
    // cores, taken while the first tests leave them idle.
    void duplexOnCliStarted();
  }, 120_000);
  afterAll(() => server?.stop());
  /** A building's job as a multipart form, by the first token. */
  const postForm = (body: FormData) =>
    fetch(`${server.url}/v2/jobs`, { method: 'POST', body, headers: { authorization: `Bearer ${a.token}` } });

  it('runs a job through its life: 202, progress, every room’s answer as /run gives it, a CSV', async () => {
    const list = rooms(4);
    const made = await a.post('/v2/jobs', { rooms: list, mesh });
    expect(made.status).toBe(202);
    const job = await made.json();
    expect(job).toMatchObject({ status: 'success', kind: 'run', progress: { total: 4 } });
    expect(['queued', 'running']).toContain(job.state);
    expect(made.headers.get('location')).toBe(`/v2/jobs/${job.job_id}`);
    const end = await finished(a.get, job.job_id);
    expect(end).toMatchObject({ state: 'done', progress: { total: 4, done: 4, failed: 0 }, problems: [] });
    const result = await (await a.get(`/v2/jobs/${job.job_id}/result`)).json();
    expect(result.rooms.map((r: { index: number; status: string }) => [r.index, r.status])).toEqual([
      [0, 'done'],
      [1, 'done'],
      [2, 'done'],
      [3, 'done'],
    ]);
    // The same answer as the room sent to /run itself.
    const direct = await (await a.post('/v2/run', { ...list[2], mesh })).json();
    expect(result.rooms[2].answer).toEqual(direct);
    const csv = (await (await a.get(`/v2/jobs/${job.job_id}/result.csv`)).text()).trim().split('\n');
    expect(csv[0]).toBe('index,status,mean_df,median_df,min_df,max_df,area_m2,error');
    expect(csv).toHaveLength(5);
    expect(Number(csv[3]!.split(',')[2])).toBeGreaterThan(0);
  }, 120_000);

  it('is its token’s: another gets 404 for it', async () => {
    const job = await (await a.post('/v2/jobs', { rooms: rooms(1), mesh })).json();
    for (const path of ['', '/result', '/result.csv'])
      expect((await b.get(`/v2/jobs/${job.job_id}${path}`)).status).toBe(404);
    expect((await b.del(`/v2/jobs/${job.job_id}`)).status).toBe(404);
    await finished(a.get, job.job_id);
    // A name issued again after a revocation is another token: it does not inherit the old one's jobs.
    const first = api(server.url, token(db, 'reissued'));
    const old = await (await first.post('/v2/jobs', { rooms: rooms(1), mesh })).json();
    luxCli(db, 'tokens', 'revoke', '--name', 'reissued');
    // Never looked up before, the new token is read from the database, not the server's token cache.
    const again = api(server.url, token(db, 'reissued'));
    expect((await again.get(`/v2/jobs/${old.job_id}`)).status).toBe(404);
  }, 60_000);

  it('names a room its request refuses as a problem of the job, and answers the others', async () => {
    const list: unknown[] = rooms(2);
    list.splice(1, 0, {
      ...runBody,
      parameters: { ...(runBody.parameters as object), height_roof_over_floor: -1 },
    });
    const job = await (await a.post('/v2/jobs', { rooms: list, mesh })).json();
    const end = await finished(a.get, job.job_id);
    expect(end).toMatchObject({ state: 'done', progress: { total: 3, done: 2, failed: 1 } });
    expect(end.problems).toEqual([{ index: 1, error: expect.stringMatching(/height_roof_over_floor/) }]);
  }, 60_000);

  it('is run by the core’s job client as the app and the command line run it: answers in order, a refused room’s reason, a cancel that reaches the server', async () => {
    const context = new Float32Array((mesh as number[][]).flat());
    const list: object[] = rooms(3);
    list.splice(1, 0, {
      ...runBody,
      parameters: { ...(runBody.parameters as object), height_roof_over_floor: -1 },
    });
    // A server without hosted mode's database, for the last check: its start overlaps the jobs below.
    const noDatabase = startServer();
    onTestFinished(() =>
      noDatabase.then(
        (s) => s.stop(),
        () => undefined,
      ),
    );
    const seen: number[] = [];
    let id = '';
    const t = fetchTransport(server.url, a.token);
    const [plain, compact] = await Promise.all(
      [false, true].map((c) =>
        runOnServer(t, {
          kind: 'run',
          rooms: list,
          context,
          compact: c,
          pollMs: 100,
          onProgress: (done, failed, _total, jobId) => {
            if (!c) seen.push(done + failed);
            id = jobId;
          },
        }),
      ),
    );
    expect(id).toMatch(/./);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(4);
    expect(plain!.map((r) => r.ok)).toEqual([true, false, true, true]);
    expect(plain![1]).toMatchObject({ ok: false, error: { message: expect.stringMatching(/height_roof/) } });
    // Each room's own answer: the rooms differ in height, so their means do too, in the order sent.
    const means = plain!.flatMap((r) => (r.ok ? [r.answer.df.reduce((x, y) => x + y, 0)] : []));
    expect(new Set(means).size).toBe(3);
    // The page's compact maps (base64 float32, exact) are the JSON ones' numbers, which print 4 decimals.
    compact!.forEach((r, i) => {
      const p = plain![i]!;
      expect(r.ok).toBe(p.ok);
      if (!r.ok || !p.ok) return;
      expect(r.answer.df.length).toBe(p.answer.df.length);
      expect(Math.max(...r.answer.df.map((v, k) => Math.abs(v - p.answer.df[k]!)))).toBeLessThanOrEqual(
        5.1e-5,
      );
    });

    // Cancelled here: the job is deleted on the server, so its rooms stop being taken. Cancelled as soon
    // as it is made, long before its eight rooms could be answered (fewer for the queue to skip after it).
    let made = '';
    const cancelled = runOnServer(t, {
      kind: 'simulate',
      rooms: rooms(8),
      context,
      pollMs: 100,
      onProgress: (_d, _f, _t, jobId) => (made = jobId),
      isCancelled: () => made !== '',
    });
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect((await (await a.get(`/v2/jobs/${made}`)).json()).state).toBe('cancelled');

    // Another token's job is not there; a server without hosted mode's database has no jobs at all.
    await expect(fetchTransport(server.url, b.token).send('GET', `/v2/jobs/${made}`)).resolves.toMatchObject({
      status: 404,
    });
    const refused = await runOnServer(fetchTransport((await noDatabase).url, null), {
      kind: 'run',
      rooms: rooms(1),
      context,
    }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(JobRefusal);
    expect((refused as JobRefusal).noJobs).toBe(true);
    expect((refused as JobRefusal).serverMessage).toMatch(/hosted mode/);
  }, 90_000);

  it('refuses what a job cannot be: no rooms, a room with its own mesh, an unknown kind, a weather file that is not one', async () => {
    expect((await a.post('/v2/jobs', { rooms: [] })).status).toBe(400);
    expect((await a.post('/v2/jobs', { rooms: [{ ...runBody, mesh: [[0, 0, 0]] }] })).status).toBe(400);
    expect((await a.post('/v2/jobs', { rooms: rooms(1), kind: 'paint' })).status).toBe(400);
    // A job's shared year of weather is read once, when the job is made: not a weather file, no job.
    const noYear = await a.post('/v2/jobs', {
      rooms: rooms(1),
      kind: 'simulate',
      weather: 'LOCATION,nowhere',
    });
    expect(noYear.status).toBe(400);
    expect((await noYear.json()).error).toMatch(/weather/);
  });

  it('takes a real IFC export as a job and writes the command line’s files; a file that is not IFC fails with the reason', async () => {
    const form = (file: Uint8Array, params: object) => postForm(buildingForm(file, params));
    const made = await form(readFileSync('test/fixtures/ifc/duplex.ifc'), {
      method: 'engine',
      quality: 'draft',
      file_name: 'duplex.ifc',
    });
    expect(made.status).toBe(202);
    const job = await made.json();
    expect(job).toMatchObject({ kind: 'simulate', progress: { total: 10 } });
    expect(await finished(a.get, job.job_id)).toMatchObject({ state: 'done', progress: { done: 10 } });
    const here = await duplexOnCliStarted();
    const csv = await (await a.get(`/v2/jobs/${job.job_id}/result.csv`)).text();
    expect(csv).toBe(here.csv);
    const rooms = await (await a.get(`/v2/jobs/${job.job_id}/result`)).json();
    expect(rooms).toEqual(here.json);
    const report = await a.get(`/v2/jobs/${job.job_id}/report.html`);
    expect(report.headers.get('content-type')).toMatch(/text\/html/);
    expect(await report.text()).toContain('duplex.ifc');

    const bad = await form(new TextEncoder().encode('ISO-10303-21; not really'), { quality: 'draft' });
    expect(bad.status).toBe(202);
    const failed = await bad.json();
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/IFC/) });
  }, 180_000);

  it('runs a building from the command line as a job: npm run ifc -- --server writes the same files', async () => {
    const out = mkdtempSync(join(tmpdir(), 'lux-ifc-'));
    await promisify(execFile)(
      process.execPath,
      [
        ...builtCli('ifc'),
        'test/fixtures/ifc/duplex.ifc',
        ...['--out', join(out, 'server'), '--no-pdf', '--quality', 'draft'],
        ...['--server', server.url, '--token', a.token],
      ],
      { env: { ...process.env, LUX_TOKEN: '' } },
    );
    const here = (await duplexOnCliStarted()).csv;
    expect(here.split('\n').length).toBeGreaterThan(10);
    expect(readFileSync(join(out, 'server', 'rooms.csv'), 'utf8')).toBe(here);
  }, 180_000);

  it('judges a building by EN 17037’s daylight factors for its site: from the command line and as a job’s params, the same verdicts and words', async () => {
    const { dir, cli, csv } = officeBuilding('lux-ifc-en-');
    // The job first, so that the server runs it while the command line runs here, twice at once.
    const f = buildingForm(join(dir, 'office.ifc'), {
      method: 'model',
      file_name: 'office.ifc',
      en_target: 1.2,
      en_minimum: 0.4,
    });
    const job = await (await postForm(f)).json();
    await Promise.all([
      cli('default', '--method', 'model'),
      cli('site', '--method', 'model', '--en-target', '1.2', '--en-minimum', '0.4'),
    ]);
    const column = (text: string, name: string) => {
      const [head, ...rows] = text.trim().split('\n');
      const k = head!.split(',').indexOf(name);
      return rows.map((r) => r.split(',')[k]);
    };
    const byDefault = csv('default');
    const bySite = csv('site');
    // The same maps, other verdicts: both rooms miss 2.0 % over half their area and reach 1.2 %.
    expect(column(bySite, 'mean_df')).toEqual(column(byDefault, 'mean_df'));
    expect(column(byDefault, 'en17037_target')).toEqual(['fail', 'fail']);
    expect(column(bySite, 'en17037_target')).toEqual(['pass', 'pass']);
    const report = readFileSync(join(dir, 'site', 'report.html'), 'utf8');
    expect(report).toContain('DF ≥ 1.2 % over 50 % of the area (target;');
    // 1.2 % and 0.4 % stand for 300 lx and 100 lx under a brighter sky than the defaults' 15 klx.
    expect(report).toContain('300 lx and 100 lx at a median diffuse illuminance of about 25 klx');

    await finished(a.get, job.job_id);
    expect(await (await a.get(`/v2/jobs/${job.job_id}/result.csv`)).text()).toBe(bySite);
    const refused = await postForm(buildingForm(join(dir, 'office.ifc'), { en_target: 1, en_minimum: 2 }));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toBe("'en_minimum' (2 %) cannot be above 'en_target' (1 %)");
  }, 120_000);

  it('takes the trees as crowns that let light through, and refuses a share that is not one', async () => {
    const ifc = 'test/fixtures/ifc/duplex.ifc';
    for (const [params, error] of [
      [{ vegetation: 'shade' }, "Parameter 'vegetation' must be 'opaque', 'ignore' or 'translucent'"],
      [
        { vegetation: 'translucent', crown_transmittance: 1.5 },
        "Parameter 'crown_transmittance' must be a number from 0 to 1",
      ],
      [
        { vegetation: 'translucent', crown_transmittance: '0.5' },
        "Parameter 'crown_transmittance' must be a number from 0 to 1",
      ],
      [{ crown_transmittance: 0.5 }, "Parameter 'crown_transmittance' goes with 'vegetation': 'translucent'"],
      [
        { vegetation: 'translucent', method: 'model' },
        "Parameter 'vegetation': 'translucent' needs 'method': 'engine' (the model cannot see through crowns)",
      ],
    ] as const) {
      const r = await postForm(buildingForm(ifc, params));
      expect(r.status, JSON.stringify(params)).toBe(400);
      expect((await r.json()).error).toBe(error);
    }
  });

  it('runs a year for each room and a context around the building as a job too: from the command line and as a form’s parts, the same table as here', async () => {
    const { dir, cli, csv } = officeBuilding('lux-ifc-year-');
    // A block across the street, as a context file in the building's coordinates.
    writeFileSync(join(dir, 'block.stl'), boxStl([-3, -14, 0], [9, -12, 12]));
    const weather = 'test/fixtures/weather/chicago-ohare-tmy3.epw';
    const year = ['--quality', 'draft', '--weather', weather];
    const ifc = (to: string, ...more: string[]) =>
      cli(to, ...year, '--context', join(dir, 'block.stl'), ...more);
    // The building itself as a job, its context and weather as parts of the form: posted first, so that the
    // server runs it while the command line runs here, here and as a job client at once, and once open.
    const f = buildingForm(
      join(dir, 'office.ifc'),
      { quality: 'draft', file_name: 'office.ifc' },
      ['context', readFileSync(join(dir, 'block.stl')), 'block.stl'],
      ['weather', readFileSync(weather), 'chicago.epw'],
    );
    const made = await postForm(f);
    expect(made.status).toBe(202);
    const job = await made.json();
    await Promise.all([
      ifc('here', '--threads', '1'),
      ifc('server', '--server', server.url, '--token', a.token),
      cli('open', '--quality', 'draft', '--threads', '1'),
    ]);
    const here = csv('here');
    // The climate columns are filled (sDA, ASE, UDI, EN 17037's illuminance method), and the same; the
    // analysed plane's m² last.
    expect(here.split('\n')[1]).toMatch(
      /,\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?,\d+(\.\d+)?,\d,\w+,\d+(\.\d+)?$/,
    );
    expect(csv('server')).toBe(here);
    // The block darkens the rooms: without it, the table is another (its daylight factors; no year needed).
    const meanDf = (csv: string) => Number(csv.split('\n')[1]!.split(',')[6]);
    expect(meanDf(here)).toBeLessThan(0.95 * meanDf(csv('open')));

    // Two rooms, each its daylight factor and its year.
    expect(job.progress.total).toBe(4);
    expect(await finished(a.get, job.job_id)).toMatchObject({ state: 'done', progress: { done: 4 } });
    expect(await (await a.get(`/v2/jobs/${job.job_id}/result.csv`)).text()).toBe(here);
    expect(await (await a.get(`/v2/jobs/${job.job_id}/report.html`)).text()).toContain('block.stl');

    // A context file that is not one fails the job with the file named; a weather file that is not one is
    // refused at once.
    const bad = buildingForm(join(dir, 'office.ifc'), null, ['context', 'solid nothing', 'nothing.stl']);
    const failed = await (await postForm(bad)).json();
    expect(failed).toMatchObject({ state: 'failed', error: expect.stringMatching(/context file/) });
    const noYear = buildingForm(join(dir, 'office.ifc'), null, ['weather', 'LOCATION,nowhere', 'x.epw']);
    expect((await postForm(noYear)).status).toBe(400);
  }, 180_000);

  // Its rooms not taken leave the queue with the cancel (jobsCancelQueue.test.ts): a job made after it
  // waits behind none of them.
  it('stops taking rooms once cancelled', async () => {
    const job = await (await a.post('/v2/jobs', { rooms: rooms(40), kind: 'simulate', mesh })).json();
    // Cancelled while its rooms run: once the first is answered.
    await waitFor('a room answered', async () =>
      (await (await a.get(`/v2/jobs/${job.job_id}`)).json()).progress.done > 0 ? true : undefined,
    );
    const cancelled = await (await a.del(`/v2/jobs/${job.job_id}`)).json();
    expect(cancelled.state).toBe('cancelled');
    const at = cancelled.progress.done + cancelled.progress.failed;
    await new Promise((r) => setTimeout(r, 3_000));
    const later = await (await a.get(`/v2/jobs/${job.job_id}`)).json();
    // At most the rooms already running when it was cancelled finish (two threads).
    expect(later.progress.done + later.progress.failed - at).toBeLessThanOrEqual(2);
    expect(later.progress.done + later.progress.failed).toBeLessThan(40);
    const result = await (await a.get(`/v2/jobs/${job.job_id}/result`)).json();
    expect(result.rooms.filter((r: { status: string }) => r.status === 'cancelled').length).toBeGreaterThan(
      30,
    );
  }, 60_000);
});
