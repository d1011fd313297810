import { deflateSync, strToU8 } from 'fflate';
import { NO_PROJECT } from '../../src/core/report/project';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeShare,
  encodeShare,
  FORMAT,
  MAX_FRAGMENT,
  MESH_IN_LINK,
  ShareError,
} from '../../src/app/share/codec';
import { defaultScene, type Scene } from '../../src/app/scene/scene';

const b64url = (b: Uint8Array): string =>
  Buffer.from(b).toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('share-link codec', () => {
  it('round-trips a scene exactly, and a small mesh to the millimetre', () => {
    const scene: Scene = {
      ...defaultScene(),
      surroundings: {
        kind: 'angles',
        angles: { horizon: Array.from({ length: 64 }, (_, i) => i * 0.7), zenith: new Array(64).fill(12.5) },
      },
      modelType: 'df_custom',
    };
    const mesh = Float32Array.from({ length: 9 * 40 }, (_, i) => (i * 7.3) % 50);
    const hash = encodeShare(scene, mesh);
    expect(hash).toMatch(new RegExp(`^#s=${FORMAT}\\.[A-Za-z0-9_-]+$`));
    const back = decodeShare(hash);
    expect(back.scene).toEqual(scene);
    for (let i = 0; i < mesh.length; i++)
      expect(Math.abs(back.mesh![i]! - mesh[i]!)).toBeLessThanOrEqual(0.0005 + 1e-6);
  });

  it('round-trips arbitrary valid scenes (property)', () => {
    const arb = fc.record({
      height: fc.double({ min: 0.5, max: 30, noNaN: true }),
      floorZ: fc.double({ min: 0, max: 10, noNaN: true }),
      w: fc.double({ min: 4, max: 20, noNaN: true }),
    });
    fc.assert(
      fc.property(arb, ({ height, floorZ, w }) => {
        const s: Scene = {
          ...defaultScene(),
          height,
          floorZ,
          outline: [
            [0, 0],
            [w, 0],
            [w, 3],
            [0, 3],
          ],
        };
        expect(decodeShare(encodeShare(s)).scene).toEqual(s);
      }),
      { numRuns: 50 },
    );
  });

  it('names a weather file by its digest without carrying it, and refuses a malformed one', () => {
    const weather = { digest: 'ab'.repeat(32), name: 'chicago.epw', city: 'Chicago Ohare Intl Ap' };
    const hash = encodeShare(defaultScene(), null, weather);
    expect(hash.length).toBeLessThan(2000);
    expect(decodeShare(hash).weather).toEqual(weather);
    expect(decodeShare(encodeShare(defaultScene())).weather).toBeNull();
    const bad = encodeShare(defaultScene(), null, { ...weather, digest: 'not-a-digest' });
    expect(() => decodeShare(bad)).toThrow(/The link's scene is not valid: weather.digest/);
  });

  it('carries the project a report states, only the fields given, and refuses an overlong one', () => {
    const project = { ...NO_PROJECT, name: 'Kv. Lärkan', author: 'E. Arch' };
    const hash = encodeShare(defaultScene(), null, null, project);
    expect(decodeShare(hash).project).toEqual(project);
    expect(decodeShare(encodeShare(defaultScene(), null, null, NO_PROJECT)).project).toBeNull();
    expect(encodeShare(defaultScene(), null, null, NO_PROJECT)).toBe(encodeShare(defaultScene()));
    const long = encodeShare(defaultScene(), null, null, { ...project, site: 'x'.repeat(121) });
    expect(() => decodeShare(long)).toThrow(/The link's scene is not valid: project.site/);
  });

  it('leaves a big mesh out of the link (its derived angles stay in the scene)', () => {
    const mesh = new Float32Array(9 * (MESH_IN_LINK + 1));
    expect(decodeShare(encodeShare(defaultScene(), mesh)).mesh).toBeNull();
  });

  it('marks a mesh the link did not carry in the scene it gives, and never sends the mark on', () => {
    const angles = { horizon: new Array(64).fill(20), zenith: new Array(64).fill(3) };
    const scene: Scene = {
      ...defaultScene(),
      surroundings: {
        kind: 'mesh',
        name: 'towers.obj',
        triangles: MESH_IN_LINK + 1,
        perWindow: { w1: angles },
        meshId: 'ab'.repeat(32),
      },
    };
    const big = encodeShare(scene, new Float32Array(9 * (MESH_IN_LINK + 1)));
    const got = decodeShare(big);
    expect(got.mesh).toBeNull();
    const { meshId: _, ...sent } = scene.surroundings as Extract<Scene['surroundings'], { kind: 'mesh' }>;
    expect(got.scene.surroundings).toEqual({ ...sent, notCarried: 'link' });
    // The same fragment kept in this browser from the last visit says so (the panel's note follows it).
    expect(decodeShare(big, 'kept').scene.surroundings).toEqual({ ...sent, notCarried: 'kept' });
    // Shared on from there: the same link, the mark made again by whoever opens it.
    expect(encodeShare(got.scene, null)).toBe(big);
    // A small mesh travels: nothing to mark.
    const small = decodeShare(encodeShare(scene, new Float32Array(9 * 2)));
    expect(small.scene.surroundings).toEqual(sent);
    // A room from IFC: its surroundings are its building's, here once that file is opened.
    const room: Scene = { ...scene, ifcRoom: { file: 'office.ifc', index: 3 } };
    expect(decodeShare(encodeShare(room, null)).scene.surroundings).toEqual(sent);
  });

  it('refuses links of a newer format with a reason, and unknown or damaged ones', () => {
    const good = encodeShare(defaultScene());
    expect(() => decodeShare(good.replace(`#s=${FORMAT}.`, `#s=${FORMAT + 1}.`))).toThrow(
      /newer version of Lux/,
    );
    expect(() => decodeShare('#x=1.abc')).toThrow(/not a Lux share link/);
    expect(() => decodeShare(good.slice(0, good.length - 20))).toThrow(ShareError);
    expect(() => decodeShare('#s=1.%%%')).toThrow(/damaged/);
    expect(() => decodeShare(`#s=1.${b64url(deflateSync(strToU8('not json')))}`)).toThrow(/not readable/);
  });

  it('rejects hostile content: out-of-range fields, decompression bombs, oversized links', () => {
    const bad = { scene: { ...defaultScene(), height: 1e9 } };
    expect(() => decodeShare(`#s=1.${b64url(deflateSync(strToU8(JSON.stringify(bad))))}`)).toThrow(
      /scene is not valid: scene.height/,
    );
    // A valid scene carrying "__proto__" keys opens, pollutes no prototype and keeps none of them.
    const sceneJson = JSON.stringify(defaultScene()).replace('{', '{"__proto__": {"polluted": 1},');
    const withProto = `{"scene": ${sceneJson}, "__proto__": {"polluted": 2}}`;
    const opened = decodeShare(`#s=1.${b64url(deflateSync(strToU8(withProto)))}`).scene;
    expect(opened).toEqual(defaultScene());
    expect(Object.getPrototypeOf(opened)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((opened as unknown as Record<string, unknown>).polluted).toBeUndefined();
    // 30 MB of zeros compress to ~30 kB: refused after 2 MB, not inflated.
    const bomb = `#s=1.${b64url(deflateSync(new Uint8Array(30_000_000), { level: 9 }))}`;
    expect(bomb.length).toBeLessThan(MAX_FRAGMENT);
    expect(() => decodeShare(bomb)).toThrow(/more data than a scene/);
    expect(() => decodeShare('#s=1.' + 'A'.repeat(MAX_FRAGMENT))).toThrow(/too long/);
    const many = {
      ...defaultScene(),
      outline: Array.from({ length: 150 }, (_, i) => [Math.cos(i) * 1000.123456, Math.sin(i) * 1000.654321]),
    } as Scene;
    expect(() => encodeShare({ ...many, windows: [] }, null)).not.toThrow();
  });
});
