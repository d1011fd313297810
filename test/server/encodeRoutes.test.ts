import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readNpy } from '../../src/core/encoding/npy';
import {
  isReproducibleEncode,
  loadVectors,
  recordedArrays,
  type UpstreamVector,
} from '../fixtures-encoder/upstreamVectors';
import { post, testApp } from './inProcess';

/**
 * The recorded /encode vectors of the original, sent through our HTTP API after converting each request to
 * our conventions (degrees, seed names, 64-value angle arrays). The decoded image and mask must be
 * identical. Requests that our validation ranges reject on purpose (api.md: "our validation ranges are
 * enforced before encoding") are listed with the reason and must answer 400; the encoder core reproduces
 * them too (test/encoding/upstreamVectors.test.ts).
 */
type Json = Record<string, unknown>;

const NAMES: Record<string, string> = {
  floor_reflectance: 'horizontal_reflectance',
  wall_reflectance: 'vertical_reflectance',
};
const DROP = new Set(['horizontal_reflectance', 'vertical_reflectance']); // ignored by the original

/** A scalar, or a list of any length, as the 64 values the original's bar resampling would produce. */
function angles64(v: unknown): number[] {
  const list = Array.isArray(v) ? v.map(Number) : [Number(v)];
  const L = list.length;
  if (L === 64) return list;
  if (L < 64) return Array.from({ length: 64 }, (_, i) => list[Math.trunc(i / (64 / L))]!);
  return Array.from({ length: 64 }, (_, i) => list[i === 63 ? L - 1 : Math.trunc(i * ((L - 1) / 63))]!);
}

function convertWindow(w: Json, shared: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(w)) {
    if (DROP.has(k)) continue;
    if (k === 'direction_angle') out[k] = ((Number(v) * 180) / Math.PI + 360) % 360;
    else out[NAMES[k] ?? k] = v;
  }
  out.horizon = angles64(w.horizon ?? shared.horizon);
  out.zenith = angles64(w.zenith ?? shared.zenith);
  return out;
}

function toApiRequest(req: Json): Json {
  const p = req.parameters as Json;
  const params: Json = {};
  for (const [k, v] of Object.entries(p))
    if (!DROP.has(k) && k !== 'windows' && k !== 'horizon' && k !== 'zenith') params[NAMES[k] ?? k] = v;
  // The outline is sent as the original's client wrote it ({"x", "y"} objects in some vectors): /encode
  // takes the encoder's forms (requests.ts encoderOutline).
  const windows =
    p.x1 !== undefined
      ? { window: convertWindow(p, p) }
      : Object.fromEntries(
          Object.entries(p.windows as Record<string, Json>).map(([id, w]) => [id, convertWindow(w, p)]),
        );
  for (const k of [
    'x1',
    'y1',
    'z1',
    'x2',
    'y2',
    'z2',
    'window_frame_ratio',
    'window_sill_height',
    'window_height',
    'direction_angle',
  ])
    delete params[k];
  params.windows = windows;
  const out: Json = { model_type: req.model_type, parameters: params };
  if (req.encoding_scheme) out.encoding_scheme = req.encoding_scheme;
  return out;
}

/** Vectors our own validation rejects on purpose, with the reason (api.md ranges / conventions). */
const REJECTED_ON_PURPOSE: Record<string, RegExp> = {
  zero_width_window: /^Parameter 'windows.w' has zero width along its wall$/, // no opening: nothing to light
  horizon_array_100_downsample:
    /^Parameter 'windows.w.horizon\[58\]' value 91 outside valid range \[0, 90\]$/,
  clip_height_35_horizon_100_zenith_80:
    /^Parameter 'height_roof_over_floor' value 35 outside valid range \[0, 30\]$/,
  floor12_multi_uses_clipped_floor_for_sill:
    /^Parameter 'floor_height_above_terrain' value 12 outside valid range \[0, 10\]$/,
  floor12_single_uses_raw_floor_for_sill:
    /^Parameter 'floor_height_above_terrain' value 12 outside valid range \[0, 10\]$/,
  empty_windows_dict_200_empty_npz: /^Parameter 'windows' must contain at least one window$/, // api.md: ≥ 1 window
};

const vectors = loadVectors().filter(isReproducibleEncode);

describe('the original /encode vectors through /v2/encode', () => {
  const app = testApp();
  it('there are 37 reproducible vectors', () => expect(vectors.length).toBe(37));
  for (const v of vectors as UpstreamVector[]) {
    it(v.name, async () => {
      const res = await post(app, '/v2/encode', toApiRequest(v.request!));
      const reason = REJECTED_ON_PURPOSE[v.name];
      if (reason) {
        expect(res.status).toBe(400);
        expect((await res.json()).error).toMatch(reason);
        return;
      }
      if (res.status !== 200) throw new Error(`${res.status}: ${await res.text()}`);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="encoded.zip"');
      const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
      const recorded = recordedArrays(v);
      expect(Object.keys(files).map((f) => f.replace(/\.npy$/, ''))).toEqual([...recorded.keys()]);
      for (const [key, arr] of recorded) {
        const ours = readNpy(files[`${key}.npy`]!);
        expect(ours.shape).toEqual(arr.shape);
        expect(Buffer.from(ours.data).equals(Buffer.from(arr.data)), key).toBe(true);
      }
    });
  }
});

describe('/encode with a mesh', () => {
  const app = testApp();
  it('encodes the angles /obstruction_all computes for the same window', async () => {
    const room_polygon = [
      [0, 0],
      [5, 0],
      [5, 4],
      [0, 4],
    ];
    const w1 = { x1: 1, y1: 0, z1: 0.9, x2: 2, y2: -0.3, z2: 2.4, window_frame_ratio: 0.2 };
    const mesh = [
      [-10, -8, 0],
      [12, -8, 0],
      [12, -8, 6],
      [-10, -8, 0],
      [12, -8, 6],
      [-10, -8, 6],
    ];
    const parameters = {
      height_roof_over_floor: 3,
      floor_height_above_terrain: 0,
      room_polygon,
      windows: { w1 },
    };
    const fan = await (
      await post(app, '/v2/obstruction_all', { room_polygon, windows: { w1 }, mesh })
    ).json();
    expect(Math.max(...fan.horizon)).toBeGreaterThan(20); // the wall is really seen
    const unzip = async (res: Response) => unzipSync(new Uint8Array(await res.arrayBuffer()));
    const fromMesh = await unzip(
      await post(app, '/v2/encode', { model_type: 'df_default', parameters, mesh }),
    );
    const withAngles = {
      ...parameters,
      windows: { w1: { ...w1, horizon: fan.horizon, zenith: fan.zenith } },
    };
    const fromAngles = await unzip(
      await post(app, '/v2/encode', { model_type: 'df_default', parameters: withAngles }),
    );
    expect(Buffer.from(fromMesh['image.npy']!).equals(Buffer.from(fromAngles['image.npy']!))).toBe(true);
    // and the angles did reach the bar: rows 32..95, column 124, channel 2 = horizon
    const image = readNpy(fromMesh['image.npy']!).data;
    const bar = Array.from({ length: 64 }, (_, i) => image[((32 + i) * 128 + 124) * 4 + 2]!);
    expect(new Set(bar).size).toBeGreaterThan(5);
  });
});
