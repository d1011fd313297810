import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Point3 } from '../../src/core/geometry/vec';
import type { TriangleSoup } from '../../src/core/types';

/**
 * The recorded answers of the original obstruction service (test/fixtures/upstream-obstruction, see
 * its README). Requests carry radians; these helpers hand out what our API takes.
 */
export const VECTORS_PATH = fileURLToPath(
  new URL('../fixtures/upstream-obstruction/vectors.json', import.meta.url),
);

interface Request {
  x: number;
  y: number;
  z: number;
  direction_angle: number;
  mesh: [number, number, number][];
  num_directions?: number;
  start_angle_degrees?: number;
  end_angle_degrees?: number;
}

export interface MultiVector {
  name: string;
  request: Request;
  direction_angle_rad: number[];
  horizon_deg: number[];
  zenith_deg: number[];
}

interface AngleJson {
  obstruction_angle_degrees: number;
  highest_point: Point3 | null;
}

export interface SingleVector {
  name: string;
  endpoint: '/horizon' | '/zenith' | '/obstruction';
  request: Request;
  /** `data` is one angle for /horizon and /zenith, both for /obstruction. */
  response: { data: AngleJson | { horizon: AngleJson; zenith: AngleJson } };
}

export function loadUpstreamVectors(): { multi: MultiVector[]; single: SingleVector[] } {
  const json = JSON.parse(readFileSync(VECTORS_PATH, 'utf8')) as {
    multi_direction: MultiVector[];
    single_direction: SingleVector[];
  };
  return { multi: json.multi_direction, single: json.single_direction };
}

export const meshOf = (r: Request): TriangleSoup => ({ positions: new Float32Array(r.mesh.flat()) });
export const viewpointOf = (r: Request): Point3 => ({ x: r.x, y: r.y, z: r.z });
export const degreesOf = (radians: number): number => (radians * 180) / Math.PI;
