import { Triangle, Vector3 } from 'three';
import { paneReflectance, paneTransmittance } from './glass';
import { RayCaster } from './rayCaster';
import { buildScene, GLASS, type OracleRoom, type OracleScene, type SceneOptions } from './scene';

/**
 * The engine's second opinion: a brute-force Monte Carlo path tracer of the reference scene of physics.md,
 * independent of the engine — it imports nothing from src/core/engine. Its scene is built from the request
 * by ./scene.ts, rays are cast on three-mesh-bvh's tree (./rayCaster.ts), and the sky, the glass
 * (./glass.ts), the random numbers and the hemisphere sampling are its own. It follows Radiance's bounce
 * rule: a sensor sees light that has been diffusely reflected at most `ab − 1` times; the glass transmits and
 * mirrors without counting a bounce. Slow (~0.1 ms per path) and noisy (1–2 % at 20 000 paths per point),
 * but it shares no method with the engine either: no environment maps, caches, patches or form factors.
 */
export class PathTracer {
  readonly scene: OracleScene;
  private readonly caster: RayCaster;
  /** Unit normal of each triangle's front face. */
  private readonly normals: Float64Array;
  /** Most diffuse reflections allowed on exterior surfaces (to isolate the engine's exterior truncation). */
  maxExterior = Infinity;
  /** Most diffuse reflections allowed inside the room (0: the light through the windows only). */
  maxInterior = Infinity;
  /**
   * The sky's radiance towards a unit direction (pointing at the sky); default the CIE overcast sky of
   * unit horizontal illuminance (skyRadiance). A climate check gives it an hour's Perez sky.
   */
  sky: (dx: number, dy: number, dz: number) => number = (_dx, _dy, dz) => skyRadiance(dz);

  constructor(room: OracleRoom, options: SceneOptions = {}) {
    this.scene = buildScene(room, options);
    const pos = this.scene.positions;
    this.caster = new RayCaster(pos);
    // Face normals by three.js (the engine computes its own; the oracle must not share that code).
    const nt = pos.length / 9;
    this.normals = new Float64Array(nt * 3);
    const tri = new Triangle(),
      n = new Vector3();
    for (let i = 0; i < nt; i++) {
      const o = 9 * i;
      tri.a.fromArray(pos, o);
      tri.b.fromArray(pos, o + 3);
      tri.c.fromArray(pos, o + 6);
      tri.getNormal(n).toArray(this.normals, 3 * i);
    }
  }

  /** Height of the work plane (floor + 0.8 m). */
  get workPlane(): number {
    return this.scene.workPlane;
  }

  /** Radiance arriving at o from direction −d; `left` = diffuse reflections still allowed. */
  private radiance(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    left: number,
    rand: () => number,
  ): number {
    const sc = this.scene;
    let weight = 1;
    let exterior = 0;
    let interior = 0;
    for (let guard = 0; guard < 64; guard++) {
      // The terrain z = 0; where a triangle lies in that plane too (a floor at z = 0) the triangle is met.
      const tTerrain = dz < 0 ? -oz / dz : Infinity;
      const far = tTerrain === Infinity ? Infinity : tTerrain * (1 + 1e-9) + 1e-9;
      const tri = this.caster.cast(ox, oy, oz, dx, dy, dz, far);
      const hit = tri >= 0;
      let nx: number, ny: number, nz: number, rho: number, out: number, t: number;
      if (hit) {
        t = this.caster.t;
        nx = this.normals[3 * tri]!;
        ny = this.normals[3 * tri + 1]!;
        nz = this.normals[3 * tri + 2]!;
        if (nx * dx + ny * dy + nz * dz < 0) {
          rho = sc.front[tri]!;
          out = sc.frontOut[tri]!;
        } else {
          rho = sc.back[tri]!;
          out = sc.backOut[tri]!;
          nx = -nx;
          ny = -ny;
          nz = -nz;
        }
      } else if (dz < 0) {
        t = tTerrain;
        nx = 0;
        ny = 0;
        nz = 1;
        rho = sc.terrain;
        out = 1;
      } else {
        return weight * this.sky(dx, dy, dz);
      }
      const px = ox + dx * t,
        py = oy + dy * t,
        pz = hit ? oz + dz * t : 0;
      if (rho === GLASS) {
        const cos = -(nx * dx + ny * dy + nz * dz);
        const T = paneTransmittance(cos),
          R = paneReflectance(cos);
        if (rand() * (T + R) < T) {
          // Through the pane, same direction.
          ox = px - nx * 1e-7;
          oy = py - ny * 1e-7;
          oz = pz - nz * 1e-7;
        } else {
          dx += 2 * cos * nx;
          dy += 2 * cos * ny;
          dz += 2 * cos * nz;
          ox = px + nx * 1e-7;
          oy = py + ny * 1e-7;
          oz = pz + nz * 1e-7;
        }
        weight *= T + R;
        continue;
      }
      if (left <= 0 || rho <= 0) return 0;
      left--;
      if (out && ++exterior > this.maxExterior) return 0;
      if (!out && ++interior > this.maxInterior) return 0;
      weight *= rho;
      cosineDirection(nx, ny, nz, rand(), rand(), DIR);
      dx = DIR[0]!;
      dy = DIR[1]!;
      dz = DIR[2]!;
      ox = px + nx * 1e-7;
      oy = py + ny * 1e-7;
      oz = pz + nz * 1e-7;
    }
    return 0;
  }

