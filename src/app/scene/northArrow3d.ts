import { BufferGeometry, Float32BufferAttribute } from 'three';

/**
 * The north arrow of the 3D view, lying flat on the ground beside the room (issue 19 §1): an arrowhead
 * of `length` metres pointing to true north (the plan's up turned `north` degrees clockwise), centred on
 * (cx, cy, z), and the letter N beyond its tip as three strokes. Triangles for the head, segments for
 * the letter.
 */
export function northArrow3d(
  north: number,
  cx: number,
  cy: number,
  z: number,
  length = 1.2,
): { head: BufferGeometry; letter: BufferGeometry; tip: [number, number] } {
  const r = (north * Math.PI) / 180;
  const fx = Math.sin(r),
    fy = Math.cos(r); // forward: true north on the plan
  const rx = fy,
    ry = -fx; // right of forward
  // (along, across) in the arrow's frame → world.
  const at = (a: number, s: number): [number, number, number] => [
    cx + fx * a + rx * s,
    cy + fy * a + ry * s,
    z,
  ];
  const h = length / 2;
  const w = length * 0.3;
  const tip = at(h, 0),
    left = at(-h, -w),
    notch = at(-h * 0.5, 0),
    right = at(-h, w);
  const head = new BufferGeometry();
  head.setAttribute(
    'position',
    new Float32BufferAttribute([...tip, ...notch, ...right, ...tip, ...left, ...notch], 3),
  );
  head.computeVertexNormals();
  // N, upright when read looking along the arrow: left stroke up, diagonal down, right stroke up.
  const n = length * 0.35;
  const a0 = h + length * 0.2;
  const letter = new BufferGeometry();
  letter.setAttribute(
    'position',
    new Float32BufferAttribute(
      [
        ...at(a0, -n / 2),
        ...at(a0 + n, -n / 2),
        ...at(a0 + n, -n / 2),
        ...at(a0, n / 2),
        ...at(a0, n / 2),
        ...at(a0 + n, n / 2),
      ],
      3,
    ),
  );
  return { head, letter, tip: [tip[0], tip[1]] };
}
