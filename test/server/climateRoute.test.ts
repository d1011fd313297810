import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ModelStatus } from '../../src/service/model/status';
import { specOf } from '../../src/service/operations';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * /run and /simulate with da_default / da_custom (issue 32): a year of the weather sent, answered by the
 * engine's daylight coefficients: the daylight-autonomy map in /run's shapes and the room's metrics.
 */
const CHICAGO = readFileSync('test/fixtures/weather/chicago-ohare-tmy3.epw', 'utf8');
const model = new ModelStatus(SHIPPED_CARD_PATH);
// /run is the model's route: a server answers it (climate-based requests too) once its model is ready.
const app = testApp({ model });

/** A 4 × 3 m room with a south window across the street from a ~25° skyline (angles, no mesh). */
const room = {
  model_type: 'da_default',
  parameters: {
    height_roof_over_floor: 2.7,
    floor_height_above_terrain: 3,
    room_polygon: [
      [0, 0],
      [4, 0],
      [4, 3],
      [0, 3],
    ],
    windows: { w1: { x1: 1, y1: 0, z1: 3.9, x2: 3, y2: -0.3, z2: 5.3, window_frame_ratio: 0.2 } },
  },
  horizon: new Array(64).fill(25),
  zenith: new Array(64).fill(0),
  quality: 'draft',
};

describe('climate-based runs over the API', async () => {
  expect(await model.settled()).toBe('ready');

  it('answers /simulate with the DA map and the room’s metrics, as documented', async () => {
    const res = await post(app, '/v2/simulate', { ...room, weather: CHICAGO });
    expect(res.status).toBe(200);
    const b = await res.json();
    expect(specOf('simulate')!.response!.safeParse(b).success).toBe(true);
    expect(b).toMatchObject({ method: 'climate', metric: 'da', quality: 'draft', units: '%' });
    expect(b.climate.location).toMatchObject({
      city: 'Chicago Ohare Intl Ap',
      latitude: 41.98,
      time_zone: -6,
    });
    expect(b.climate.hours).toEqual({ occupied: 3650, daylight: expect.any(Number) });
    expect(b.climate.hours.daylight).toBeGreaterThan(4300);
    // The map: DA per cell in %, 0 outside the room; its mean is the one the metrics state.
    const cells = (b.result as number[][]).flat().filter((_, i) => (b.mask as boolean[][]).flat()[i]);
    expect(Math.min(...cells)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...cells)).toBeLessThanOrEqual(100);
    expect(cells.reduce((a, v) => a + v, 0) / cells.length).toBeCloseTo(b.climate.da_mean, 1);
    expect(b.climate.sda_blinds).toBeLessThanOrEqual(b.climate.sda);
    expect(b.climate.verdicts.map((v: { id: string }) => v.id)).toEqual([
      'leed-sda',
      'leed-ase',
      'en-illuminance-minimum',
      'en-illuminance-medium',
      'en-illuminance-high',
    ]);
  }, 60_000);

  it('takes the weather as a file part of a multipart form, and /run answers it with the engine', async () => {
    const { quality: _q, ...params } = room;
    const form = new FormData();
    form.set('params', JSON.stringify({ ...params, quality: 'draft' }));
    form.set('weather', new Blob([CHICAGO]), 'chicago.epw');
    const multi = await (await app.request('/v2/simulate', { method: 'POST', body: form })).json();
    const run = await (await post(app, '/v2/run', { ...room, weather: CHICAGO })).json();
    expect(run.method).toBe('climate');
    expect(multi.climate.sda).toBe(run.climate.sda);
    expect(multi.result).toEqual(run.result);
  }, 60_000);

  it('answers a room drawn at UTM coordinates as the room at the origin, its map where the user drew it', async () => {
    // Single-precision geometry at 10⁶ m once answered such rooms wrongly (docs/api-decisions.md).
    const [dx, dy] = [431_000, 5_201_000];
    const p = room.parameters;
    const w = p.windows.w1;
    const far = {
      ...room,
      parameters: {
        ...p,
        room_polygon: p.room_polygon.map(([x, y]) => [x! + dx, y! + dy]),
        windows: { w1: { ...w, x1: w.x1 + dx, y1: w.y1 + dy, x2: w.x2 + dx, y2: w.y2 + dy } },
      },
    };
    const [near, moved] = await Promise.all(
      [room, far].map(async (b) => (await post(app, '/v2/simulate', { ...b, weather: CHICAGO })).json()),
    );
    expect(moved.origin).toEqual({ x: near.origin.x + dx, y: near.origin.y + dy });
    expect(moved.result).toEqual(near.result);
    expect(moved.climate.sda).toBe(near.climate.sda);
    expect(moved.warnings).toEqual([]);
  }, 60_000);

  it('refuses a missing or broken weather file with the reason, and /run/detailed', async () => {
    const missing = await post(app, '/v2/simulate', room);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/^model_type 'da_default' needs a year of weather/);
    const cut = await post(app, '/v2/simulate', { ...room, weather: CHICAGO.slice(0, 200_000) });
    expect(cut.status).toBe(400);
    expect((await cut.json()).error).toMatch(
      /^The weather file cannot be read: The weather file has \d+ hourly records after its 8 header lines/,
    );
    // A room whose year would not fit in memory is refused before any work.
    const huge = await post(app, '/v2/simulate', {
      ...room,
      weather: CHICAGO,
      parameters: {
        ...room.parameters,
        room_polygon: [
          [0, 0],
          [30, 0],
          [30, 30],
          [0, 30],
        ],
      },
    });
    expect(huge.status).toBe(413);
    expect((await huge.json()).error).toMatch(
      /^A year of this room would hold ~\d+ MB of hourly light \(90000 cells of 0\.1 m\)/,
    );
    const detailed = await post(app, '/v2/run/detailed', { ...room, weather: CHICAGO });
    expect(detailed.status).toBe(400);
    expect((await detailed.json()).error).toMatch(
      /climate-based runs \(da_\*\) are answered by \/run and \/simulate/,
    );
  });
});
