import { parseRunRequest } from '../../src/core/validation/requests';
import type { EngineRoom } from '../../src/core/engine/model';
import { roomOf } from '../../bench/engine';
import { groundBox, prism } from '../../src/datagen/solids';
import { boxPoints } from '../helpers/boxMesh';

/** Hand-made test scenes beyond the shared Radiance fixtures. */
type V = [number, number, number];

export function boxTriangles(x0: number, y0: number, x1: number, y1: number, h: number): V[] {
  const out: number[][] = [];
  groundBox(out, x0, y0, x1, y1, h);
  return out as V[];
}

/**
 * A deep street canyon: the room on the first floor of a terrace whose neighbours continue the facade on
 * both sides, facing a 20 m block 12 m across the street. Most of what the window sees is facade, so the
 * light has been reflected outside once, twice or more.
 */
export function canyonRoom(): EngineRoom {
  return firstFloorRoom(
    [
      ...boxTriangles(-60, -32, 60, -12.3, 20),
      ...boxTriangles(-60, -0.3, -0.3, 15, 12),
      ...boxTriangles(4.3, -0.3, 60, 15, 12),
    ],
    0.2,
  );
}

/** A 4 × 5 m room 3 m up, 2.8 m high, a 2 × 1.5 m window in its 0.3 m south wall, among `mesh`. */
function firstFloorRoom(mesh: V[], frameRatio: number): EngineRoom {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.8,
      floor_height_above_terrain: 3,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 5],
        [0, 5],
      ],
      windows: { w: { x1: 1, y1: 0, z1: 3.9, x2: 3, y2: -0.3, z2: 5.4, window_frame_ratio: frameRatio } },
    },
    mesh,
  });
  return { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: 'df_default' };
}

/** R01's room with the window drawn on the wall line (wall thickness 0), optionally with a facing block. */
export function thinWallRoom(withBlock: boolean): EngineRoom {
  const body: Record<string, unknown> = {
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: 0.5,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 5],
        [0, 5],
      ],
      windows: { w: { x1: 1, y1: 0, z1: 1.4, x2: 3, y2: 0, z2: 2.9, window_frame_ratio: 0.2 } },
    },
  };
  if (withBlock) body.mesh = boxTriangles(-30, -22, 34, -12, 10.5);
  else {
    body.horizon = new Array(64).fill(0);
    body.zenith = new Array(64).fill(0);
  }
  const req = parseRunRequest(body);
  if (!withBlock)
    for (const w of req.parameters.windows) {
      delete w.horizon;
      delete w.zenith;
    }
  return {
    parameters: req.parameters,
    geometry: req.geometry,
    mesh: withBlock ? req.mesh : null,
    modelType: 'df_default',
  };
}

/** A room given by its angles alone (no mesh), as a client sends it. */
export function anglesOnly(parameters: Record<string, unknown>, horizon: number, zenith: number): EngineRoom {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters,
    horizon: new Array(64).fill(horizon),
    zenith: new Array(64).fill(zenith),
  });
  return { parameters: req.parameters, geometry: req.geometry, mesh: null, modelType: 'df_default' };
}

/** A room on the second floor whose context is given by angles only: a street's far side 25° high and
 * a balcony above cutting the sky 30° from the zenith. */
export const angleRoom = (): EngineRoom =>
  anglesOnly(
    {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: 4,
      room_polygon: [
        [0, 0],
        [5, 0],
        [5, 4],
        [0, 4],
      ],
      windows: { w: { x1: 0.8, y1: 0, z1: 4.9, x2: 4.2, y2: -0.35, z2: 6.4, window_frame_ratio: 0.15 } },
    },
    25,
    30,
  );

/**
 * A window given with both corners on the wall's line: a wall of no depth, its glass a hair from the room
 * (aperture.ts NEAR_STRATUM). Open surroundings.
 */
export const noDepthRoom = (): EngineRoom =>
  anglesOnly(
    {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: 0,
      room_polygon: [
        [0, 0],
        [4, 0],
        [4, 5],
        [0, 5],
      ],
      windows: { w: { x1: 1, y1: 0, z1: 0.5, x2: 3, y2: 0, z2: 2.2, window_frame_ratio: 0.05 } },
    },
    0,
    0,
  );

/** A room 14 m deep behind one window, under a 15° horizon: 84 m² of floor, whose patches a coarse solve's cap grows. */
export const deepRoom = (): EngineRoom => roomOfDepth(14);

/** A room `depth` m deep and 6 m wide behind one window in its south wall, under a 15° horizon. */
export const roomOfDepth = (depth: number): EngineRoom =>
  anglesOnly(
    {
      height_roof_over_floor: 2.8,
      floor_height_above_terrain: 3,
      room_polygon: [
        [0, 0],
        [6, 0],
        [6, depth],
        [0, depth],
      ],
      windows: { w: { x1: 0.8, y1: 0, z1: 3.9, x2: 5.2, y2: 0, z2: 5.6, window_frame_ratio: 0.15 } },
    },
    15,
    0,
  );

