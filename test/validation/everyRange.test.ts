import { describe, expect, it } from 'vitest';
import { LuxError } from '../../src/core/errors';
import { parseWith } from '../../src/core/validation/format';
import { RANGES, type RangedField } from '../../src/core/validation/ranges';
import {
  parseClimateRequest,
  parseEncodeRequest,
  parseRunRequest,
  parseViewpointRequest,
} from '../../src/core/validation/requests';
import { simulateOptions } from '../../src/core/validation/schemas';
import { EXAMPLE_BODIES } from '../../src/service/operations';

// Every ranged parameter, placed where a client sends it, just outside each end of its range: the message is
// the interface's `Parameter '<name>' value <v> outside valid range [<min>, <max>]` (issue 17), field by field.

/** The API docs' example room (a 5 × 4 m room, one window, a wall across the street), fresh for each case. */
interface Body {
  parameters: Record<string, unknown> & {
    windows: { w1: Record<string, unknown> };
    room_polygon: number[][];
  };
  mesh: number[][];
  [k: string]: unknown;
}
const body = (): Body => structuredClone(EXAMPLE_BODIES['/run']![0]) as Body;

type Case = { name: string; error: (v: number) => string };

function messageOf(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof LuxError) return e.message;
    throw e;
  }
  return '(accepted)';
}

/** Where each field goes, and which parser reads it. */
const PLACES: Record<RangedField, Case> = (() => {
  const room = (field: string): Case => ({
    name: field,
    error: (v) =>
      messageOf(() =>
        parseRunRequest(Object.assign(body(), { parameters: { ...body().parameters, [field]: v } })),
      ),
  });
  const win = (field: string): Case => ({
    name: `windows.w1.${field}`,
    error: (v) => {
      const b = body();
      b.parameters.windows.w1[field] = v;
      return messageOf(() => parseRunRequest(b));
    },
  });
  const sky = (field: 'horizon' | 'zenith'): Case => ({
    name: `${field}[7]`,
    error: (v) => {
      const a = new Array(64).fill(0);
      a[7] = v;
      return messageOf(() =>
        parseRunRequest({
          ...body(),
          horizon: new Array(64).fill(0),
          zenith: new Array(64).fill(0),
          [field]: a,
        }),
      );
    },
  });
  const viewpoint = (field: 'x' | 'y' | 'z'): Case => ({
    name: field,
    error: (v) =>
      messageOf(() =>
        parseViewpointRequest({ x: 0, y: 0, z: 1, direction_angle: 0, mesh: body().mesh, [field]: v }),
      ),
  });
  return {
    height_roof_over_floor: room('height_roof_over_floor'),
    floor_height_above_terrain: room('floor_height_above_terrain'),
    ceiling_reflectance: room('ceiling_reflectance'),
    horizontal_reflectance: room('horizontal_reflectance'),
    vertical_reflectance: room('vertical_reflectance'),
    facade_reflectance: room('facade_reflectance'),
    terrain_reflectance: room('terrain_reflectance'),
    glass_transmittance: win('glass_transmittance'),
    window_frame_ratio: win('window_frame_ratio'),
    direction_angle: win('direction_angle'),
    window_sill_height: win('window_sill_height'),
    window_height: win('window_height'),
    window_frame_reflectance: win('window_frame_reflectance'),
    balcony_reflectance: room('balcony_reflectance'),
    context_reflectance: win('context_reflectance'),
    window_orientation: {
      name: 'window_orientation',
      error: (v) =>
        messageOf(() =>
          parseEncodeRequest({ ...body(), parameters: { ...body().parameters, window_orientation: v } }),
        ),
    },
    horizon: sky('horizon'),
    zenith: sky('zenith'),
    room_polygon: {
      name: 'room_polygon[2][1]',
      error: (v) => {
        const b = body();
        b.parameters.room_polygon[2]![1] = v;
        return messageOf(() => parseRunRequest(b));
      },
    },
    x1: win('x1'),
    y1: win('y1'),
    z1: win('z1'),
    x2: win('x2'),
    y2: win('y2'),
    z2: win('z2'),
    x: viewpoint('x'),
    y: viewpoint('y'),
    z: viewpoint('z'),
    seed: {
      name: 'seed',
      error: (v) => messageOf(() => parseWith(simulateOptions, { seed: v })),
    },
    ambient_bounces: {
      name: 'ambient_bounces',
      error: (v) => messageOf(() => parseWith(simulateOptions, { ambient_bounces: v })),
    },
    ...Object.fromEntries(
      (['occupied_from', 'occupied_to', 'da_lux', 'plan_north'] as const).map((f) => [
        f,
        {
          name: `climate.${f}`,
          error: (v: number) =>
            messageOf(() =>
              parseClimateRequest({
                ...body(),
                model_type: 'da_default',
                weather: 'LOCATION',
                climate: { [f]: v },
              }),
            ),
        },
      ]),
    ),
  } as Record<RangedField, Case>;
})();

describe('every ranged parameter gives the interface’s range message', () => {
  it('places every entry of RANGES', () => {
    expect(Object.keys(PLACES).sort()).toEqual(Object.keys(RANGES).sort());
  });
  it.each(Object.keys(RANGES) as RangedField[])('%s', (field) => {
    const r = RANGES[field];
    const place = PLACES[field];
    const message = (v: number) =>
      `Parameter '${place.name}' value ${v} outside valid range [${r.min}, ${r.max}]`;
    const span = r.max - r.min;
    // Far outside each end (whole steps: the seed and the bounces are integers), and just outside: the
    // next number a client could print (a thousandth of the span, or 1 for an integer).
    const step = ['seed', 'ambient_bounces', 'occupied_from', 'occupied_to'].includes(field)
      ? 1
      : span / 1000;
    for (const v of [
      r.min - Math.max(1, Math.ceil(span / 10)),
      r.max + Math.max(1, Math.ceil(span / 10)),
      r.min - step,
      r.max + step,
    ])
      expect(place.error(v)).toBe(message(v));
    // The ends themselves are in range (another check may still refuse the request: a window at x1 = 10⁷
    // is no longer on the room's wall), except an exclusive lower end.
    const exclusive = 'exclusiveMin' in r && r.exclusiveMin;
    if (exclusive) expect(place.error(r.min)).toBe(message(r.min));
    else expect(place.error(r.min)).not.toContain(`'${place.name}' value`);
    expect(place.error(r.max)).not.toContain(`'${place.name}' value`);
  });
});
