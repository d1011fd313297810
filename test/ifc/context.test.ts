import { describe, expect, it } from 'vitest';
import { ifcContextTriangles, joinContext } from '../../src/core/ifc/context';

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
