import { describe, expect, it } from 'vitest';
import { LuxError } from '../../src/core/errors';
import {
  parseClimateRequest,
  parseRunRequest,
  parseViewpointRequest,
  parseEncodeRawRequest,
  parseObstructionWindowsRequest,
} from '../../src/core/validation/requests';

const tri = [
  [10, -5, 0],
  [10, 5, 0],
  [10, 0, 5],
];
const window = { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: 0, z2: 2.4, window_frame_ratio: 0.2 };
const valid = () => ({
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
    windows: { w1: { ...window } },
  },
  mesh: tri,
});

function errorOf(f: () => unknown): { type: string; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof LuxError) return { type: e.type, message: e.message };
    throw e;
  }
  throw new Error('expected a LuxError');
}
const runError = (body: unknown) => errorOf(() => parseRunRequest(body)).message;

describe('Missing required parameters (api.md exact messages)', () => {
  it('lists top-level fields in table order: model_type, mesh', () => {
    const b: Record<string, unknown> = valid();
    delete b.model_type;
    delete b.mesh;
    expect(runError(b)).toBe('Missing required parameters: model_type, mesh');
  });
  it('names nested fields by path', () => {
    const b = valid();
    delete (b.parameters as Record<string, unknown>).room_polygon;
    delete (b.parameters.windows.w1 as Record<string, unknown>).x2;
    expect(runError(b)).toBe(
      'Missing required parameters: parameters.room_polygon, parameters.windows.w1.x2',
    );
  });
  it('names the whole parameters object when it is absent', () => {
    expect(runError({ model_type: 'df_default', mesh: tri })).toBe('Missing required parameters: parameters');
  });
  it('window_frame_ratio is required for /run', () => {
    const b = valid();
    delete (b.parameters.windows.w1 as Record<string, unknown>).window_frame_ratio;
    expect(runError(b)).toBe('Missing required parameters: parameters.windows.w1.window_frame_ratio');
  });
  it('mesh is not required when every window has horizon and zenith (own or top-level)', () => {
    const b: Record<string, unknown> = valid();
    delete b.mesh;
    const zeros = new Array(64).fill(0);
    expect(parseRunRequest({ ...b, horizon: zeros, zenith: zeros }).mesh).toBeNull();
    const own = valid() as Record<string, unknown>;
    delete own.mesh;
    (own.parameters as { windows: { w1: Record<string, unknown> } }).windows.w1.horizon = zeros;
    expect(runError(own)).toBe('Missing required parameters: mesh'); // zenith still missing
  });
});

