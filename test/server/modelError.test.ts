import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DARK_LINE, DARK_ROOM, LOW_WINDOW } from '../../src/core/model/errorBand';
import { ModelStatus } from '../../src/service/model/status';
import { STRIP_TRUTHS } from '../../src/evaluation/stripProbe';
import { post, testApp } from './inProcess';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/**
 * `/run`'s `model_error` (issue 35 §6) from the shipped card: a room whose windows are all low gets the strip
 * probe's figures (the card's `strip_windows.low`), the regime the model is weakest in; the same room with a
 * window of ordinary height gets its stress class's; a room the model reads dark gets the figures of the
 * stress rooms it read that dark (the card's `stress.dark_rooms`).
 */
const model = new ModelStatus(SHIPPED_CARD_PATH);
const room = (z1: number, z2: number, { x2 = 4, horizon = 0 } = {}) => ({
  model_type: 'df_default',
  response_format: 'json',
  horizon: new Array(64).fill(horizon),
  zenith: new Array(64).fill(0),
  parameters: {
    height_roof_over_floor: 2.7,
    floor_height_above_terrain: 0,
    room_polygon: [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
    ],
    windows: { w1: { x1: 1, y1: 0, z1, x2, y2: -0.2, z2, window_frame_ratio: 0.2 } },
  },
});

describe('the error band on /run', async () => {
  expect(await model.settled()).toBe('ready');
  const app = testApp({ model });
  type Answer = { model_error: Record<string, unknown>; result: number[][]; mask: boolean[][] };
  const answer = async (body: unknown) => (await (await post(app, '/v2/run', body)).json()) as Answer;
  const band = async (body: unknown) => (await answer(body)).model_error;
  /** The answer's mean DF over the room's cells. */
  const meanOf = (a: Answer): number => {
    const cells = a.result.flatMap((row, r) => row.filter((_, c) => a.mask[r]![c]));
    return cells.reduce((s, v) => s + v, 0) / cells.length;
  };

  it('gives a basement strip the strip probe’s figures, and an ordinary window its class’s', async () => {
    const low = await band(room(0.3, 0.9));
    expect(low).toMatchObject({ classes: ['open-ground', LOW_WINDOW], basis: LOW_WINDOW, rooms: 480 });
    // The probe's judged low-band truths, k993000's (which 4.12.0 was developed on) left out.
    expect(STRIP_TRUTHS.filter((f) => f.endsWith('-low.json'))).toEqual([
      'test/fixtures/strip-windows/k994000-low.json',
      'test/fixtures/strip-windows/k998000-low.json',
    ]);
    // The card's own figures for that band, as `npm run evaluate` wrote them.
    const card = JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8'));
    const strips = card.metrics.strip_windows.low;
    expect(low).toMatchObject({
      rooms_within_5: strips.rooms_within_5,
      mean_room_error: strips.mean_room_error,
      worst_room: strips.worst_room,
    });
    expect(strips.files).toEqual(STRIP_TRUTHS.filter((f) => f.endsWith('-low.json')));
    expect(low.rooms_within_5 as number).toBeLessThan(0.9);
    const tall = await band(room(0.9, 2.1));
    expect(tall).toMatchObject({ classes: ['open-ground'], basis: 'open-ground', rooms: 40 });
    expect(tall.rooms_within_5 as number).toBeGreaterThan(low.rooms_within_5 as number);
  });

  it('gives a room it reads dark the figures of the stress rooms it read that dark', async () => {
    // A 1 × 0.6 m window behind a street's 60° wall: the model reads the room at ~0.2 % DF.
    const dark = await answer(room(0.9, 1.5, { x2: 2, horizon: 60 }));
    expect(meanOf(dark)).toBeLessThan(DARK_LINE);
    expect(dark.model_error).toMatchObject({
      classes: ['angles-only', 'street-canyon', 'dense-near', DARK_ROOM],
      basis: DARK_ROOM,
    });
    const card = JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8'));
    const figures = card.metrics.stress.dark_rooms;
    expect(figures.below).toBe(DARK_LINE);
    expect(dark.model_error).toMatchObject({
      rooms: figures.rooms,
      rooms_within_5: figures.rooms_within_5,
      mean_room_error: figures.mean_room_error,
      worst_room: figures.worst_room,
    });
    // The same window under an open sky lights the room: its class's figures again.
    const lit = await answer(room(0.9, 1.5, { x2: 2 }));
    expect(meanOf(lit)).toBeGreaterThan(DARK_LINE);
    expect(lit.model_error).toMatchObject({ classes: ['open-ground'], basis: 'open-ground' });
  });
});
