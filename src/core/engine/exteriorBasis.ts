import { cosineStrata, frameAround } from './hemisphere';
import { cacheKey, CellMap, hashKey } from './cellMap';
import { EPS, Exterior, newHit, pow2, SKY, type ExteriorHit } from './exterior';
import { hash32, rng } from './random';
import type { SkyBasis } from './skyBasis';

/**
 * The outside world's light per sky channel (daylight coefficients): what `Exterior` computes as one number
 * under one sky, here as a vector with one entry per channel of a `SkyBasis`: on the same cache cells,
 * through the same rays (`Exterior.trace`), with the same three exterior reflections, but the sky's own
 * light at a point found by one shadow ray per channel (skyPart) rather than by the scalar's control
 * variate. Kept apart from
 * `Exterior` because the daylight factor's hot path must stay scalar and allocation-free; the two are
 * checked against each other (test/engine/dc.test.ts: the vector times a sky equals the scalar under it).
 */
export class ExteriorBasis {
  readonly P: number;
  private readonly fine = new CellMap<Float32Array>();
  private readonly coarse = new CellMap<Float32Array>();
  private readonly coarseAll = new CellMap<Float32Array>();
  private readonly scratch = newHit();
  private readonly scratch2 = newHit();

  constructor(
    readonly ext: Exterior,
    readonly basis: SkyBasis,
  ) {
    this.P = basis.count;
  }

  /**
   * Luminance per channel of the surface in `hit`, seen from `viewDistance` away (all exterior orders),
   * added to `out` times `scale`.
   */
  addSurfaceLuminance(hit: ExteriorHit, viewDistance: number, scale: number, out: Float64Array): void {
    const q = this.ext.quality;
    const cell = pow2(Math.max(q.fineCellMin, q.fineCell * viewDistance));
    let e = this.fine.get(hit, cell);
    if (e === undefined) {
      e = this.irradiance(hit, hash32(this.ext.seed, hashKey(cacheKey(hit, cell))));
      this.fine.set(hit, cell, e);
    }
    const k = (hit.rho / Math.PI) * scale;
    for (let c = 0; c < this.P; c++) out[c] = out[c]! + k * e[c]!;
  }

  /**
   * First-order exterior illuminance at a point per channel: each sky channel's unobstructed illuminance
   * times whether a shadow ray to a random point of the channel gets through (skyPart), plus the light
   * reflected by the surfaces the cosine strata meet. The scalar exterior's control variate takes a
   * blocked stratum's whole weight from the one channel it falls in, which is unbiased for a smooth sky
   * but, per channel, a noise as large as the channel itself; a bright channel (the sun's, in the 5-phase
   * method) would carry that noise into every hour it lights.
   */
  private irradiance(hit: ExteriorHit, seed: number): Float32Array {
    const m = this.ext.quality.fineStrata;
    const w = Math.PI / (m * m);
    const { nx, ny, nz } = hit;
    const ox = hit.x + nx * EPS,
      oy = hit.y + ny * EPS,
      oz = hit.z + nz * EPS;
    const e = this.skyPart(ox, oy, oz, nx, ny, nz, rng(hash32(seed, 0x5c7)));
    const h = this.scratch;
    cosineStrata(m, rng(seed), frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (this.ext.trace(ox, oy, oz, dx, dy, dz, h) === SKY) return;
      const l = this.coarseLight(h);
      const k = (h.rho / Math.PI) * w;
      for (let c = 0; c < this.P; c++) e[c] = e[c]! + k * l[c]!;
    });
    return Float32Array.from(e);
  }

  /** The sky channels' illuminance on a plane at a point, each times its shadow ray's verdict. */
  private skyPart(
    ox: number,
    oy: number,
    oz: number,
    nx: number,
    ny: number,
    nz: number,
    r: () => number,
  ): Float64Array {
    const e = new Float64Array(this.P);
    this.basis.onPlane(nx, ny, nz, e);
    const d = this.dir;
    for (let c = 1; c < this.P; c++) {
      if (e[c]! <= 0) continue;
      // A direction in the channel drawn in proportion to its cosine on the plane (rejection sampling),
      // so that the ray's verdict is unbiased for the channel's illuminance: a uniform draw over-weights
      // the grazing part, which in a street canyon is the visible one.
      for (let tries = 0; tries < 64; tries++) {
        this.basis.direction(c, r(), r(), d);
        if (r() < d[0]! * nx + d[1]! * ny + d[2]! * nz) break;
      }
      if (this.ext.occluded(ox, oy, oz, d[0]!, d[1]!, d[2]!)) e[c] = 0;
    }
    return e;
  }

  private readonly dir = new Float64Array(3);

  /** Illuminance at a second-order point per channel: its sky and its neighbours' reflected sky. */
  private coarseLight(hit: ExteriorHit): Float32Array {
    const cell = pow2(Math.max(this.ext.quality.coarseCellMin, this.ext.quality.coarseCell * hit.t));
    const cached = this.coarseAll.get(hit, cell);
    if (cached !== undefined) return cached;
    const m = this.ext.quality.coarseStrata;
    const w = Math.PI / (m * m);
    const r = rng(hash32(this.ext.seed, hashKey(cacheKey(hit, cell)), 11));
    const { nx, ny, nz } = hit;
    const ox = hit.x + nx * EPS,
      oy = hit.y + ny * EPS,
      oz = hit.z + nz * EPS;
    const e = Float32Array.from(this.coarseSky(hit));
    const h2 = this.scratch2;
    cosineStrata(m, r, frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (this.ext.trace(ox, oy, oz, dx, dy, dz, h2) === SKY) return;
      const s = this.coarseSky(h2);
      const k = (h2.rho / Math.PI) * w;
      for (let c = 0; c < this.P; c++) e[c] = e[c]! + k * s[c]!;
    });
    this.coarseAll.set(hit, cell, e);
    return e;
  }

  /** Sky illuminance at a second-order point per channel, coarsely cached. */
  private coarseSky(hit: ExteriorHit): Float32Array {
    const cell = pow2(Math.max(this.ext.quality.coarseCellMin, this.ext.quality.coarseCell * hit.t));
    const cached = this.coarse.get(hit, cell);
    if (cached !== undefined) return cached;
    const { nx, ny, nz } = hit;
    const e = this.skyPart(
      hit.x + nx * EPS,
      hit.y + ny * EPS,
      hit.z + nz * EPS,
      nx,
      ny,
      nz,
      rng(hash32(this.ext.seed, hashKey(cacheKey(hit, cell)), 7)),
    );
    const v = Float32Array.from(e);
    this.coarse.set(hit, cell, v);
    return v;
  }
}
