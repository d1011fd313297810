import { BufferGeometry, Float32BufferAttribute } from 'three';

/**
 * The north arrow of the 3D view beside the room (issue 19 §1): an arrowhead of `length` metres lying flat,
 * pointing to true north (the plan's up turned `north` degrees clockwise), centred on (cx, cy, z), and the
 * letter N as three strokes in its own upright plane (x right, y up, centred on the origin), to stand at
 * `letterAt` beyond the tip facing the camera. Lying flat too, the letter read as a sideways "Z" from
 * the default camera and from most others (an architect's walk, 2026-12-07). Triangles for the head,
 * segments for the letter.
 */
export function northArrow3d(
  north: number,
  cx: number,
  cy: number,
  z: number,
  length = 1.2,
): {
  head: BufferGeometry;
  letter: BufferGeometry;
  letterAt: [number, number, number];
  tip: [number, number];
} {
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
  // N: left stroke up, diagonal down, right stroke up; its foot a little above the ground.
  const n = length * 0.35;
  const letter = new BufferGeometry();
  letter.setAttribute(
    'position',
    new Float32BufferAttribute(
      [
        -n / 2,
        -n / 2,
        0,
        -n / 2,
        n / 2,
        0,
        -n / 2,
        n / 2,
        0,
        n / 2,
        -n / 2,
        0,
        n / 2,
        -n / 2,
        0,
        n / 2,
        n / 2,
        0,
      ],
      3,
    ),
  );
  const letterAt = at(h + length * 0.2 + n / 2, 0);
  letterAt[2] += n / 2 + length * 0.05;
  return { head, letter, letterAt, tip: [tip[0], tip[1]] };
}