describe('ranges and types', () => {
  it('prints numbers as JavaScript does', () => {
    const b = valid();
    b.parameters.height_roof_over_floor = 35;
    expect(runError(b)).toBe("Parameter 'height_roof_over_floor' value 35 outside valid range [0, 30]");
    b.parameters.height_roof_over_floor = 3;
    b.parameters.windows.w1.window_frame_ratio = 1.5;
    expect(runError(b)).toBe(
      "Parameter 'windows.w1.window_frame_ratio' value 1.5 outside valid range [0, 1]",
    );
  });
  it('height_roof_over_floor must be > 0', () => {
    const b = valid();
    b.parameters.height_roof_over_floor = 0;
    // 0 itself is out (the bound is exclusive: docs and OpenAPI say so); the message keeps the interface's shape.
    expect(runError(b)).toBe("Parameter 'height_roof_over_floor' value 0 outside valid range [0, 30]");
  });
  it.each([
    ['ceiling_reflectance', 0.95, '[0.5, 0.9]'],
    ['horizontal_reflectance', 0.01, '[0.05, 0.6]'],
    ['vertical_reflectance', 0.2, '[0.3, 0.9]'],
    ['facade_reflectance', 0.7, '[0.1, 0.6]'],
    ['terrain_reflectance', 0.5, '[0.05, 0.4]'],
    ['floor_height_above_terrain', 11, '[0, 10]'],
  ])('%s %s is out of range %s', (field, value, range) => {
    const b = valid() as { parameters: Record<string, unknown> };
    b.parameters[field] = value;
    expect(runError(b)).toBe(`Parameter '${field}' value ${value} outside valid range ${range}`);
  });
  it.each([
    ['"3"', '3', 'string'],
    ['null', null, 'null'],
    ['true', true, 'boolean'],
  ])('a %s height is a type error', (_, value, got) => {
    const b = valid() as { parameters: Record<string, unknown> };
    b.parameters.height_roof_over_floor = value;
    expect(runError(b)).toBe(`Parameter 'height_roof_over_floor' must be a finite number, got ${got}`);
  });
  it('horizon arrays: exactly 64 values, each 0–90', () => {
    const b = { ...valid(), horizon: [1, 2], zenith: new Array(64).fill(0) };
    expect(runError(b)).toBe("Parameter 'horizon' must contain 64 values, got 2");
    const h = new Array(64).fill(0);
    h[5] = 95;
    expect(runError({ ...valid(), horizon: h, zenith: new Array(64).fill(0) })).toBe(
      "Parameter 'horizon[5]' value 95 outside valid range [0, 90]",
    );
  });
  it('model_type: known names, version suffix accepted and ignored, da_* need a weather file', () => {
    expect(parseRunRequest({ ...valid(), model_type: 'df_default_2.0.1' }).modelType).toBe('df_default');
    expect(parseRunRequest({ ...valid(), model_type: 'df_custom' }).modelType).toBe('df_custom');
    const needs = (t: string) =>
      `model_type '${t}' needs a year of weather: send an EnergyPlus weather file (EPW) as the text of 'weather' in the JSON body, or as a 'weather' file part of a multipart form`;
    expect(runError({ ...valid(), model_type: 'da_default' })).toBe(needs('da_default'));
    expect(runError({ ...valid(), model_type: 'da_custom_1.0' })).toBe(needs('da_custom'));
    expect(runError({ ...valid(), model_type: 'sky' })).toMatch(
      /^Parameter 'model_type' must be one of df_default/,
    );
  });
  it('a climate-based request: the weather and its occupied hours and threshold', () => {
    const c = parseClimateRequest({
      ...valid(),
      model_type: 'da_custom',
      weather: 'LOCATION,…',
      climate: { occupied_from: 9, occupied_to: 17, da_lux: 500, plan_north: 32.5 },
    });
    expect(c).toMatchObject({
      modelType: 'da_custom',
      occupiedFrom: 9,
      occupiedTo: 17,
      daLux: 500,
      planNorth: 32.5,
    });
    expect(parseClimateRequest({ ...valid(), model_type: 'da_default', weather: 'x' })).toMatchObject({
      occupiedFrom: 8,
      occupiedTo: 18,
      daLux: 300,
      planNorth: 0,
    });
    const climateError = (b: unknown) => {
      try {
        parseClimateRequest(b);
      } catch (e) {
        return (e as Error).message;
      }
      return '(accepted)';
    };
    expect(climateError({ ...valid(), model_type: 'da_default' })).toMatch(
      /^model_type 'da_default' needs a year/,
    );
    expect(
      climateError({
        ...valid(),
        model_type: 'da_default',
        weather: 'x',
        climate: { occupied_from: 18, occupied_to: 8 },
      }),
    ).toBe("Parameter 'climate.occupied_to' (8) must be after 'climate.occupied_from' (18)");
    expect(climateError({ ...valid(), model_type: 'df_default', weather: 'x' })).toMatch(
      /is a daylight factor/,
    );
  });
  it('response_format', () => {
    expect(parseRunRequest({ ...valid(), response_format: 'base64' }).responseFormat).toBe('base64');
    expect(runError({ ...valid(), response_format: 'xml' })).toBe(
      "Parameter 'response_format' must be 'json' or 'base64'",
    );
  });
});

