import { describe, expect, it } from 'vitest';
import { encodeRoom, encodeWindow } from '../../src/core/encoding/encodeWindow';
import { IMAGE_CHANNELS, IMAGE_SIZE } from '../../src/core/encoding/image';
import type { EncoderRoom, EncoderWindow } from '../../src/core/encoding/types';
import type { Vec2 } from '../../src/core/geometry/vec';

const rect = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];

interface Region {
  count: number;
  rows: [number, number];
  cols: [number, number];
}

/** Where an RGBA value occurs: pixel count and inclusive bounding box. */
function regionOf(image: Uint8Array, rgba: readonly number[]): Region {
  const r: Region = { count: 0, rows: [IMAGE_SIZE, -1], cols: [IMAGE_SIZE, -1] };
  for (let i = 0; i < IMAGE_SIZE * IMAGE_SIZE; i++) {
    const px = image.subarray(i * IMAGE_CHANNELS, (i + 1) * IMAGE_CHANNELS);
    if (!rgba.every((v, k) => px[k] === v)) continue;
    const [row, col] = [Math.floor(i / IMAGE_SIZE), i % IMAGE_SIZE];
    r.count++;
    r.rows = [Math.min(r.rows[0], row), Math.max(r.rows[1], row)];
    r.cols = [Math.min(r.cols[0], col), Math.max(r.cols[1], col)];
  }
  return r;
}

const maskBox = (mask: Uint8Array): Region => {
  const asImage = new Uint8Array(mask.length * IMAGE_CHANNELS);
  mask.forEach((v, i) => asImage.set([v, v, v, v], i * IMAGE_CHANNELS));
  return regionOf(asImage, [1, 1, 1, 1]);
};

const df = { modelType: 'df_default', scheme: 'v2' } as const;

/** assets/df_default_single.json of the original repository (encoder.md §7). */
const assetRoom: EncoderRoom = {
  height_roof_over_floor: 3,
  floor_height_above_terrain: 2,
  room_polygon: rect(-2, 0, 2, 5),
};
const assetWindow: EncoderWindow = {
  id: 'window1',
  x1: -0.6,
  y1: 0,
  z1: 2.1,
  x2: 0.6,
  y2: 0,
  z2: 3.4,
  window_sill_height: 0.9,
  window_frame_ratio: 0.8,
  horizon: 45,
  zenith: 30,
};

describe('worked examples (encoder.md §7)', () => {
  it('reproduces the golden asset: south-facing, no stripe', () => {
    const { image, mask } = encodeWindow(assetRoom, assetWindow, df);
    expect(regionOf(image, [190, 71, 190, 190]).count).toBe(14037);
    expect(regionOf(image, [220, 220, 127, 220])).toEqual({ count: 2091, rows: [44, 84], cols: [62, 112] });
    expect(regionOf(image, [116, 210, 127, 210])).toEqual({ count: 256, rows: [32, 95], cols: [124, 127] });
    expect(maskBox(mask)).toEqual({ count: 2091, rows: [44, 84], cols: [62, 112] });
  });

  it('draws the stripe for the same window facing east, with the given sill', () => {
    const room = { ...assetRoom, room_polygon: rect(-5, -2, 0, 2) };
    const window = { ...assetWindow, x1: 0, y1: -0.6, x2: 0, y2: 0.6 };
    const { image } = encodeWindow(room, window, df);
    expect(regionOf(image, [195, 50, 45, 230])).toEqual({ count: 36, rows: [58, 69], cols: [113, 115] });
  });

  it('places the four facades of one room (multi-window)', () => {
    const w = (id: string, x1: number, y1: number, x2: number, y2: number): EncoderWindow => ({
      id,
      x1,
      y1,
      z1: 0.9,
      x2,
      y2,
      z2: 2.4,
      window_frame_ratio: 0.2,
      horizon: 10,
      zenith: 20,
    });
    const room: EncoderRoom = {
      height_roof_over_floor: 3,
      floor_height_above_terrain: 0,
      room_polygon: rect(-3, 0, 3, 6),
    };
    const [s, e, n, west] = encodeRoom(
      room,
      [w('s', -0.6, 0, 0.6, 0), w('e', 3, 1, 3, 3), w('n', -1, 6, 0, 6), w('w', -3, 4, -3, 5)],
      df,
    );
    const roomBox = (x: typeof s) => regionOf(x!.image, [220, 220, 127, 220]);
    const stripe = (x: typeof s) => regionOf(x!.image, [184, 204, 45, 230]);
    expect(regionOf(s!.image, [190, 25, 190, 190]).count).toBeGreaterThan(0);
    expect(regionOf(s!.image, [94, 210, 28, 210]).count).toBe(256);
    expect(roomBox(s)).toMatchObject({ rows: [34, 94], cols: [52, 112] });
    expect(stripe(s).count).toBe(0);
    expect(roomBox(e).rows).toEqual([24, 84]);
    expect(stripe(e).rows).toEqual([54, 73]);
    expect(roomBox(n).rows).toEqual([39, 99]);
    expect(stripe(n).rows).toEqual([59, 68]);
    expect(roomBox(west).rows).toEqual([19, 79]);
    expect(stripe(west).rows).toEqual([59, 68]);
  });

  it('anchors the README example at the window end', () => {
    const room: EncoderRoom = {
      height_roof_over_floor: 2.7,
      floor_height_above_terrain: 0,
      room_polygon: rect(0, 0, 5, 4),
    };
    const window: EncoderWindow = {
      id: 'main_window',
      x1: -0.6,
      y1: 0,
      z1: 0.9,
      x2: 0.6,
      y2: 0,
      z2: 2.4,
      window_sill_height: 0.9,
      window_frame_ratio: 0.15,
      horizon: 15,
      zenith: 10,
    };
    const { image, mask } = encodeWindow(room, window, df);
    expect(maskBox(mask)).toMatchObject({ rows: [20, 70], cols: [72, 112] });
    expect(regionOf(image, [72, 210, 42, 210]).count).toBe(256);
  });

  it("resolves the banker's-rounding ties to even", () => {
    const room: EncoderRoom = {
      height_roof_over_floor: 3,
      floor_height_above_terrain: 0,
      room_polygon: rect(-4.25, -1.25, 0, 1.45),
    };
    const window: EncoderWindow = {
      id: 'w',
      x1: 0,
      y1: -0.35,
      z1: 0.9,
      x2: 0,
      y2: 0.55,
      z2: 2.4,
      window_frame_ratio: 0.2,
      horizon: 10,
      zenith: 20,
    };
    const { image, mask } = encodeWindow(room, window, df);
    expect(maskBox(mask)).toMatchObject({ rows: [51, 78], cols: [70, 112] });
    expect(regionOf(image, [184, 204, 45, 230]).rows).toEqual([60, 68]);
  });
});

