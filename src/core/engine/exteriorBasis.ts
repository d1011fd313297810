import { cosineStrata, frameAround } from './hemisphere';
import { cacheKey, EPS, Exterior, hashKey, newHit, pow2, SKY, type ExteriorHit } from './exterior';
import { hash32, rng } from './random';
import type { SkyBasis } from './skyBasis';

/**
 * The outside world's light per sky channel (daylight coefficients): what `Exterior` computes as one number
 * under one sky, here as a vector with one entry per channel of a `SkyBasis`, by the same method (cosine
 * strata at a surface point, the unobstructed sky per channel as the control variate, three exterior
 * reflections on the same cache cells) and through the same rays (`Exterior.trace`). Kept apart from
 * `Exterior` because the daylight factor's hot path must stay scalar and allocation-free; the two are
 * checked against each other (test/engine/dc.test.ts: the vector times a sky equals the scalar under it).
 */
export class ExteriorBasis {
  readonly P: number;
  private readonly fine = new Map<string, Float32Array>();
  private readonly coarse = new Map<string, Float32Array>();
  private readonly coarseAll = new Map<string, Float32Array>();
  private readonly plane: Float64Array;
  private readonly scratch = newHit();
  private readonly scratch2 = newHit();
  private readonly scratch3 = newHit();

  constructor(
    readonly ext: Exterior,
    readonly basis: SkyBasis,
  ) {
    this.P = basis.count;
    this.plane = new Float64Array(this.P);
  }

  /**
   * Luminance per channel of the surface in `hit`, seen from `viewDistance` away (all exterior orders),
   * added to `out` times `scale`.
   */
  addSurfaceLuminance(hit: ExteriorHit, viewDistance: number, scale: number, out: Float64Array): void {
    const q = this.ext.quality;
    const cell = pow2(Math.max(q.fineCellMin, q.fineCell * viewDistance));
    const key = cacheKey(hit, cell);
    let e = this.fine.get(key);
    if (e === undefined) {
      e = this.irradiance(hit, hash32(this.ext.seed, hashKey(key)));
      this.fine.set(key, e);
    }
    const k = (hit.rho / Math.PI) * scale;
    for (let c = 0; c < this.P; c++) out[c] = out[c]! + k * e[c]!;
  }

  /**
   * What a ray from (ox, oy, oz) in direction (dx, dy, dz) sees outside, per channel, added to `out` times
   * `scale`: its sky channel, or the luminance of the surface it meets.
   */
  addRadiance(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    scale: number,
    out: Float64Array,
  ): void {
    const h = this.scratch3;
    if (this.ext.trace(ox, oy, oz, dx, dy, dz, h) === SKY) {
      const c = this.basis.channelOf(dx, dy, dz);
      out[c] = out[c]! + scale;
    } else this.addSurfaceLuminance(h, h.t, scale, out);
  }

  /** First-order exterior illuminance at a point per channel: sky (control variate) + reflected light. */
  private irradiance(hit: ExteriorHit, seed: number): Float32Array {
    const m = this.ext.quality.fineStrata;
    const w = Math.PI / (m * m);
    const { nx, ny, nz } = hit;
    const ox = hit.x + nx * EPS,
      oy = hit.y + ny * EPS,
      oz = hit.z + nz * EPS;
    const e = new Float64Array(this.P);
    this.basis.onPlane(nx, ny, nz, e);
    const h = this.scratch;
    cosineStrata(m, rng(seed), frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (this.ext.trace(ox, oy, oz, dx, dy, dz, h) === SKY) return;
      if (dz > 0) {
        const c = this.basis.channelOf(dx, dy, dz);
        e[c] = e[c]! - w;
      }
      const l = this.coarseLight(h);
      const k = (h.rho / Math.PI) * w;
      for (let c = 0; c < this.P; c++) e[c] = e[c]! + k * l[c]!;
    });
    // Not clamped per channel (the scalar clamps its sum at 0, which a sky's sum rarely reaches): a blocked
    // stratum takes its whole weight from one channel, so single channels go negative while their sum
    // under any sky is the scalar's estimate.
    return Float32Array.from(e);
  }

  /** Illuminance at a second-order point per channel: its sky and its neighbours' reflected sky. */
  private coarseLight(hit: ExteriorHit): Float32Array {
    const cell = pow2(Math.max(this.ext.quality.coarseCellMin, this.ext.quality.coarseCell * hit.t));
    const key = cacheKey(hit, cell);
    const cached = this.coarseAll.get(key);
    if (cached !== undefined) return cached;
    const m = this.ext.quality.coarseStrata;
    const w = Math.PI / (m * m);
    const r = rng(hash32(this.ext.seed, hashKey(key), 11));
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
    this.coarseAll.set(key, e);
    return e;
  }

  /** Sky illuminance at a second-order point per channel, coarsely cached. */
  private coarseSky(hit: ExteriorHit): Float32Array {
    const cell = pow2(Math.max(this.ext.quality.coarseCellMin, this.ext.quality.coarseCell * hit.t));
    const key = cacheKey(hit, cell);
    const cached = this.coarse.get(key);
    if (cached !== undefined) return cached;
    const m = this.ext.quality.coarseStrata;
    const w = Math.PI / (m * m);
    const r = rng(hash32(this.ext.seed, hashKey(key), 7));
    const { nx, ny, nz } = hit;
    const ox = hit.x + nx * EPS,
      oy = hit.y + ny * EPS,
      oz = hit.z + nz * EPS;
    const e = this.plane;
    this.basis.onPlane(nx, ny, nz, e);
    cosineStrata(m, r, frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (dz > 0 && this.ext.occluded(ox, oy, oz, dx, dy, dz)) {
        const c = this.basis.channelOf(dx, dy, dz);
        e[c] = e[c]! - w;
      }
    });
    const v = Float32Array.from(e);
    this.coarse.set(key, v);
    return v;
  }
}
