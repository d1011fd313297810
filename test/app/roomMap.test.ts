import { describe, expect, it } from 'vitest';
import { answerFromResponse } from '../../src/core/api/roomAnswer';
import { engineResponse, modelResponse, roomAnswer } from '../../src/core/api/roomResponse';
import { parseRunRequest } from '../../src/core/validation/requests';
import { gridCsv } from '../../src/app/compute/exports';
import { difference, valueAt, type RoomMap } from '../../src/app/compute/roomMap';
import { summarise } from '../../src/core/stats/verdicts';
import { colour, mapPixels } from '../../src/core/report/palette';
import { runBody } from '../../src/app/scene/geometry';
import { DEFAULT_THRESHOLDS, defaultScene } from '../../src/app/scene/scene';

/** A 2 × 3 grid: row 0 = [0.5, 1.5, 2.5], row 1 = [3, 4, –] (last cell outside the room). */
const map: RoomMap = {
  rows: 2,
  cols: 3,
  df: Float32Array.from([0.5, 1.5, 2.5, 3, 4, 0]),
  mask: Uint8Array.from([1, 1, 1, 1, 1, 0]),
  origin: { x: 10, y: 20 },
  resolution: 0.1,
};

describe('room maps', () => {
  it('read both /run response shapes back into the typed answer, method included', () => {
    const req = parseRunRequest({ ...runBody(defaultScene()), response_format: 'base64' });
    const res = {
      df: { rows: 2, cols: 3, data: map.df },
      mask: { rows: 2, cols: 3, data: map.mask },
      origin: map.origin,
      resolution: 0.1,
      angles: [{ horizon: [1, 2], zenith: [3, 4] }],
    };
    const engine = { kind: 'engine', quality: 'draft', seed: 7, ambientBounces: null } as const;
    const b = answerFromResponse(engineResponse(req, res, engine));
    const a = answerFromResponse(
      modelResponse({ ...req, responseFormat: 'json' }, res, { kind: 'model', name: 'm', version: '1' }),
    );
    expect(a).toMatchObject({
      ...map,
      method: { kind: 'model', name: 'm', version: '1' },
      modelType: req.modelType,
    });
    expect(b).toMatchObject({ ...map, method: engine });
    expect(b.windows[req.parameters.windows[0]!.id]).toMatchObject({ horizon: [1, 2], zenith: [3, 4] });
    expect(() => answerFromResponse({ shape: [2, 3], result: 'AAAA', mask: 'AAAA' })).toThrow(
      /does not match/,
    );
  });

  it('holds the same DF in a thread as after the JSON wire, bit for bit, a hair under a threshold too', () => {
    const req = parseRunRequest(runBody(defaultScene()));
    const df = Float32Array.from([0.99996, 1.99994, 0.123456, 3, 4, 0]);
    const res = {
      df: { rows: 2, cols: 3, data: df },
      mask: { rows: 2, cols: 3, data: map.mask },
      origin: map.origin,
      resolution: 0.1,
      angles: [{ horizon: [1, 2], zenith: [3, 4] }],
    };
    const model = { kind: 'model', name: 'm', version: '1' } as const;
    const here = roomAnswer(req, res, model);
    const wire = answerFromResponse(JSON.parse(JSON.stringify(modelResponse(req, res, model))));
    expect(Array.from(here.df)).toEqual(Array.from(wire.df));
    // The cell at 0.99996 % reads 1 % on both sides: the same share above 1 % whichever way it came.
    expect(here.df[0]).toBe(1);
    expect(here.df[2]).toBe(Math.fround(0.1235));
  });

  it('reads the value under a point, nothing outside the room', () => {
    expect(valueAt(map, 10.15, 19.95)).toBeCloseTo(1.5, 6);
    expect(valueAt(map, 10.25, 19.85)).toBeNull();
    expect(valueAt(map, 9.9, 19.95)).toBeNull();
  });

  it('gives statistics and verdicts with the thresholds', () => {
    const s = summarise(map, DEFAULT_THRESHOLDS);
    expect(s.stats.mean).toBeCloseTo(2.3, 6);
    expect(s.stats.area_above['1']).toBeCloseTo(80, 6);
    expect(Object.keys(s.stats.area_above)).toEqual(['1', '2', '3']);
    // BFS: 80 % ≥ 1 %; EN target: 60 % ≥ 2 % (≥ 50); EN minimum: 80 % ≥ 0.7 % (< 95).
    expect(s.verdicts.map((v) => v.pass)).toEqual([true, true, false]);
    expect(s.verdicts[2]!.detail).toBe('DF ≥ 0.7 % on 80.0 % (needs 95 %)');
    expect(summarise(map, { ...DEFAULT_THRESHOLDS, enMinimum: 0.4 }).verdicts[2]!.pass).toBe(true);
    expect(summarise(map, { ...DEFAULT_THRESHOLDS, bfsShare: 90 }).verdicts[0]!.pass).toBe(false);
  });

  it('takes differences over the shared room cells', () => {
    const other = { ...map, df: Float32Array.from([1, 1, 1, 1, 1, 1]) };
    const d = difference(map, other);
    expect(Array.from(d.map.df)).toEqual([-0.5, 0.5, 1.5, 2, 3, 0]);
    expect(d.mae).toBeCloseTo(7.5 / 5, 6);
  });

  it('exports room cells as CSV with world coordinates of their centres', () => {
    expect(gridCsv(map).trim().split('\n')).toEqual([
      'x_m,y_m,df_percent',
      '10.050,19.950,0.5000',
      '10.150,19.950,1.5000',
      '10.250,19.950,2.5000',
      '10.050,19.850,3.0000',
      '10.150,19.850,4.0000',
    ]);
  });

  it('colours with the palette ends and leaves cells outside the room transparent', () => {
    expect(colour('viridis', 0, 10)).toEqual([68, 1, 84]);
    expect(colour('viridis', 99, 10)).toEqual([253, 231, 37]);
    const px = mapPixels(map.df, map.mask, 'viridis', 10);
    expect(px[4 * 5 + 3]).toBe(0);
    expect(px[3]).toBe(255);
  });
});
