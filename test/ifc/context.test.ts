import { describe, expect, it } from 'vitest';
import { ifcContextTriangles, joinContext } from '../../src/core/ifc/context';
import { readContextFile } from '../../src/importers/contextFile';
import { boxStl } from '../helpers/boxMesh';
import { stepFile } from './stepFile';

describe('joinContext', () => {
  it('keeps the building’s own triangles and shifts each context file onto its terrain', () => {
    const own = Float32Array.from([0, 0, 0, 1, 0, 0, 0, 1, 2]); // already on the terrain
    const a = Float32Array.from([5, 5, 3, 6, 5, 3, 5, 6, 12]); // in the file's frame, terrain at 3 m
    const b = Float32Array.from([-1, -1, 4, -2, -1, 4, -1, -2, 4]);
    const out = joinContext(own, [a, b], 3);
    expect(Array.from(out)).toEqual([
      0, 0, 0, 1, 0, 0, 0, 1, 2, 5, 5, 0, 6, 5, 0, 5, 6, 9, -1, -1, 1, -2, -1, 1, -1, -2, 1,
    ]);
    expect(Array.from(a)).toEqual([5, 5, 3, 6, 5, 3, 5, 6, 12]); // the files' arrays are left as they were
  });

  it('takes every element of a context IFC file that stands in the sky', () => {
    const t = Float32Array.from({ length: 9 }, (_, i) => i);
    const source = {
      schema: 'IFC4',
      trueNorth: null,
      storeys: [],
      spaces: [{ id: 1, name: 'x', longName: '', storey: null, zones: [], positions: t }],
      windows: [],
      opaqueDoors: 0,
      obstruction: [
        { id: 2, type: 'IFCWALL', positions: t },
        { id: 3, type: 'IFCSLAB', positions: t.map((v) => v + 10) },
      ],
    };
    const out = ifcContextTriangles(source);
    expect(out.length).toBe(18);
    expect(out[9]).toBe(10);
  });
});

describe('readContextFile', () => {
  it('reads a neighbour as IFC in the building’s plan frame, and a mesh moved by the same origin', async () => {
    const neighbour = stepFile({
      siteOrigin: [153_000, 6_543_000, 0],
      spaces: [],
      walls: [{ min: [10, 0, 0], max: [20, 1, 9] }],
      windows: [],
    });
    const p = await readContextFile('n.ifc', new TextEncoder().encode(neighbour), [153_000, 6_543_000]);
    const xs = Array.from(p).filter((_, i) => i % 3 === 0);
    expect(Math.min(...xs)).toBeCloseTo(10, 3);
    expect(Math.max(...xs)).toBeCloseTo(20, 3);
    const stl = boxStl([153_010, 6_543_000, 0], [153_020, 6_543_001, 9]);
    const q = await readContextFile('n.stl', new TextEncoder().encode(stl), [153_000, 6_543_000]);
    expect(q.length).toBe(12 * 9);
    expect(Math.min(...Array.from(q).filter((_, i) => i % 3 === 0))).toBeCloseTo(10, 0); // float32 at 1.5e5 m
  });

  it('says so when a file holds nothing that stands in the sky', async () => {
    const empty = stepFile({
      spaces: [{ name: '1', longName: 'x', min: [0, 0, 0], max: [1, 1, 1] }],
      walls: [],
      windows: [],
    });
    await expect(readContextFile('e.ifc', new TextEncoder().encode(empty), [0, 0])).rejects.toThrow(
      "'e.ifc' holds nothing that stands in the sky.",
    );
  });
});
