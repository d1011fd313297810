import { readFileSync } from 'node:fs';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type PgBoss from 'pg-boss';
import type { createApp } from '../../src/server/app';
import { openDatabase, type Database } from '../../src/service/hosted/database';
import { migrate } from '../../src/service/hosted/migrations';
import { createToken } from '../../src/service/hosted/tokens';
import { startQueue } from '../../src/service/jobs/jobs';
import { newEmbeddedDatabase } from '../helpers/embeddedDatabase';
import { buildingForm, queuedJobsApp } from '../helpers/jobs';
import { officeRow } from '../ifc/stepFile';

/**
 * A building job's `weather` part as `npm run ifc --weather` and the app take it: an .epw or a station's
 * ZIP, and the job's rooms.json naming the file as the command line's does. In-process on the embedded
 * database with the jobs' queue and no runner: the rooms stay queued, and the job's rooms.json is there
 * while they are (its `weather` is the job's, not a room's).
 */
let db: Database;
let boss: PgBoss;
let app: ReturnType<typeof createApp>;
let token: string;

beforeAll(async () => {
  db = await openDatabase(newEmbeddedDatabase('lux-jobs-weather-'));
  await migrate(db);
  boss = await startQueue(db, 60);
  token = await createToken(db, 'office', ['*']);
  app = queuedJobsApp(db, boss);
}, 60_000);
afterAll(async () => {
  await boss?.stop({ graceful: false, wait: true });
  await db?.close();
});

const epw = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw');
const auth = () => ({ authorization: `Bearer ${token}` });
const postForm = (weather: Uint8Array, name: string) =>
  app.request('/v2/jobs', {
    method: 'POST',
    headers: auth(),
    body: buildingForm(strToU8(officeRow(1)), { quality: 'draft' }, ['weather', weather, name]),
  });

describe('a building job’s weather part', () => {
  it('takes a station’s ZIP and names its .epw in rooms.json; one with two .epw files is refused with the app’s sentence', async () => {
    const station = zipSync(
      { 'chicago/chicago-ohare-tmy3.epw': epw, 'chicago/x.stat': strToU8('stat') },
      { level: 1 },
    );
    const made = await postForm(station, 'USA_IL_Chicago.zip');
    expect(made.status).toBe(202);
    // The room's daylight factor and its year.
    const job = (await made.json()) as { job_id: string; progress: { total: number } };
    expect(job.progress.total).toBe(2);
    const result = await app.request(`/v2/jobs/${job.job_id}/result`, { headers: auth() });
    expect(((await result.json()) as { weather: unknown }).weather).toEqual({
      name: 'chicago-ohare-tmy3.epw',
      source: 'TMY3',
      wmo: '725300',
    });

    const two = zipSync({ 'a.epw': epw, 'b.epw': epw }, { level: 0 });
    const refused = await postForm(two, 'two.zip');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Parameter 'weather': two.zip holds 2 weather files (a.epw, b.epw): unzip it and pick the one for the site.",
    );
  }, 60_000);
});
