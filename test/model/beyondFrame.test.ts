import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { beyondAt, beyondLattice, beyondNodes, type BeyondLattice } from '../../src/core/model/beyondFrame';
import { FrameExtent } from '../../src/core/model/frameExtent';
import { FrameSampler } from '../../src/core/model/placement';
import { coarseRoomTerms } from '../../src/core/model/roomTerms';
import { parseModelCard, type ModelCard } from '../../src/core/model/card';
import { loadModel } from '../../src/service/model/runtime';
import { glassScale, predictWindows, sumAtPoints, type LoadedModel } from '../../src/core/model/predict';
import { windowAngles } from '../../src/core/api/windowAngles';
import { simulateRoom } from '../../src/core/engine/simulate';
import { v2Frame } from '../../src/core/engine/v2Frame';
import { workPlaneGrid, cellCentre } from '../../src/core/engine/workplane';
import { anglesOnly, roomOfDepth } from '../engine/scenes';
import { SHIPPED_CARD_PATH } from '../helpers/paths';

describe('the lattice beyond the frame (beyondFrame.ts)', () => {
  // Nodes 0.4 m apart: (0, 0) at the origin, (0, 1) 0.4 m east, (1, 0) 0.4 m south.
  const lattice = (values: number[]): BeyondLattice => ({
    x0: 0,
    y0: 0,
    rows: 2,
    cols: 2,
    df: Float32Array.from(values),
  });

  it('reads a node’s value at the node and interpolates between nodes', () => {
    const lat = lattice([1, 2, 3, 4]);
    expect(beyondAt(lat, 0, 0)).toBeCloseTo(1, 6);
    expect(beyondAt(lat, 0.4, -0.4)).toBeCloseTo(4, 6);
    expect(beyondAt(lat, 0.2, 0)).toBeCloseTo(1.5, 6);
    expect(beyondAt(lat, 0.2, -0.2)).toBeCloseTo(2.5, 6);
  });

  it('renormalises over the lit nodes, and takes the nearest lit one where its square has none', () => {
    const lat = lattice([1, NaN, 3, NaN]);
    // Half way east: the two lit nodes of the west side, weighted by their rows.
    expect(beyondAt(lat, 0.2, -0.1)).toBeCloseTo(1.5, 6);
    // Beyond the lattice's east side, its square has no lit node: the nearest one within a square.
    expect(beyondAt(lat, 0.6, -0.35)).toBe(3);
    // Further than a square from any lit node: none (the frame's edge is read then).
    expect(beyondAt(lat, 2, 0)).toBeNull();
  });

  it('lights nothing where the frame holds the whole room', () => {
    const room = roomOfDepth(8);
    expect(beyondNodes(room.parameters.room_polygon, [v2Frame(room, 0)]).nodes).toHaveLength(0);
  });

  it('lights the room beyond the frame’s depth, and every cell there has a lit node', () => {
    const room = roomOfDepth(20);
    const frame = v2Frame(room, 0);
    const at = beyondNodes(room.parameters.room_polygon, [frame]);
    const extent = new FrameExtent(frame);
    // The frame's 12.8 m hold the wall and the stripe outside it too: the room's first ~11.2 m. The nodes
    // start at most a square (0.4 m) before the first cell beyond, and run to the far wall at 20 m.
    const ys = at.points.map(([, y]) => y);
    expect(Math.min(...ys)).toBeGreaterThan(10.7);
    expect(Math.max(...ys)).toBeGreaterThan(19.5);
    // ~6 × 9 m at 0.4 m: 15 × 23 nodes or so.
    expect(at.nodes.length).toBeGreaterThan(300);
    expect(at.nodes.length).toBeLessThan(450);
    // Every cell the frame does not hold lies in a lattice square with a lit node.
    const g = workPlaneGrid(room.parameters.room_polygon);
    const lat = beyondLattice(at, new Float32Array(at.nodes.length).fill(1));
    for (const idx of g.cells) {
      const [x, y] = cellCentre(g.originX, g.originY, Math.floor(idx / g.cols), idx % g.cols);
      if (extent.placeOf(x, y) !== 'inside') expect(beyondAt(lat, x, y)).toBe(1);
    }
  });

  it('reads a point beyond the frame from the lattice and one inside from the map', () => {
    const room = roomOfDepth(20);
    const frame = v2Frame(room, 0);
    const df = new Float32Array(128 * 128);
    frame.pixels.forEach((px) => (df[px] = 2));
    const at = beyondNodes(room.parameters.room_polygon, [frame]);
    const s = new FrameSampler(frame, df, beyondLattice(at, new Float32Array(at.nodes.length).fill(0.5)));
    expect(s.at(3, 5)).toBeCloseTo(2, 6);
    expect(s.at(3, 17)).toBeCloseTo(0.5, 6);
    // Without the lattice, the frame's edge.
    expect(new FrameSampler(frame, df).at(3, 17)).toBeCloseTo(2, 6);
  });

  it('is named by a card only with the solve that lights it', () => {
    const card = JSON.parse(readFileSync(SHIPPED_CARD_PATH, 'utf8')) as Record<string, unknown>;
    expect(parseModelCard({ ...card, beyondFrame: 'coarse-solve' }).beyondFrame).toBe('coarse-solve');
    const { roomTerms: _, ...withoutSolve } = card;
    expect(() => parseModelCard({ ...withoutSolve, beyondFrame: 'coarse-solve' })).toThrow(/beyondFrame/);
  });
});

