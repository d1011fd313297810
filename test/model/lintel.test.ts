import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseModelCard } from '../../src/core/model/card';
import { coarseRoomTerms, ownWallSingular, underLintel } from '../../src/core/model/roomTerms';
import { v2Frame } from '../../src/core/engine/v2Frame';
import type { LoadedModel } from '../../src/core/model/predict';
import { sampledRequest, type SampledRoom } from '../../src/datagen/sampleRoom';
import { engineRoom } from '../../src/datagen/shard';
import { requestGridMean } from '../../src/evaluation/gridStress';
import { readProbeTruths } from '../../src/evaluation/roomProbe';
import { stripRoom } from '../../src/evaluation/stripProbe';
import { stressRoom } from '../../src/evaluation/stressSuite';
import { loadModel } from '../../src/service/model/runtime';
import { SHIPPED_CARD_PATH } from '../helpers/paths';
import { withoutSolve } from '../helpers/withoutSolve';

/**
 * A card's latticeOwnWall 'off-under-lintel' (docs/model.md, "Strip windows"): the room-terms solve's lattice
 * leaves out the own wall column of a window whose lintel is within the wall's depth of the work plane.
 */
describe('the lattice under a low lintel', () => {
  /** One window, its head `head` m above the floor, in a wall `depth` m thick. */
  const room = (head: number, depth: number): SampledRoom => {
    const s = stressRoom('deep', 993000);
    const p = s.body.parameters;
    const [a, b] = [p.room_polygon[0]!, p.room_polygon[1]!];
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const [ux, uy] = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    const at = (t: number, out: number) => [a[0] + ux * t + uy * out, a[1] + uy * t - ux * out];
    const [x1, y1] = at(0.5, 0);
    const [x2, y2] = at(len - 0.5, depth);
    const floor = p.floor_height_above_terrain;
    const w = {
      x1,
      y1,
      z1: floor + Math.max(0, head - 0.5),
      x2,
      y2,
      z2: floor + head,
      window_frame_ratio: 0.1,
    };
    return { ...s, body: { ...s.body, parameters: { ...p, windows: { w1: w } } } };
  };
  const engine = (s: SampledRoom) => engineRoom(s);

  it('is where the head is less than the wall’s depth above the 0.8 m work plane, or under it', () => {
    expect(underLintel(engine(room(0.86, 0.3)), 0)).toBe(true);
    expect(underLintel(engine(room(1.05, 0.3)), 0)).toBe(true);
    expect(underLintel(engine(room(1.15, 0.3)), 0)).toBe(false);
    expect(underLintel(engine(room(2.1, 0.5)), 0)).toBe(false);
    expect(underLintel(engine(room(0.7, 0.2)), 0)).toBe(true); // the opening under the work plane
    expect(underLintel(engine(room(0.7, 0)), 0)).toBe(true);
    expect(underLintel(engine(room(0.86, 0)), 0)).toBe(false); // no lintel's underside without a wall
  });

  it('near the head: where the head is less than 0.2 m above the work plane or under it, whatever the wall', () => {
    const near = (head: number, depth: number) => ownWallSingular(engine(room(head, depth)), 0, 'near-head');
    expect(near(0.86, 0)).toBe(true); // no lintel, and still its column sees out where the next one does not
    expect(near(0.95, 0.3)).toBe(true);
    expect(near(1.05, 0.3)).toBe(false); // under a lintel deeper than that: 'under-lintel' takes it
    expect(ownWallSingular(engine(room(1.05, 0.3)), 0, 'under-lintel')).toBe(true);
    expect(near(0.7, 0.2)).toBe(true);
    expect(near(2.1, 0)).toBe(false);
  });

  it('leaves out that window’s wall column from the lattice, and nothing else', () => {
    const low = engine(stripRoom('low')('street-canyon', 993001));
    expect(underLintel(low, 0)).toBe(true);
    const frame = v2Frame(low, 0, 'window');
    const [kept] = coarseRoomTerms(low, 'coarse-radiosity/8', { part: 'window' });
    const [off] = coarseRoomTerms(low, 'coarse-radiosity/8', { part: 'window', ownWallOff: 'under-lintel' });
    const onWall = [...kept!.pixels].filter((px) => px % 128 === frame.wallCol);
    expect(onWall.length).toBeGreaterThan(5);
    expect([...off!.pixels]).toEqual([...kept!.pixels].filter((px) => px % 128 !== frame.wallCol));
    // A window under a lintel high above the work plane keeps its lattice.
    const plain = engine(room(2.1, 0.3));
    expect(
      coarseRoomTerms(plain, 'coarse-radiosity/8', { part: 'window', ownWallOff: 'under-lintel' })[0]!.pixels,
    ).toEqual(coarseRoomTerms(plain, 'coarse-radiosity/8', { part: 'window' })[0]!.pixels);
  }, 60_000);

  it('is named by a card with a room-terms solve', () => {
    const card = JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8'));
    expect(parseModelCard({ ...card, latticeOwnWall: 'off-under-lintel' }).latticeOwnWall).toBe(
      'off-under-lintel',
    );
    expect(parseModelCard({ ...card, latticeOwnWall: 'off-near-head' }).latticeOwnWall).toBe('off-near-head');
    expect(() => parseModelCard({ ...card, latticeOwnWall: 'off' })).toThrow();
    const bare = withoutSolve(card);
    expect(() => parseModelCard({ ...bare, latticeOwnWall: 'off-under-lintel' })).toThrow(/needs roomTerms/);
  });

  it('brings a basement strip’s room to the engine through /run’s path, and leaves a plain room to the bit', async () => {
    const loaded = await loadModel(SHIPPED_CARD_PATH, { roomTermsThread: false });
    const { latticeOwnWall: _, ...card } = loaded.card;
    const kept: LoadedModel = { ...loaded, card };
    const off: LoadedModel = { ...loaded, card: { ...card, latticeOwnWall: 'off-under-lintel' } };
    // street-canyon #993001 drawn low: one 4 m strip 0.36–0.86 m above the floor under a 0.31 m lintel.
    const draw = stripRoom('low');
    const truth = readProbeTruths(draw, 'test/fixtures/strip-windows/k993000-low.json').find(
      (t) => t.cls === 'street-canyon' && t.k === 993001,
    )!.mean;
    const req = sampledRequest(draw('street-canyon', 993001));
    expect((await requestGridMean(kept, req)) / truth - 1).toBeGreaterThan(0.15);
    expect(Math.abs((await requestGridMean(off, req)) / truth - 1)).toBeLessThan(0.05);
    const plain = sampledRequest(stressRoom('street-canyon', 82005));
    expect(await requestGridMean(off, plain)).toBe(await requestGridMean(kept, plain));
  }, 120_000);

  it('near the head, takes a strip in a wall of no thickness whose column set the exterior guard sixteenfold', async () => {
    const loaded = await loadModel(SHIPPED_CARD_PATH, { roomTermsThread: false });
    const lintel: LoadedModel = { ...loaded, card: { ...loaded.card, latticeOwnWall: 'off-under-lintel' } };
    const near: LoadedModel = { ...loaded, card: { ...loaded.card, latticeOwnWall: 'off-near-head' } };
    // high-floor #994007 drawn low: a strip 0.24–0.91 m above the floor, the wall of no thickness.
    const draw = stripRoom('low');
    const truth = readProbeTruths(draw, 'test/fixtures/strip-windows/k994000-low.json').find(
      (t) => t.cls === 'high-floor' && t.k === 994007,
    )!.mean;
    const req = sampledRequest(draw('high-floor', 994007));
    expect((await requestGridMean(lintel, req)) / truth - 1).toBeGreaterThan(1);
    expect(Math.abs((await requestGridMean(near, req)) / truth - 1)).toBeLessThan(0.15);
  }, 120_000);
});
