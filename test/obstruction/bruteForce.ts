import type { Point3 } from '../../src/core/geometry/vec';

/**
 * The oracle: conventions.md's rule written the plain way, independently of src/core/obstruction, for
 * comparison with the BVH version. It loops over every triangle, cuts in 3-D, clips with Liang–Barsky,
 * and finds sky bands by testing every elementary interval between breakpoints against every hidden
 * interval (quadratic, obviously right). Only the conventions both must share are repeated here: exact
 * cos/sin at multiples of 90°, the 1 mm near-viewpoint radius, the 1e-9° angle tolerance.
 */
export interface BruteForceResult {
  horizon: number;
  zenith: number;
  horizonPoint: Point3 | null;
  zenithPoint: Point3 | null;
  pointCount: number;
}

interface Piece {
  lo: number;
  hi: number;
  loPoint: Point3;
  hiPoint: Point3;
  loDist: number;
  hiDist: number;
}

const EPS = 1e-9;

export function bruteForceAt(positions: Float32Array, p: Point3, azimuth: number): BruteForceResult {
  const a = ((azimuth % 360) + 360) % 360;
  const r = Math.SQRT1_2;
  const exact: Record<number, [number, number]> = {
    0: [1, 0],
    45: [r, r],
    90: [0, 1],
    135: [-r, r],
    180: [-1, 0],
    225: [-r, -r],
    270: [0, -1],
    315: [r, -r],
  };
  const [c, s] = exact[a] ?? [Math.cos((a * Math.PI) / 180), Math.sin((a * Math.PI) / 180)];
  const near = Math.max(1e-3, Math.max(Math.abs(p.x), Math.abs(p.y), Math.abs(p.z)) * 2 ** -18);

  const pieces: Piece[] = [];
  let pointCount = 0;
  const addSegment = (q0: Point3, q1: Point3, points: number): void => {
    // In-plane coordinates: f ahead, h up.
    const f0 = (q0.x - p.x) * c + (q0.y - p.y) * s;
    const h0 = q0.z - p.z;
    const f1 = (q1.x - p.x) * c + (q1.y - p.y) * s;
    const h1 = q1.z - p.z;
    // Liang–Barsky against f ≥ 0 and h ≥ 0 on t ∈ [0, 1].
    let t0 = 0;
    let t1 = 1;
    for (const [start, delta] of [
      [f0, f1 - f0],
      [h0, h1 - h0],
    ] as const) {
      if (delta === 0) {
        if (start < 0) return;
      } else {
        const t = -start / delta;
        if (delta > 0) t0 = Math.max(t0, t);
        else t1 = Math.min(t1, t);
      }
    }
    if (t0 > t1) return;
    const at = (t: number): [number, number] => [
      Math.max(0, f0 + t * (f1 - f0)),
      Math.max(0, h0 + t * (h1 - h0)),
    ];
    const [fa, ha] = at(t0);
    const [fb, hb] = at(t1);
    // Distance from P to the clipped segment.
    const df = fb - fa;
    const dh = hb - ha;
    const l2 = df * df + dh * dh;
    const t = l2 === 0 ? 0 : Math.min(1, Math.max(0, -(fa * df + ha * dh) / l2));
    if (Math.hypot(fa + t * df, ha + t * dh) <= near) return;
    pointCount += points;
    const ea = (Math.atan2(ha, fa) * 180) / Math.PI;
    const eb = (Math.atan2(hb, fb) * 180) / Math.PI;
    const pa = { x: p.x + fa * c, y: p.y + fa * s, z: p.z + ha };
    const pb = { x: p.x + fb * c, y: p.y + fb * s, z: p.z + hb };
    const da = fa * fa + ha * ha;
    const db = fb * fb + hb * hb;
    pieces.push(
      ea <= eb
        ? { lo: ea, hi: eb, loPoint: pa, hiPoint: pb, loDist: da, hiDist: db }
        : { lo: eb, hi: ea, loPoint: pb, hiPoint: pa, loDist: db, hiDist: da },
    );
  };

  for (let t = 0; t < positions.length; t += 9) {
    const v: Point3[] = [0, 1, 2].map((k) => ({
      x: positions[t + 3 * k]!,
      y: positions[t + 3 * k + 1]!,
      z: positions[t + 3 * k + 2]!,
    }));
    const d = v.map((q) => (q.x - p.x) * s - (q.y - p.y) * c);
    if (d.every((x) => x === 0)) {
      for (let k = 0; k < 3; k++) addSegment(v[k]!, v[(k + 1) % 3]!, 2);
      continue;
    }
    const cut: Point3[] = [];
    for (let k = 0; k < 3; k++) if (d[k] === 0) cut.push(v[k]!);
    for (let k = 0; k < 3; k++) {
      const [i, j] = [k, (k + 1) % 3];
      const di = d[i]!;
      const dj = d[j]!;
      if ((di < 0 && dj > 0) || (di > 0 && dj < 0)) {
        const [n, m] = di < 0 ? [i, j] : [j, i];
        const tt = d[n]! / (d[n]! - d[m]!);
        const A = v[n]!;
        const B = v[m]!;
        cut.push({ x: A.x + tt * (B.x - A.x), y: A.y + tt * (B.y - A.y), z: A.z + tt * (B.z - A.z) });
      }
    }
    if (cut.length === 1) addSegment(cut[0]!, cut[0]!, 1);
    else if (cut.length === 2) addSegment(cut[0]!, cut[1]!, 2);
  }

  const hiding = pieces.filter((q) => q.hi - q.lo > EPS);
  const breaks = [...new Set([0, 90, ...hiding.flatMap((q) => [q.lo, q.hi])])].sort((x, y) => x - y);
  const bands: [number, number][] = [];
  for (let k = 0; k + 1 < breaks.length; k++) {
    const lo = breaks[k]!;
    const hi = breaks[k + 1]!;
    const hidden = hiding.some((q) => q.lo <= lo && q.hi >= hi);
    if (hidden) continue;
    const last = bands[bands.length - 1];
    if (last && last[1] === lo) last[1] = hi;
    else bands.push([lo, hi]);
  }
  let best: [number, number] | null = null;
  for (const band of bands) {
    const w = band[1] - band[0];
    if (w > 4 + EPS && (best === null || w > best[1] - best[0] + EPS)) best = band;
  }
  if (best === null) return { horizon: 45, zenith: 45, horizonPoint: null, zenithPoint: null, pointCount };
  const nearestWith = (edge: number, key: 'lo' | 'hi'): Point3 | null => {
    const distKey = key === 'lo' ? 'loDist' : 'hiDist';
    const pointKey = key === 'lo' ? 'loPoint' : 'hiPoint';
    const found = hiding
      .filter((q) => q[key] === edge)
      .sort((x, y) => x[distKey] - y[distKey] || x[pointKey].x - y[pointKey].x);
    return found[0]?.[pointKey] ?? null;
  };
  return {
    horizon: best[0],
    zenith: 90 - best[1],
    horizonPoint: best[0] > 0 ? nearestWith(best[0], 'hi') : null,
    zenithPoint: best[1] < 90 ? nearestWith(best[1], 'lo') : null,
    pointCount,
  };
}
