import { describe, expect, it, vi } from 'vitest';
import { detectFormat, importMesh, ImportError } from '../../src/importers/importMesh';

// three's FileLoader (data: URIs of embedded glTF buffers) reports progress with the DOM's ProgressEvent,
// which the browser worker has and Node does not.
(globalThis as { ProgressEvent?: unknown }).ProgressEvent ??= class extends Event {
  constructor(
    type: string,
    public init: object = {},
  ) {
    super(type);
  }
};

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

// One triangle, 10 m east and 5 m up: (10,0,0) (10,4,0) (10,0,5) in Z-up.
const OBJ = `# a wall\no wall\nv 10 0 0\nv 10 4 0\nv 10 0 5\nv 10 4 5\nf 1 2 3\nf 2 4 3\n`;

function binaryStl(tris: number[][]): Uint8Array {
  const b = new ArrayBuffer(84 + 50 * tris.length);
  const v = new DataView(b);
  v.setUint32(80, tris.length, true);
  tris.forEach((t, i) => t.forEach((c, k) => v.setFloat32(84 + 50 * i + 12 + 4 * k, c, true)));
  return new Uint8Array(b);
}

/** A glTF with one triangle in Y-up: (0,0,0) (1,0,0) (0,2,0) — 2 m up in Y, so z = 2 after import. */
function gltfJson(): { json: Record<string, unknown>; bin: Uint8Array } {
  const bin = new Uint8Array(new Float32Array([0, 0, 0, 1, 0, 0, 0, 2, 0]).buffer);
  return {
    bin,
    json: {
      asset: { version: '2.0' },
      scene: 0,
      scenes: [{ nodes: [0] }],
      nodes: [{ mesh: 0, translation: [5, 0, 0] }],
      meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
      accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 2, 0] },
      ],
      bufferViews: [{ buffer: 0, byteLength: 36 }],
      buffers: [{ byteLength: 36 }],
    },
  };
}

function glb(): Uint8Array {
  const { json, bin } = gltfJson();
  let j = enc(JSON.stringify(json));
  const pad = (4 - (j.length % 4)) % 4;
  j = enc(JSON.stringify(json) + ' '.repeat(pad));
  const total = 12 + 8 + j.length + 8 + bin.length;
  const out = new Uint8Array(total);
  const v = new DataView(out.buffer);
  v.setUint32(0, 0x46546c67, true);
  v.setUint32(4, 2, true);
  v.setUint32(8, total, true);
  v.setUint32(12, j.length, true);
  v.setUint32(16, 0x4e4f534a, true);
  out.set(j, 20);
  v.setUint32(20 + j.length, bin.length, true);
  v.setUint32(24 + j.length, 0x004e4942, true);
  out.set(bin, 28 + j.length);
  return out;
}

describe('mesh importers', () => {
  it('reads OBJ faces as triangles, Z-up as the API', async () => {
    const m = await importMesh('wall.obj', enc(OBJ));
    expect(m.triangles).toBe(2);
    expect(Array.from(m.positions.subarray(0, 9))).toEqual([10, 0, 0, 10, 4, 0, 10, 0, 5]);
    expect(m.min).toEqual([10, 0, 0]);
    expect(m.max).toEqual([10, 4, 5]);
  });

  it('turns a Y-up OBJ when asked', async () => {
    const m = await importMesh('wall.obj', enc(OBJ), 'y');
    expect(Array.from(m.positions.subarray(6, 9))).toEqual([10, -5, 0]);
  });

  it('reads binary and ASCII STL', async () => {
    const bin = await importMesh('a.stl', binaryStl([[0, 0, 0, 1, 0, 0, 0, 0, 3]]));
    expect(Array.from(bin.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, 0, 3]);
    const ascii = `solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 2 0 0\nvertex 0 2 1\nendloop\nendfacet\nendsolid t\n`;
    const a = await importMesh('b.stl', enc(ascii));
    expect(Array.from(a.positions)).toEqual([0, 0, 0, 2, 0, 0, 0, 2, 1]);
  });

  it('reads glTF (embedded buffer) and GLB, node transforms applied, Y-up turned to Z-up', async () => {
    const { json, bin } = gltfJson();
    const embedded = {
      ...json,
      buffers: [
        {
          byteLength: 36,
          uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}`,
        },
      ],
    };
    const g = await importMesh('scene.gltf', enc(JSON.stringify(embedded)));
    expect(Array.from(g.positions)).toEqual([5, -0, 0, 6, -0, 0, 5, -0, 2]);
    const b = await importMesh('scene.glb', glb());
    expect(Array.from(b.positions)).toEqual(Array.from(g.positions));
  });

  it('reads the API JSON point list, bare or as a request body', async () => {
    const pts = [
      [0, 0, 0],
      [1, 0, 0],
      [0, 1, 1],
    ];
    expect((await importMesh('m.json', enc(JSON.stringify(pts)))).triangles).toBe(1);
    expect((await importMesh('req.json', enc(JSON.stringify({ mesh: pts })))).triangles).toBe(1);
  });

  it('detects the format from the content when the name says nothing', () => {
    expect(detectFormat('upload', enc(OBJ))).toBe('obj');
    expect(detectFormat('upload', glb())).toBe('glb');
    expect(detectFormat('upload', binaryStl([[0, 0, 0, 1, 0, 0, 0, 1, 0]]))).toBe('stl');
    expect(detectFormat('upload', enc('[[0,0,0]]'))).toBe('json');
    expect(() => detectFormat('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]))).toThrow(
      ImportError,
    );
  });

  it('rejects bad files with a reason a user can act on', async () => {
    const cases: [string, Uint8Array, RegExp][] = [
      ['empty.obj', new Uint8Array(0), /is empty/],
      ['notes.obj', enc('hello\nthis is not a mesh\n'), /holds no triangles/],
      ['two.json', enc('[[0,0,0],[1,1,1]]'), /multiple of 3/],
      ['nan.json', enc('[[0,0,0],[1,"a",1],[2,2,2]]'), /Point 1/],
      ['broken.json', enc('[[0,0,'), /not valid JSON/],
      ['cut.glb', glb().subarray(0, 40), /glTF|GLB/],
      ['bad.gltf', enc('{"asset": {"version": "1.0"}}'), /glTF/],
      ['inf.obj', enc('v 0 0 0\nv 1e39 0 0\nv 0 1 0\nf 1 2 3\n'), /not a finite number/],
      // A binary STL cut in a download: said in words, not as the parser's DataView error.
      [
        'cut.stl',
        binaryStl([
          [0, 0, 0, 1, 0, 0, 0, 1, 0],
          [0, 0, 1, 1, 0, 1, 0, 1, 1],
        ]).subarray(0, 120),
        /cut short or damaged: its header announces 2 triangles \(184 bytes\) but the file has 120 bytes/,
      ],
    ];
    // three's OBJLoader reports lines it skips on the console; the user gets the ImportError's words instead.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      for (const [name, bytes, message] of cases) {
        await expect(importMesh(name, bytes), name).rejects.toThrow(message);
        await expect(importMesh(name, bytes)).rejects.toBeInstanceOf(ImportError);
      }
      expect(warn).toHaveBeenCalledWith('THREE.OBJLoader: Unexpected line: "hello"');
    } finally {
      warn.mockRestore();
    }
  });
});