describe('mesh', () => {
  it.each([
    [[], 'Mesh must contain at least 3 points'],
    [[[0, 0, 0]], 'Mesh must contain at least 3 points'],
    [[...tri, [1, 1, 1]], 'Mesh point count must be a multiple of 3, got 4'],
    ['abc', "Parameter 'mesh' must be an array of [x, y, z] points"],
    [
      [
        [0, 0],
        [1, 1, 1],
        [2, 2, 2],
      ],
      "Parameter 'mesh' must be an array of [x, y, z] points (point 0 is not)",
    ],
    [
      [
        [0, 0, '1'],
        [1, 1, 1],
        [2, 2, 2],
      ],
      "Parameter 'mesh[0][2]' must be a finite number",
    ],
  ])('%j → %s', (mesh, message) => {
    expect(runError({ ...valid(), mesh })).toBe(message);
  });
  it('an empty mesh beside angles for every window is skipped, as the original does; without angles it is refused', () => {
    const angles = { horizon: new Array(64).fill(10), zenith: new Array(64).fill(5) };
    expect(parseRunRequest({ ...valid(), ...angles, mesh: [] }).mesh).toBeNull();
    expect(runError({ ...valid(), mesh: [] })).toBe('Mesh must contain at least 3 points');
    // Angles given per window do the same, and one window without them needs the mesh.
    const own = valid();
    Object.assign(own.parameters.windows.w1, angles);
    expect(parseRunRequest({ ...own, mesh: [] }).mesh).toBeNull();
    const second = valid() as { parameters: { windows: Record<string, object> } };
    second.parameters.windows = { w1: { ...window, ...angles }, w2: { ...window, x1: 3, x2: 4 } };
    expect(runError({ ...second, mesh: [] })).toBe('Mesh must contain at least 3 points');
    // A mesh given beside the angles is still checked.
    expect(runError({ ...valid(), ...angles, mesh: [[0, 0, 0]] })).toBe(
      'Mesh must contain at least 3 points',
    );
  });
  it('above LUX_MAX_MESH_POINTS → 413 payload_too_large', () => {
    const e = errorOf(() => parseRunRequest({ ...valid(), mesh: [...tri, ...tri] }, { maxMeshPoints: 3 }));
    expect(e).toEqual({
      type: 'payload_too_large',
      message: 'Mesh has 6 points, above the limit of 3 (LUX_MAX_MESH_POINTS)',
    });
  });
  it('parses to a flat Float32Array', () => {
    expect(Array.from(parseRunRequest(valid()).mesh!.positions)).toEqual(tri.flat());
  });
});

describe('geometry rules', () => {
  it('a repeated closing point is dropped', () => {
    const b = valid();
    b.parameters.room_polygon = [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
      [0, 0],
    ];
    expect(parseRunRequest(b).parameters.room_polygon).toHaveLength(4);
  });
  it('windows may reach 0.15 m beyond floor..ceiling, not farther', () => {
    const ok = valid();
    ok.parameters.windows.w1 = { ...window, z1: -0.15, z2: 3.15 };
    expect(() => parseRunRequest(ok)).not.toThrow();
    const low = valid();
    low.parameters.windows.w1 = { ...window, z1: -0.2 };
    expect(runError(low)).toMatch(
      /^Parameter 'windows.w1' starts at z -0.2, more than 0.15 m below the floor/,
    );
    const high = valid();
    high.parameters.windows.w1 = { ...window, z2: 3.2 };
    expect(runError(high)).toMatch(
      /^Parameter 'windows.w1' ends at z 3.2, more than 0.15 m above the ceiling/,
    );
  });
  it('z is absolute: a window of a raised floor is measured from that floor', () => {
    const b = valid();
    b.parameters.floor_height_above_terrain = 6;
    expect(runError(b)).toMatch(/below the floor \(z 6\)/);
    b.parameters.windows.w1 = { ...window, z1: 6.9, z2: 8.4 };
    expect(() => parseRunRequest(b)).not.toThrow();
  });
  it('windows keep request order; integer-like ids come first, as JS objects order them (documented)', () => {
    const b = valid();
    (b.parameters.windows as Record<string, unknown>) = { b: window, a: { ...window, x1: 3, x2: 4 } };
    expect(parseRunRequest(b).parameters.windows.map((w) => w.id)).toEqual(['b', 'a']);
    (b.parameters.windows as Record<string, unknown>) = JSON.parse(
      '{"b": {"x1":1,"y1":0,"z1":0.9,"x2":2,"y2":0,"z2":2.4,"window_frame_ratio":0.2}, "2": {"x1":3,"y1":0,"z1":0.9,"x2":4,"y2":0,"z2":2.4,"window_frame_ratio":0.2}}',
    );
    expect(parseRunRequest(b).parameters.windows.map((w) => w.id)).toEqual(['2', 'b']);
  });
});

