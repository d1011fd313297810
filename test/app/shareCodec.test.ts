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
import { EN_BASIS_MAX, siteBasisText } from '../../src/core/climate/en17037';

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

  it('opens a link the first version wrote (2026-11-21: no glass, north, name, skylights; its mesh carried)', () => {
    // Written as that version's encodeShare did: {scene, mesh}, deflated at level 9, base64url.
    const link =
      '#s=1.7VTBbtwgEP0XzsTCtpxufe61p0aq1NUqYmFs08UQAe6qWfnf-6DZrLptLr0kh8gSHjNv3ngG5p1YVOSI9Sfml2RNNrdbwcWOb7uqe3631aaDKX4bO84G6334xvqWs4nMOCXWN9UtZ0fjtD9GsJyY0axnx5pxRnoEseDMD0MkYGtwAqvTlO2Gs2isBaLaZD6JwKaqkSXIOQdWDeBpMurgKIJcVG238nOG5jkDQs4ZwHnmv7B_vLDDf2G_Jl9RYVxC8IvTxo3YPLEDKkO2meKEfK6Esr316lD5_XdspWCkGy0BDcIHCl9LL3IsmoB18sE8eofetLn-9-V_F5zOIzmTDzff1dd8divuWfPn6b72L72l7qzoz-w12bufD3lg9HCvlpj8jIGZZSLMjC3jpchAfsb7QIMllaRTZTQ3GPynziZpr71ZFn5QSEb97YMYDVJJTdeONmsJhSCNu3bVUBVIQcCMe6vLf-2H-GkoIgLryyQDgB2UjNydDOOT0pD7bJyZlzmTfCg1Z5notzd1I4TgN7d5FbzevPRVd8V-Gf4PQNnarb8A';
    const { scene, mesh, weather, project } = decodeShare(link);
    expect(scene.outline).toEqual([
      [0, 0],
      [5.5, 0],
      [5.5, 3.85],
      [0, 3.85],
    ]);
    expect([scene.floorZ, scene.height, scene.modelType, scene.materials.ceiling_reflectance]).toEqual([
      3,
      2.6,
      'df_custom',
      0.85,
    ]);
    expect(scene.windows.map((w) => [w.id, w.edge, w.offset, w.width, w.glass])).toEqual([
      ['w1', 0, 1.5, 1.2, undefined],
      ['w2', 1, 2, 1, undefined],
    ]);
    expect(scene.surroundings).toMatchObject({ kind: 'mesh', name: 'block.obj', triangles: 2 });
    expect([scene.north, scene.name, scene.skylights, weather, project]).toEqual([
      undefined,
      undefined,
      undefined,
      null,
      null,
    ]);
    expect(Array.from(mesh!.subarray(0, 3))).toEqual([-12, -6, 0]);
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

  it('carries a room as large as the API takes: 300 corners, 60 windows', () => {
    const s = defaultScene();
    // A half-round room 60 m across (a curved wall, as from IFC or typed), 60 windows on its straight wall.
    const arc = Array.from({ length: 298 }, (_, i): [number, number] => {
      const a = (Math.PI * (i + 1)) / 299;
      return [30 + 30 * Math.cos(a), 30 * Math.sin(a)];
    });
    const big: Scene = {
      ...s,
      outline: [[0, 0], [60, 0], ...arc],
      windows: Array.from({ length: 60 }, (_, i) => ({
        ...s.windows[0]!,
        id: `w${i + 1}`,
        width: 0.5,
        offset: 0.5 + i,
      })),
    };
    expect(big.outline).toHaveLength(300);
    expect(decodeShare(encodeShare(big)).scene).toEqual(big);
  });

  it('keeps in this browser a room too large for a link: 60 windows, each with its angles among a mesh', () => {
    const s = defaultScene();
    let seed = 60; // the angles a mesh gives, as incompressible as measured ones
    const next = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const angles = () => ({
      horizon: Array.from({ length: 64 }, () => next() * 60),
      zenith: Array.from({ length: 64 }, () => next() * 20),
    });
    const windows = Array.from({ length: 60 }, (_, i) => ({
      ...s.windows[0]!,
      id: `w${i + 1}`,
      width: 0.05,
      offset: 0.05 + i * 0.09,
    }));
    const room: Scene = {
      ...s,
      windows,
      surroundings: {
        kind: 'mesh',
        name: 'city.stl',
        triangles: 250_000,
        perWindow: Object.fromEntries(windows.map((w) => [w.id, angles()])),
      },
    };
    expect(() => encodeShare(room, null)).toThrow(/too large for a link/);
    const kept = encodeShare(room, null, null, null, { to: 'kept' });
    expect(kept.length).toBeGreaterThan(MAX_FRAGMENT);
    expect(decodeShare(kept, 'kept').scene).toEqual({
      ...room,
      surroundings: { ...room.surroundings, notCarried: 'kept' },
    });
    // As a link, the same fragment is refused by its length alone.
    expect(() => decodeShare(kept)).toThrow(/too long/);
  });

  it('refuses a window on a wall the room does not have, or two windows of one name (the editor cannot show them)', () => {
    const s = defaultScene();
    const link = (scene: unknown): string =>
      `#s=1.${b64url(deflateSync(strToU8(JSON.stringify({ scene }))))}`;
    expect(() => decodeShare(link({ ...s, windows: [{ ...s.windows[0]!, edge: 9 }] }))).toThrow(
      "The link's scene is not valid: scene.windows.0.edge: window w1 is on wall 10 of a room with 4 walls.",
    );
    const twice = [s.windows[0]!, { ...s.windows[0]!, offset: 1, width: 0.5 }];
    expect(() => decodeShare(link({ ...s, windows: twice }))).toThrow(
      "The link's scene is not valid: scene.windows.1.id: two windows are named w1.",
    );
    const k = {
      id: 'k1',
      polygon: [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 2],
      ] as [number, number][],
      frame: 0.2,
    };
    expect(() =>
      decodeShare(link({ ...s, skylights: [k, { ...k, polygon: k.polygon.map(([x, y]) => [x + 1.5, y]) }] })),
    ).toThrow("The link's scene is not valid: scene.skylights.1.id: two skylights are named k1.");
  });

  it('keeps a room whose EN 17037 targets came from a weather file with a very long city name', () => {
    const s = defaultScene();
    const basis = siteBasisText('Station '.repeat(40), 14_237.6);
    expect(basis).toHaveLength(EN_BASIS_MAX);
    expect(basis).toMatch(/^Station Station .*…: median diffuse illuminance 14,238 lx \(EN 17037 Annex A\)$/);
    const room = { ...s, thresholds: { ...s.thresholds, enTarget: 2.1, enMinimum: 0.7, enBasis: basis } };
    expect(decodeShare(encodeShare(room, null)).scene.thresholds.enBasis).toBe(basis);
    expect(siteBasisText(' Oslo ', 14_000)).toBe(
      'Oslo: median diffuse illuminance 14,000 lx (EN 17037 Annex A)',
    );
    expect(siteBasisText('', 9_000)).toMatch(/^The weather file: /);
  });

  it('opens a hand-made link’s room as the editor keeps rooms: counter-clockwise, each window within its wall', () => {
    const s = defaultScene();
    const link = (scene: unknown): string =>
      `#s=1.${b64url(deflateSync(strToU8(JSON.stringify({ scene }))))}`;
    // Clockwise: the same room, its window on the same (south) wall, facing out.
    const cw = decodeShare(
      link({ ...s, outline: [...s.outline].reverse(), windows: [{ ...s.windows[0]!, edge: 2 }] }),
    );
    expect(cw.scene).toEqual(s);
    // A window past its wall's end: at the end, as a drag leaves it.
    const off = decodeShare(link({ ...s, windows: [{ ...s.windows[0]!, offset: 50 }] }));
    expect(off.scene.windows[0]!.offset).toBe(5);
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
