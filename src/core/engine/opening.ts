import type { RoomModel, WindowModel } from './model';
import { innerAt, type SkylightModel } from './skylight';

/**
 * The inner face of an opening — a window's in its wall, a skylight's in the ceiling — as what the room
 * sees the inside of the opening through: its corners and its plane. Patches inside an opening (reveals,
 * frame, glass) are seen from the room, and see it, only through this polygon.
 */
export interface InnerOpening {
  /** Corners, xyz each, in order around the face. */
  corners: Float64Array;
  count: number;
  /** A point inside the face (its centre). */
  cx: number;
  cy: number;
  cz: number;
  /** Unit normal of the face's plane, pointing out of the room (into the opening). */
  nx: number;
  ny: number;
  nz: number;
}

export function windowOpening(w: WindowModel): InnerOpening {
  const c = new Float64Array(12);
  const at = (k: number, s: number, z: number): void => {
    c[3 * k] = w.ox + s * w.ux;
    c[3 * k + 1] = w.oy + s * w.uy;
    c[3 * k + 2] = z;
  };
  at(0, w.s0, w.z0);
  at(1, w.s1, w.z0);
  at(2, w.s1, w.z1);
  at(3, w.s0, w.z1);
  const sm = (w.s0 + w.s1) / 2;
  return {
    corners: c,
    count: 4,
    cx: w.ox + sm * w.ux,
    cy: w.oy + sm * w.uy,
    cz: (w.z0 + w.z1) / 2,
    nx: w.nx,
    ny: w.ny,
    nz: 0,
  };
}

export function skylightOpening(s: SkylightModel): InnerOpening {
  const c = new Float64Array(3 * s.polygon.length);
  s.polygon.forEach(([x, y], k) => {
    c[3 * k] = x;
    c[3 * k + 1] = y;
    c[3 * k + 2] = innerAt(s, x, y);
  });
  const [nx, ny, nz] = s.normal;
  return { corners: c, count: s.polygon.length, cx: s.cx, cy: s.cy, cz: innerAt(s, s.cx, s.cy), nx, ny, nz };
}

/** Every opening of the room by its tunnel number: the windows, then the skylights. */
export function innerOpenings(model: RoomModel): InnerOpening[] {
  return [...model.windows.map(windowOpening), ...model.skylights.map(skylightOpening)];
}