describe('parameters', () => {
  const room: EncoderRoom = {
    height_roof_over_floor: 3,
    floor_height_above_terrain: 12,
    room_polygon: rect(-3, 0, 3, 6),
  };
  const east: EncoderWindow = {
    id: 'e',
    x1: 3,
    y1: 1,
    z1: 12.9,
    x2: 3,
    y2: 3,
    z2: 14.4,
    window_frame_ratio: 0.2,
    horizon: 10,
    zenith: 20,
  };
  const stripeAt = (image: Uint8Array): number[] => [
    ...image.subarray((64 * IMAGE_SIZE + 114) * 4, (64 * IMAGE_SIZE + 115) * 4),
  ];

  it('derives the sill from the raw floor for one window and from the floor clipped to 10 m for several', () => {
    const single = encodeRoom(room, [east], df)[0]!;
    const multi = encodeRoom(room, [east, { ...east, id: 'e2' }], df)[0]!;
    expect(stripeAt(single.image)[2]).toBe(45); // sill 0.9
    expect(stripeAt(multi.image)[2]).toBe(147); // sill 2.9
    expect(single.image[1]).toBe(255); // floor clipped to 10 either way
  });

  it('encodes horizontal_reflectance as the floor and vertical_reflectance as the walls', () => {
    const { image, mask } = encodeWindow(
      { ...room, horizontal_reflectance: 0.3, vertical_reflectance: 0.7 },
      east,
      df,
    );
    const i = mask.indexOf(1) * IMAGE_CHANNELS;
    expect([...image.subarray(i, i + 4)]).toEqual([178, 76, 127, 220]);
  });

  it('lets window materials win over room materials', () => {
    const { image, mask } = encodeWindow(
      { ...room, ceiling_reflectance: 0.6 },
      { ...east, ceiling_reflectance: 0.85 },
      df,
    );
    expect(image[mask.indexOf(1) * IMAGE_CHANNELS + 3]).toBe(178);
  });

  it('takes directionRad bit for bit, else direction_angle in degrees, else the geometry', () => {
    const derived = encodeWindow(assetRoom, assetWindow, df).image;
    const sameAsDerived = (w: Partial<EncoderWindow>): boolean =>
      encodeWindow(assetRoom, { ...assetWindow, ...w }, df).image.every((v, i) => v === derived[i]);
    expect(sameAsDerived({ direction_angle: 270 })).toBe(true);
    expect(sameAsDerived({ directionRad: 4.71238898038469, direction_angle: 0 })).toBe(true);
    expect(sameAsDerived({ direction_angle: 0 })).toBe(false);
  });
});