describe('other request shapes', () => {
  it('viewpoint form with degrees, or legacy rad_y radians', () => {
    const v = parseViewpointRequest({ x: 0, y: 0, z: 1, direction_angle: 90, mesh: tri });
    expect(v.direction).toBe(90);
    const legacy = parseViewpointRequest({ x: 0, y: 0, z: 1, rad_x: 0, rad_y: Math.PI, mesh: tri });
    expect(legacy.direction).toBeCloseTo(180, 12);
    expect(errorOf(() => parseViewpointRequest({ x: 0, mesh: tri })).message).toBe(
      'Missing required parameters: y, z, direction_angle',
    );
    expect(
      errorOf(() => parseViewpointRequest({ x: 0, y: 0, z: 0, direction_angle: 361, mesh: tri })).message,
    ).toBe("Parameter 'direction_angle' value 361 outside valid range [0, 360]");
  });
  it('/encode_raw needs direction_angle, horizon and zenith on every window', () => {
    const b = valid() as Record<string, unknown>;
    delete b.mesh;
    expect(errorOf(() => parseEncodeRawRequest(b)).message).toBe(
      'Missing required parameters: parameters.windows.w1.direction_angle, parameters.windows.w1.horizon, parameters.windows.w1.zenith',
    );
  });
  it('/obstruction_all window form needs window_frame_ratio and mesh', () => {
    const { room_polygon } = valid().parameters;
    const { window_frame_ratio: _, ...bare } = window;
    expect(
      errorOf(() => parseObstructionWindowsRequest({ room_polygon, windows: { w1: bare } })).message,
    ).toBe('Missing required parameters: windows.w1.window_frame_ratio, mesh');
  });
});

describe('coordinate bounds (fuzz repro: 1.8e308 overflowed the encoder into a 500)', () => {
  it('a polygon coordinate near the float64 limit is a range error', () => {
    const b = valid();
    b.parameters.room_polygon = [
      [0, 0],
      [1.7976931348623157e308, 0],
      [5, 4],
      [0, 4],
    ];
    expect(runError(b)).toBe(
      "Parameter 'room_polygon[1][0]' value 1.7976931348623157e+308 outside valid range [-10000000, 10000000]",
    );
  });
  it('window corners and mesh points are bounded too', () => {
    const b = valid();
    b.parameters.windows.w1 = { ...window, x2: -2e7 };
    expect(runError(b)).toBe(
      "Parameter 'windows.w1.x2' value -20000000 outside valid range [-10000000, 10000000]",
    );
    expect(
      runError({
        ...valid(),
        mesh: [
          [0, 0, 0],
          [1, 0, 0],
          [0, 0, 1e9],
        ],
      }),
    ).toBe("Parameter 'mesh[2][2]' value 1000000000 outside valid range [-10000000, 10000000]");
  });
  it('rooms larger than 200 m across are refused (their grid would not fit)', () => {
    const b = valid();
    b.parameters.room_polygon = [
      [0, 0],
      [250, 0],
      [250, 4],
      [0, 4],
    ];
    expect(runError(b)).toBe("Parameter 'room_polygon' spans 250 m; rooms up to 200 m across are supported");
  });
});
