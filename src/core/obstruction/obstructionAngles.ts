import type { Point3 } from '../geometry/vec';
import type { Degrees } from '../units';
import { CutBuffer, F_HI, F_LO, H_HI, H_LO, PIECE_STRIDE } from './cutBuffer';
import { fanDirections } from './fanDirections';
import { halfPlane, planePoint, type HalfPlane } from './halfPlane';
import { collectCuts, type ObstructionScene } from './obstructionScene';
import { chooseSkyBand, type SkyBand } from './skyBands';

/** One angle of the single-direction endpoints (api.md §/horizon, /zenith, /obstruction). */
export interface AngleResult {
  obstruction_angle_degrees: number;
  obstruction_angle_radians: number;
  /** Horizon: top of what blocks below the band. Zenith: lowest overhead point. Null when no point does. */
  highest_point: Point3 | null;
  /** Cut points in front of and above P that entered the angle (shared by horizon and zenith). */
  projected_point_count: number;
}

export interface DirectionAngles {
  horizon: AngleResult;
  zenith: AngleResult;
}

/** The 64-direction answer, index order of conventions.md (0 = right-hand end looking out). Degrees. */
export interface ObstructionFan {
  horizon: number[];
  zenith: number[];
  directions: number[];
}

function skyBandAt(
  scene: ObstructionScene,
  hp: HalfPlane,
  buf: CutBuffer,
  occlusion: boolean,
  skip?: Uint8Array,
): SkyBand {
  buf.reset();
  collectCuts(scene, hp, buf, occlusion, skip);
  return chooseSkyBand(buf);
}

/**
 * Horizon and zenith of the 64 fan directions in front of a facade with outward normal `direction`; the
 * triangles set in `skip` (by index) are left out.
 */
export function obstructionFan(
  scene: ObstructionScene,
  viewpoint: Point3,
  direction: Degrees,
  skip?: Uint8Array,
): ObstructionFan {
  const directions = fanDirections(direction);
  const horizon: number[] = [];
  const zenith: number[] = [];
  const buf = new CutBuffer();
  for (const azimuth of directions) {
    // Occlusion culling: same angles, fewer triangles visited (the fan reports no points or counts).
    const band = skyBandAt(scene, halfPlane(viewpoint, azimuth), buf, true, skip);
    horizon.push(band.horizon);
    zenith.push(band.zenith);
  }
  return { horizon, zenith, directions };
}

/** Horizon and zenith in the single direction `azimuth`, with the points that define them. */
export function obstructionAt(scene: ObstructionScene, viewpoint: Point3, azimuth: Degrees): DirectionAngles {
  const hp = halfPlane(viewpoint, azimuth);
  const buf = new CutBuffer();
  const band = skyBandAt(scene, hp, buf, false);
  const d = buf.data;
  const lower = band.lowerPiece * PIECE_STRIDE;
  const upper = band.upperPiece * PIECE_STRIDE;
  return {
    horizon: angleResult(
      band.horizon,
      band.lowerPiece < 0 ? null : planePoint(hp, d[lower + F_HI]!, d[lower + H_HI]!),
      buf.pointCount,
    ),
    zenith: angleResult(
      band.zenith,
      band.upperPiece < 0 ? null : planePoint(hp, d[upper + F_LO]!, d[upper + H_LO]!),
      buf.pointCount,
    ),
  };
}

function angleResult(degrees: number, point: Point3 | null, count: number): AngleResult {
  return {
    obstruction_angle_degrees: degrees,
    obstruction_angle_radians: (degrees * Math.PI) / 180,
    highest_point: point,
    projected_point_count: count,
  };
}
