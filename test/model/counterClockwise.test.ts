import { describe, expect, it } from 'vitest';
import { windowAngles } from '../../src/core/api/windowAngles';
import { windowGeometry } from '../../src/core/geometry/window';
import { counterClockwise } from '../../src/core/model/counterClockwise';
import { predictWindows, roomGrid } from '../../src/core/model/predict';
import type { RunRequest } from '../../src/core/validation/requests';
import { sampledRequest } from '../../src/datagen/sampleRoom';
import type { StressClass } from '../../src/datagen/stressProfiles';
import { stressRoom } from '../../src/evaluation/stressSuite';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

/** The request drawn the other way round: its outline reversed, each window's geometry found on it. */
function clockwise(req: RunRequest): RunRequest {
  const poly = [...req.parameters.room_polygon].reverse();
  return {
    ...req,
    parameters: { ...req.parameters, room_polygon: poly },
    geometry: req.parameters.windows.map((w) => windowGeometry(poly, w)),
  };
}

describe('a room drawn clockwise', () => {
  it('is turned counter-clockwise with each window on its own wall', () => {
    const req = sampledRequest(stressRoom('non-rect', 996310));
    const cw = clockwise(req);
    expect(counterClockwise(req)).toBe(req);
    const back = counterClockwise(cw);
    expect(back.parameters.room_polygon).toEqual(req.parameters.room_polygon);
    expect(back.geometry.map((g) => g.hostEdge)).toEqual(req.geometry.map((g) => g.hostEdge));
    expect(cw.geometry.map((g) => g.hostEdge)).not.toEqual(req.geometry.map((g) => g.hostEdge));
  });

  it('gets the model’s answer of the same room drawn counter-clockwise', async () => {
    // Before, the closed-form sky read a clockwise room's surroundings mirrored: deep #996301, a 4.2 × 10.8 m
    // rectangle, read 12 % darker drawn clockwise (multi-facade #996301 3.4 %); the engine reads both alike.
    const model = await loadModel(SHIPPED_CARD_PATH);
    for (const [cls, k] of [
      ['deep', 996301],
      ['multi-facade', 996301],
      ['street-canyon', 996301],
    ] as [StressClass, number][]) {
      const req = sampledRequest(stressRoom(cls, k));
      const map = async (r: RunRequest) =>
        roomGrid(r, await predictWindows(r, windowAngles(r, r.mesh), model)).df.data;
      expect(await map(clockwise(req))).toEqual(await map(req));
    }
  }, 60_000);
});
