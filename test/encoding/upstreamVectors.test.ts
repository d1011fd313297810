/**
 * The recorded answers of the original service (test/fixtures/upstream-encoder): every `/encode`
 * vector of scheme v1 or v2 answered 200 must come out with identical decoded `image` and `mask` arrays
 * (and the same ZIP entry names); the geometry vectors are checked against the encoder's direction and
 * against Lux's conventions-based window geometry.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  isReproducibleEncode,
  loadVectors,
  recordedArrays,
  sha256Hex,
  toEncoderCall,
  type UpstreamVector,
} from '../fixtures-encoder/upstreamVectors';
import { roundPoint, windowGeometry } from '../../src/core/geometry/window';
import type { Vec2 } from '../../src/core/geometry/vec';
import { originalDirection } from '../../src/core/encoding/direction';
import { encodeRoom } from '../../src/core/encoding/encodeWindow';
import { encodedZip } from '../../src/core/encoding/zip';

const vectors = loadVectors();
const encodeVectors = vectors.filter(isReproducibleEncode);

/** How many bytes differ, and the first few as row/col/channel, for a readable failure. */
function differences(ours: Uint8Array, theirs: Uint8Array, channels: number): string {
  const diffs: string[] = [];
  ours.forEach((v, i) => {
    if (v === theirs[i]) return;
    const p = Math.floor(i / channels);
    diffs.push(`[${Math.floor(p / 128)}, ${p % 128}, ${i % channels}] ${v} ≠ ${theirs[i]}`);
  });
  return diffs.length === 0 ? 'identical' : `${diffs.length} bytes differ: ${diffs.slice(0, 5).join('; ')}`;
}

describe('recorded /encode vectors, schemes v1 and v2', () => {
  it('covers all 37 of them', () => {
    expect(encodeVectors).toHaveLength(37);
  });

  for (const v of encodeVectors) {
    it(v.name, () => {
      const call = toEncoderCall(v.request!);
      const encoded = encodeRoom(call.room, call.windows, call.opts);
      const recorded = recordedArrays(v);
      const zipNames = Object.keys(unzipSync(encodedZip(encoded))).map((n) => n.replace(/\.npy$/, ''));
      expect(zipNames).toEqual([...recorded.keys()]);
      expect(zipNames).toEqual(Object.keys(v.arrays ?? {}));
      for (const w of encoded) {
        const prefix = encoded.length === 1 ? '' : `${w.id}_`;
        for (const [kind, ours, channels] of [
          ['image', w.image, 4],
          ['mask', w.mask, 1],
        ] as const) {
          const theirs = recorded.get(prefix + kind)!;
          expect(theirs.shape).toEqual(channels === 4 ? [128, 128, 4] : [128, 128]);
          expect(differences(ours, theirs.data, channels), `${prefix}${kind}`).toBe('identical');
          expect(sha256Hex(ours)).toBe(v.arrays?.[prefix + kind]?.sha256);
        }
      }
    });
  }
});

type GeoWindow = { x1: number; y1: number; z1?: number; x2: number; y2: number; z2?: number };

function geometryRequest(v: UpstreamVector): { polygon: Vec2[]; windows: [string, GeoWindow][] } {
  const body = (v.request?.['parameters'] ?? v.request) as {
    room_polygon: [number, number][];
    windows: Record<string, GeoWindow>;
  };
  return { polygon: body.room_polygon, windows: Object.entries(body.windows) };
}

const corners = (w: GeoWindow) => ({ x1: w.x1, y1: w.y1, z1: w.z1 ?? 0, x2: w.x2, y2: w.y2, z2: w.z2 ?? 0 });
const at = (v: UpstreamVector, key: string, id: string) => (v.json?.[key] as Record<string, unknown>)[id];

describe('recorded geometry vectors', () => {
  const named = (path: string) => vectors.filter((v) => v.path === path && v.status === 200);

  it('/calculate-direction: the encoder derives the same radians, bit for bit', () => {
    for (const v of named('/calculate-direction')) {
      const { polygon, windows } = geometryRequest(v);
      for (const [id, w] of windows) {
        expect(originalDirection(polygon, { p1: [w.x1, w.y1], p2: [w.x2, w.y2] }), `${v.name} ${id}`).toBe(
          at(v, 'direction_angle', id),
        );
      }
    }
  });

  it('/calculate-direction: Lux geometry gives the same direction in degrees', () => {
    for (const v of named('/calculate-direction')) {
      const { polygon, windows } = geometryRequest(v);
      for (const [id, w] of windows) {
        const expected = ((at(v, 'direction_angle', id) as number) * 180) / Math.PI;
        expect(windowGeometry(polygon, corners(w)).directionAngle, `${v.name} ${id}`).toBeCloseTo(
          expected,
          9,
        );
      }
    }
  });

  it('/get-reference-point and /get-external-reference-point: Lux geometry agrees to 4 decimals', () => {
    for (const [path, key, field] of [
      ['/get-reference-point', 'reference_point', 'referencePoint'],
      ['/get-external-reference-point', 'external_reference_point', 'externalReferencePoint'],
    ] as const) {
      for (const v of named(path)) {
        const { polygon, windows } = geometryRequest(v);
        for (const [id, w] of windows) {
          const ours = roundPoint(windowGeometry(polygon, corners(w))[field]);
          const theirs = at(v, key, id) as { x: number; y: number; z: number };
          for (const axis of ['x', 'y', 'z'] as const)
            expect(ours[axis] + 0, `${v.name} ${id} ${axis}`).toBe(theirs[axis] + 0);
        }
      }
    }
  });
});