/** The attic's floor, ridge and eaves (m) and its slopes' gradient. */
export const ATTIC = { floor: 6, ridge: 4.3, eave: 1.2, slope: (4.3 - 1.2) / 2.5 };
const { floor: zf, ridge, eave, slope: k } = ATTIC;

/** An attic 6 × 5 m on the second floor, a gable roof along x: eaves 1.2 m, ridge 4.3 m; a gable window. */
export function attic(planes = true): EngineRoom {
  const room = roomOf({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: ridge,
      floor_height_above_terrain: zf,
      room_polygon: [
        [0, 0],
        [6, 0],
        [6, 5],
        [0, 5],
      ],
      windows: {
        w1: { x1: 0, y1: 1.8, z1: zf + 1, x2: -0.3, y2: 3.2, z2: zf + 2.6, window_frame_ratio: 0.2 },
      },
    },
  });
  if (!planes) return room;
  return {
    ...room,
    parameters: {
      ...room.parameters,
      ceiling_planes: [
        [0, k, zf + eave],
        [0, -k, zf + eave + 5 * k],
      ],
    },
  };
}

/** A rectangular opening in plan, x0…x1 × y0…y1, for `skylights`. */
export const rectOpening = (id: string, x0: number, y0: number, x1: number, y1: number, frame = 0.15) => ({
  id,
  polygon: [
    [x0, y0],
    [x1, y0],
    [x1, y1],
    [x0, y1],
  ] as [number, number][],
  window_frame_ratio: frame,
});

/**
 * The attic with roof windows in its slopes (issue 33): with its gable window, one 1.2 × 1.2 m roof window
 * in the south slope; without it, that one further west and a second in the north slope, frame 10 %.
 */
export function roofWindowAttic(gableWindow = true): EngineRoom {
  const room = attic();
  return gableWindow
    ? { ...room, parameters: { ...room.parameters, skylights: [rectOpening('s1', 2.2, 0.8, 3.4, 2)] } }
    : {
        ...room,
        parameters: {
          ...room.parameters,
          windows: [],
          skylights: [rectOpening('s1', 1, 0.7, 2.2, 1.9), rectOpening('s2', 3.8, 3.1, 5, 4.3, 0.1)],
        },
        geometry: [],
      };
}

/**
 * An L-shaped lean-to on the ground, its roof rising from 2.2 m on the west to 4 m on the east; with
 * surroundings (`mesh`, [x, y, z] points) when given.
 */
/** An L: a 7 × 2.5 m wing and a 4 × 2.5 m one, the notch's walls at x = 3 and y = 2.5. */
const L_OUTLINE = [
  [0, 0],
  [7, 0],
  [7, 5],
  [3, 5],
  [3, 2.5],
  [0, 2.5],
];

export function leanTo(mesh?: number[][]): EngineRoom {
  const room = roomOf({
    ...(mesh ? { mesh } : {}),
    model_type: 'df_custom',
    parameters: {
      height_roof_over_floor: 4,
      floor_height_above_terrain: 0,
      ceiling_reflectance: 0.85,
      vertical_reflectance: 0.6,
      room_polygon: L_OUTLINE,
      windows: {
        w1: { x1: 1, y1: 0, z1: 0.9, x2: 2.5, y2: -0.35, z2: 2.0, window_frame_ratio: 0.2 },
        w2: { x1: 7, y1: 1.5, z1: 1.0, x2: 7.35, y2: 4, z2: 3.4, window_frame_ratio: 0.15 },
      },
    },
  });
  return { ...room, parameters: { ...room.parameters, ceiling_planes: [[1.8 / 7, 0, 2.2]] } };
}

/**
 * leanTo's L-shaped outline, flat, with windows on both walls of the notch — each looks past the room's own
 * other wing, which no angles hold — and one on the south wall, facing away from it.
 */
export function notchRoom(): EngineRoom {
  return roomOf({
    model_type: 'df_custom',
    parameters: {
      height_roof_over_floor: 3,
      floor_height_above_terrain: 0,
      room_polygon: L_OUTLINE,
      windows: {
        n1: { x1: 0.6, y1: 2.5, x2: 2.4, y2: 2.85, z1: 0.9, z2: 2.4, window_frame_ratio: 0.15 },
        n2: { x1: 3, y1: 4.6, x2: 2.65, y2: 3.0, z1: 0.9, z2: 2.4, window_frame_ratio: 0.15 },
        s: { x1: 1, y1: 0, x2: 2.5, y2: -0.35, z1: 0.9, z2: 2.0, window_frame_ratio: 0.2 },
      },
    },
  });
}

/**
 * A window in the back wall of a notch 1.5 m wide and 2.5 m deep (walls 0.3 m thick), its glass `gap` from
 * each side wall: at 0.1 m, 0.2 m of each end lies behind the side walls' thickness, which hides it from the
 * sky (lux-frame-10's clipped outer opening); past 0.3 m none does.
 */