  /** Daylight factor (%) at an upward-facing point, with Radiance's -ab `ab`; `samples` paths (stratified). */
  daylightFactor(x: number, y: number, z: number, samples: number, seed: number, ab = 7): number {
    const rand = sfc32(seed);
    const m = Math.max(1, Math.floor(Math.sqrt(samples)));
    let sum = 0;
    for (let a = 0; a < m; a++) {
      for (let b = 0; b < m; b++) {
        cosineDirection(0, 0, 1, (a + rand()) / m, (b + rand()) / m, DIR);
        sum += this.radiance(x, y, z, DIR[0]!, DIR[1]!, DIR[2]!, ab - 1, rand);
      }
    }
    // E = π × mean radiance over cosine-distributed directions; E_h = 1, so DF = 100 E.
    return (100 * Math.PI * sum) / (m * m);
  }
}

/**
 * CIE standard overcast sky, L(γ) = L_z (1 + 2 sin γ)/3, scaled so that the unobstructed horizontal
 * illuminance is 1: E_h = ∫ L sin γ dω = 2π L_z/3 · (1/2 + 2/3) = 7π L_z/9, so L_z = 9/(7π).
 */
export function skyRadiance(sinAltitude: number): number {
  return sinAltitude > 0 ? ((9 / (7 * Math.PI)) * (1 + 2 * sinAltitude)) / 3 : 0;
}

/**
 * A cosine-distributed unit direction around the unit normal n from (u1, u2) ∈ [0, 1)²: Shirley and Chiu's
 * concentric map to the unit disc, lifted onto the hemisphere (Nusselt), in the frame of Duff et al.
 * ("Building an orthonormal basis, revisited", 2017).
 */
export function cosineDirection(
  nx: number,
  ny: number,
  nz: number,
  u1: number,
  u2: number,
  out: Float64Array,
): Float64Array {
  const a = 2 * u1 - 1,
    b = 2 * u2 - 1;
  let r = 0,
    phi = 0;
  if (a !== 0 || b !== 0) {
    if (Math.abs(a) > Math.abs(b)) {
      r = a;
      phi = (Math.PI / 4) * (b / a);
    } else {
      r = b;
      phi = Math.PI / 2 - (Math.PI / 4) * (a / b);
    }
  }
  const lx = r * Math.cos(phi),
    ly = r * Math.sin(phi),
    lz = Math.sqrt(Math.max(0, 1 - lx * lx - ly * ly));
  const sign = nz >= 0 ? 1 : -1;
  const k = -1 / (sign + nz);
  const q = nx * ny * k;
  const tx = 1 + sign * nx * nx * k,
    ty = sign * q,
    tz = -sign * nx;
  const bx = q,
    by = sign + ny * ny * k,
    bz = -ny;
  out[0] = lx * tx + ly * bx + lz * nx;
  out[1] = lx * ty + ly * by + lz * ny;
  out[2] = lx * tz + ly * bz + lz * nz;
  return out;
}

const DIR = new Float64Array(3);

/** sfc32 (Chris Doty-Humphrey's small fast counter generator), seeded through splitmix32; floats in [0, 1). */
export function sfc32(seed: number): () => number {
  let s = seed >>> 0;
  const split = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) | 0;
  };
  let a = split(),
    b = split(),
    c = split(),
    d = split();
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}