describe('the coarse solve beyond the frame', () => {
  it('traces every term at the lattice, the same to the bit as a solve that lights the points whole', () => {
    // One window, and two (the last one's light is traced at the lattice only; the first's everywhere).
    const two = anglesOnly(
      {
        height_roof_over_floor: 2.8,
        floor_height_above_terrain: 3,
        room_polygon: [
          [0, 0],
          [12, 0],
          [12, 18],
          [0, 18],
        ],
        windows: {
          a: { x1: 1, y1: 0, z1: 3.9, x2: 3, y2: 0, z2: 5.6, window_frame_ratio: 0.15 },
          b: { x1: 8, y1: 0, z1: 3.9, x2: 11, y2: 0, z2: 5.6, window_frame_ratio: 0.15 },
        },
      },
      20,
      0,
    );
    for (const room of [roomOfDepth(20), two]) {
      const lean = coarseRoomTerms(room, 'coarse-radiosity/5', { beyond: true });
      const full = coarseRoomTerms(room, 'coarse-radiosity/5', { withSky: true, beyond: true });
      const plain = coarseRoomTerms(room, 'coarse-radiosity/5');
      lean.forEach((w, i) => {
        expect(plain[i]!.beyond).toBeUndefined();
        // The room terms over the frame do not move; the lattice's light is the same either way.
        expect(Array.from(w.means)).toEqual(Array.from(plain[i]!.means));
        expect(Array.from(w.beyond!.df)).toEqual(Array.from(full[i]!.beyond!.df));
        // Each window's own light there: the far one's lattice is not the near one's.
        expect(w.beyond!.df.some((v) => v > 0)).toBe(true);
      });
      if (lean.length === 2)
        expect(Array.from(lean[0]!.beyond!.df)).not.toEqual(Array.from(lean[1]!.beyond!.df));
    }
    // A room the frame holds whole lights none.
    const whole = coarseRoomTerms(roomOfDepth(8), 'coarse-radiosity/5', { beyond: true });
    expect(whole[0]!.beyond).toBeUndefined();
  });

  it('gives the light 11–20 m from the window within 10 % of the engine at standard', () => {
    const room = roomOfDepth(20);
    const [solved] = coarseRoomTerms(room, 'coarse-radiosity/5', { beyond: true });
    const at = beyondNodes(room.parameters.room_polygon, [v2Frame(room, 0)]);
    const truth = simulateRoom(room, {
      quality: 'standard',
      points: at.points,
      pointsOnly: true,
      terms: true,
    });
    const mean = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0) / v.length;
    const lattice = mean(Array.from(at.nodes, (k) => solved!.beyond!.df[k]!));
    const engine = mean(truth.points);
    expect(engine).toBeGreaterThan(0.05);
    expect(Math.abs(lattice / engine - 1)).toBeLessThan(0.1);
    // Mostly interreflected there (why the frame's edge, beside the window, read it high).
    const share = truth.perWindow[0]!.terms!;
    expect(mean(share[2]!) + mean(share[3]!) + mean(share[4]!)).toBeGreaterThan(mean(share[0]!));
  });
});

describe('the model’s map beyond the frame', () => {
  it('reads the far end of a room 20 m deep near the engine, where the frame’s edge read it high', async () => {
    const shipped = await loadModel(SHIPPED_CARD_PATH);
    const room = roomOfDepth(20);
    const req = { ...room, modelType: 'df_default' as const };
    const angles = windowAngles(req, null);
    const g = workPlaneGrid(room.parameters.room_polygon);
    const frame = v2Frame(room, 0);
    const extent = new FrameExtent(frame);
    const far = Array.from(g.cells, (idx) =>
      cellCentre(g.originX, g.originY, Math.floor(idx / g.cols), idx % g.cols),
    ).filter(([x, y]) => extent.placeOf(x, y) !== 'inside');
    const mean = (v: ArrayLike<number>) => Array.from(v).reduce((a, b) => a + b, 0) / v.length;
    const truth = mean(simulateRoom(room, { quality: 'standard', points: far, pointsOnly: true }).points);
    const read = async (card: ModelCard) =>
      mean(sumAtPoints(await predictWindows(req, angles, { ...shipped, card }), far));
    expect(shipped.card.beyondFrame).toBe('coarse-solve');
    const { beyondFrame: _, ...atEdge } = shipped.card;
    const edge = await read(atEdge);
    const solved = await read(shipped.card);
    // Measured: the engine 0.079 % DF there, the lattice 0.079, the frame's edge 0.185.
    expect(Math.abs(solved / truth - 1)).toBeLessThan(0.05);
    expect(edge / truth).toBeGreaterThan(1.5);
    // The browser's second worker solves the room alone, its frames made there: the same answer.
    const elsewhere: LoadedModel = {
      ...shipped,
      solveRoomTerms: async (r, method, options) => coarseRoomTerms(structuredClone(r), method, options),
    };
    const [here] = await predictWindows(req, angles, shipped);
    const [there] = await predictWindows(req, angles, elsewhere);
    expect(Array.from(there!.beyond!.df)).toEqual(Array.from(here!.beyond!.df));
    // Darker glass darkens the room beyond the frame as it does the map (predict.ts glassScale).
    const dark = structuredClone(req);
    dark.parameters.windows[0]!.glass_transmittance = 0.45;
    const [tinted] = await predictWindows(dark, angles, shipped);
    const scale = glassScale(0.45);
    expect(scale).toBeLessThan(0.7);
    here!.beyond!.df.forEach((v, k) => {
      if (Number.isNaN(v)) expect(tinted!.beyond!.df[k]).toBeNaN();
      else expect(tinted!.beyond!.df[k]).toBeCloseTo(v * scale, 6);
    });
  });
});