export function cornerNotchRoom(gap = 0.1): EngineRoom {
  return roomOf({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: 3,
      floor_height_above_terrain: 0,
      room_polygon: [
        [0, 0],
        [4.25, 0],
        [4.25, 2.5],
        [5.75, 2.5],
        [5.75, 0],
        [10, 0],
        [10, 8.5],
        [0, 8.5],
      ],
      windows: {
        w: { x1: 4.25 + gap, y1: 2.5, x2: 5.75 - gap, y2: 2.2, z1: 0.9, z2: 2.9, window_frame_ratio: 0.1 },
      },
    },
  });
}

/** A 5 × 4 m office with a 2 m south window, as a /run body (skylitOffice's room). */
export const OFFICE_BODY = {
  model_type: 'df_default',
  parameters: {
    height_roof_over_floor: 3,
    floor_height_above_terrain: 0,
    room_polygon: [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
    ],
    windows: { w1: { x1: 1.5, y1: -0.15, z1: 1, x2: 3.5, y2: 0.15, z2: 2.2, window_frame_ratio: 0.2 } },
  },
};

/**
 * The office with a 1.2 × 1 m skylight over its middle (issue 33), frame 15 %: with its window or without
 * one, and with surroundings (`mesh`, [x, y, z] points) when given.
 */
export function skylitOffice(window = true, mesh?: number[][]): EngineRoom {
  const room = roomOf(mesh ? { ...OFFICE_BODY, mesh } : OFFICE_BODY);
  const skylights = [
    {
      id: 's1',
      polygon: [
        [2, 1.5],
        [3.2, 1.5],
        [3.2, 2.5],
        [2, 2.5],
      ] as [number, number][],
      window_frame_ratio: 0.15,
    },
  ];
  return window
    ? { ...room, parameters: { ...room.parameters, skylights } }
    : { ...room, parameters: { ...room.parameters, windows: [], skylights }, geometry: [] };
}

/**
 * A hall whose window rises `tall` metres from 0.8 m over its floor (room height tall + 0.8), facing a block
 * `block` metres high `street` metres across: a window several storeys high sees over the block from its top
 * and only facade from its foot, which its one fan from mid-height (the request's angles) misjudges
 * (glassBands.ts). The default: 7.2 m of window, a 24 m block 10 m away (62° from the middle, 66° from the
 * foot, 58° from the top).
 */
export function tallWindowStreet(
  tall = 7.2,
  block = 24,
  street = 10,
  /** Other surroundings instead of the street's block. */
  mesh?: V[],
): EngineRoom {
  const req = parseRunRequest({
    model_type: 'df_default',
    parameters: {
      height_roof_over_floor: tall + 0.8,
      floor_height_above_terrain: 0.3,
      room_polygon: [
        [0, 0],
        [6, 0],
        [6, 8],
        [0, 8],
      ],
      windows: { w: { x1: 1, y1: 0, z1: 0.8, x2: 5, y2: -0.3, z2: 0.8 + tall, window_frame_ratio: 0.1 } },
    },
    mesh: mesh ?? boxTriangles(-40, -0.3 - street - 24, 46, -0.3 - street, block),
  });
  return { parameters: req.parameters, geometry: req.geometry, mesh: req.mesh, modelType: 'df_default' };
}

/**
 * A first-floor room under a balcony: the slab (0.2 m thick, `depth` deep, 8 m wide) 0.3 m above the window's
 * head, a block 6 m high 12 m across the street. The balcony's front edge is the window's zenith, 1–2 m
 * from the glass: what a room point sees of the sky under it is not what the fan's viewpoint on the glass
 * does (glassBands.ts sectorEdges).
 */
export function balconyRoom(depth = 1.5): EngineRoom {
  const slab: number[][] = [];
  const z = 3 + 2.4 + 0.3;
  prism(
    slab,
    [
      [-2, -0.3],
      [6, -0.3],
      [6, -0.3 - depth],
      [-2, -0.3 - depth],
    ],
    z,
    z + 0.2,
  );
  return firstFloorRoom([...(slab as V[]), ...boxTriangles(-40, -0.3 - 12 - 20, 44, -0.3 - 12, 6)], 0.1);
}

/**
 * R01's first-floor room under a balcony no wider than its glass, a fin at one end of it and a tall
 * block's corner 10 m out beyond the other: what a room point sees of each through the glass is not what
 * the window's face sees (lux-frame-11, nearField.ts).
 */
export function narrowBalconyRoom(): EngineRoom {
  const z = 3 + 2.4 + 0.3;
  const mesh = [
    ...boxPoints([0.9, -1.8, z], [3.1, -0.3, z + 0.2]),
    ...boxPoints([3.1, -1.8, 3], [3.2, -0.3, z + 0.2]),
  ];
  return firstFloorRoom([...(mesh as V[]), ...boxTriangles(-4, -30.3, 40, -10.3, 25)], 0.1);
}
