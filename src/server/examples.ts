/**
 * One or more valid request bodies for every POST route of routes.ts (docs/api.md): the OpenAPI document's
 * examples, the seeds of the fuzz test's mutations and the requests of the HTTP tests. The room and window are conventions.md's
 * third worked example (reference point (1.5, 0, 1.65), direction 270°); the mesh is a wall 10 m in
 * front of that window.
 */
export const ROOM_POLYGON = [
  [0, 0],
  [5, 0],
  [5, 4],
  [0, 4],
];
export const WINDOW = { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 };
export const MESH = [
  [-10, -10, 0],
  [12, -10, 0],
  [12, -10, 8],
  [-10, -10, 0],
  [12, -10, 8],
  [-10, -10, 8],
];
const angles = (v: number) => Array.from({ length: 64 }, (_, i) => v + (i % 8));

const parameters = {
  height_roof_over_floor: 3,
  floor_height_above_terrain: 0,
  room_polygon: ROOM_POLYGON,
  windows: { w1: WINDOW },
};
const viewpoint = { x: 1.5, y: 0, z: 1.65, direction_angle: 270, mesh: MESH };
const legacyViewpoint = { x: 1.5, y: 0, z: 1.65, rad_x: 0, rad_y: (3 * Math.PI) / 2, mesh: MESH };
const grid = {
  df_matrix: [
    [0, 1.5, 2.5],
    [3.5, 0.5, 4],
  ],
  room_mask: [
    [true, true, false],
    [1, 1, 0],
  ],
};

export const EXAMPLE_BODIES: Record<string, readonly unknown[]> = {
  '/run': [
    { model_type: 'df_default', parameters, mesh: MESH },
    {
      model_type: 'df_custom_2.0.1',
      parameters,
      horizon: angles(5),
      zenith: angles(10),
      response_format: 'base64',
    },
  ],
  '/run/detailed': [
    {
      model_type: 'df_default',
      parameters: { ...parameters, windows: { w1: WINDOW, w2: { ...WINDOW, x1: 3, x2: 4 } } },
      mesh: MESH,
    },
  ],
  '/simulate': [
    { model_type: 'df_default', parameters, mesh: MESH, quality: 'draft' },
    {
      model_type: 'df_custom',
      parameters,
      horizon: angles(5),
      zenith: angles(10),
      response_format: 'base64',
      seed: 3,
      quality: 'draft',
    },
  ],
  '/obstruction_all': [{ room_polygon: ROOM_POLYGON, windows: { w1: WINDOW }, mesh: MESH }, viewpoint],
  '/horizon': [viewpoint, legacyViewpoint],
  '/zenith': [viewpoint, legacyViewpoint],
  '/obstruction': [viewpoint, legacyViewpoint],
  '/get-reference-point': [{ room_polygon: ROOM_POLYGON, windows: { w1: WINDOW } }, { parameters }],
  '/calculate-direction': [{ room_polygon: ROOM_POLYGON, windows: { w1: { x1: 1, y1: 0, x2: 2, y2: 0 } } }],
  '/encode': [
    { model_type: 'df_default', parameters, mesh: MESH },
    { model_type: 'df_custom', parameters, mesh: MESH, encoding_scheme: 'v1' },
  ],
  '/encode_raw': [
    {
      model_type: 'df_default',
      parameters: {
        ...parameters,
        windows: { w1: { ...WINDOW, direction_angle: 270, horizon: angles(5), zenith: angles(10) } },
      },
    },
  ],
  '/meshes': [{ mesh: MESH }],
  '/stats': [grid, { ...grid, thresholds: [0.5, 2, 5] }],
  '/merge': [
    {
      window_results: {
        a: grid,
        b: {
          df_matrix: [
            [1, 1, 1],
            [1, 1, 1],
          ],
          room_mask: [
            [0, 0, 1],
            [0, 0, 1],
          ],
        },
      },
    },
  ],
};
