import type { RayHit } from './bvh';
import type { ExteriorGeometry } from './body';
import { cosineStrata, frameAround } from './hemisphere';
import { CONTEXT_REFLECTANCE } from './model';
import { hash32, rng } from './random';
import { intersectBoth, surfacesOf, type Surfaces } from './surfaces';
import { CIE_OVERCAST, type Sky } from './sky';
import { cacheKey, CellMap, hashKey } from './cellMap';
import { newHit, SKY, SURFACE, TERRAIN, type ExteriorHit } from './exteriorHit';
import { CROWN_REFLECTANCE, throughCrown } from './crowns';

// In a module of their own so that the caches' cellMap.ts can key on hits without an import cycle.
export { SKY, TERRAIN, SURFACE, newHit, type ExteriorHit };

export interface ExteriorQuality {
  /** Strata per axis of the hemisphere at a first-order exterior point (K² rays). */
  fineStrata: number;
  /** Strata per axis at a second-order point (sky only). */
  coarseStrata: number;
  /** Cache cell size relative to the viewing distance (first order), and its floor in metres. */
  fineCell: number;
  fineCellMin: number;
  /** The same for second-order points. */
  coarseCell: number;
  coarseCellMin: number;
}

export const DEFAULT_EXTERIOR_QUALITY: ExteriorQuality = {
  fineStrata: 6,
  coarseStrata: 3,
  fineCell: 0.15,
  fineCellMin: 0.125,
  coarseCell: 0.4,
  coarseCellMin: 1,
};

interface CacheEntry {
  /** Sky illuminance (light that has not been reflected yet). */
  e0: number;
  /** Illuminance from exterior surfaces lit directly by the sky. */
  e1: number;
}

/** Offset of a ray's origin from the surface it leaves (m). */
export const EPS = 2e-4;
const CONTEXT_RHO = Math.fround(CONTEXT_REFLECTANCE);
const CROWN_RHO = Math.fround(CROWN_REFLECTANCE);

/**
 * The world outside the room: terrain plane z = 0, the context mesh and the building body, under the CIE
 * overcast sky. Answers "what does a ray from here see" as luminance split by the number of diffuse
 * reflections the light has had (0 = sky, 1 = a surface lit by the sky, 2 = lit by such a surface) — the
 * split lets the room solution count bounces like Radiance's -ab does.
 *
 * Surface luminance is ρ/π · E with E from a hemisphere of stratified cosine-weighted rays, cached on cells
 * that grow with the distance from which the surface is seen (a far surface covers a small solid angle and
 * needs a coarse answer). The sky part of E uses the unobstructed tilted-plane illuminance as a control
 * variate: E₀ = E_sky(tilt) − Σ(blocked rays' sky), exact when nothing is blocked. Light reflected
 * outside up to three times is followed (the second and third order on coarser cells and fewer rays);
 * the fourth and higher are neglected (each exterior order is ≤ ~20 % of the one before, in a canyon).
 */
export class Exterior {
  /** The context (null without one) and the building body, traced as one soup: context triangles first. */
  private readonly context: Surfaces | null;
  private readonly contextPositions: Float32Array;
  private readonly body: Surfaces;
  private readonly contextCount: number;
  private readonly facadeRho: number;
  private readonly bodyWindsOut: boolean;
  private readonly terrainRho: number;
  private readonly fine = new CellMap<CacheEntry>();
  private readonly coarse = new CellMap<number>();
  private readonly coarseAll = new CellMap<number>();
  private readonly rayHit: RayHit = { t: Infinity, tri: -1 };
  private readonly rayHit2: RayHit = { t: Infinity, tri: -1 };
  /** Tree crowns (crowns.ts), numbered after the context and body in the caches' keys; null without. */
  private readonly crowns: Surfaces | null;
  private readonly crownTree: Uint16Array;
  private readonly crownTransmittance: number;
  private readonly crownFirst: number;
  private readonly crownHit: RayHit = { t: Infinity, tri: -1 };
  private readonly scratch = newHit();
  private readonly scratch2 = newHit();
  readonly seed: number;
  readonly quality: ExteriorQuality;
  rays = 0;

  constructor(
    geom: ExteriorGeometry,
    terrainRho: number,
    seed: number,
    quality: ExteriorQuality = DEFAULT_EXTERIOR_QUALITY,
    /** The sky everything outside is lit by (and the sky the window sees). */
    readonly sky: Sky = CIE_OVERCAST,
  ) {
    this.contextCount = Math.floor(geom.context.length / 9);
    this.context = this.contextCount > 0 ? surfacesOf(geom.context) : null;
    this.contextPositions = geom.context;
    this.body = surfacesOf(geom.body);
    const crowns = geom.crowns && geom.crowns.tree.length > 0 ? geom.crowns : null;
    this.crowns = crowns ? surfacesOf(crowns.positions) : null;
    this.crownTree = crowns?.tree ?? new Uint16Array(0);
    this.crownTransmittance = crowns?.transmittance ?? 0;
    this.crownFirst = this.contextCount + this.body.bvh.triangleCount;
    // float32, as the per-triangle reflectance array held them: the same numbers as the training labels.
    this.facadeRho = Math.fround(geom.facade);
    this.bodyWindsOut = geom.windsOut;
    this.terrainRho = terrainRho;
    this.seed = seed;
    this.quality = quality;
  }

  /** Closest thing along a unit direction from (ox, oy, oz). */
  trace(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    out: ExteriorHit,
    tmin = 1e-6,
  ): number {
    this.rays++;
    let tmax = Infinity;
    if (dz < 0) tmax = -oz / dz;
    const rh = this.rayHit;
    const hit = intersectBoth(this.context, this.body, ox, oy, oz, dx, dy, dz, tmin, tmax, rh, this.rayHit2);
    // A context triangle in the terrain plane (a city export's ground) is the terrain: seen from above the
    // two coincide, and which of them a ray met was float rounding (docs/engine.md, "A context's ground").
    const ground = hit && dz < 0 && rh.tri < this.contextCount && onTerrain(this.contextPositions, rh.tri);
    // A crown before whatever the ray meets behind it: its leaves where it does not pass through.
    if (this.crowns) {
      const c = this.crownBefore(ox, oy, oz, dx, dy, dz, tmin, hit ? rh.t : tmax);
      if (c >= 0) {
        facing(out, this.crowns.normals, c, dx, dy, dz, this.crownHit.t);
        out.rho = CROWN_RHO;
        out.tri = this.crownFirst + c;
        out.x = ox + dx * out.t;
        out.y = oy + dy * out.t;
        out.z = oz + dz * out.t;
        return SURFACE;
      }
    }
    if (hit && !ground) {
      const i = rh.tri;
      const inContext = i < this.contextCount;
      const normals = inContext ? this.context!.normals : this.body.normals;
      facing(out, normals, inContext ? i : i - this.contextCount, dx, dy, dz, rh.t);
      // The inner side of the body's walls or roof is inside its solid: nothing there is lit.
      out.rho = inContext ? CONTEXT_RHO : this.bodyWindsOut && out.side === 0 ? 0 : this.facadeRho;
      out.tri = i;
    } else if (dz < 0 && tmax > tmin) {
      out.kind = TERRAIN;
      out.t = ground ? rh.t : tmax;
      out.nx = 0;
      out.ny = 0;
      out.nz = 1;
      out.rho = this.terrainRho;
      out.tri = -1;
    } else {
      out.kind = SKY;
      out.t = Infinity;
      return SKY;
    }
    out.x = ox + dx * out.t;
    out.y = oy + dy * out.t;
    out.z = dz < 0 && out.kind === TERRAIN ? 0 : oz + dz * out.t;
    return out.kind;
  }

  /**
   * The crown triangle the ray stops at between tmin and `limit` (its distance in crownHit), or -1 where it
   * passes through every crown on the way: through each tree's at most once (crowns.ts).
   */
  private crownBefore(
    ox: number,
    oy: number,
    oz: number,
    dx: number,
    dy: number,
    dz: number,
    tmin: number,
    limit: number,
  ): number {
    const ch = this.crownHit;
    let from = tmin;
    let passed = 0;
    while (this.crowns!.bvh.intersect(ox, oy, oz, dx, dy, dz, from, limit, ch)) {
      const tree = this.crownTree[ch.tri]!;
      const t = ch.t;
      if (
        tree !== passed &&
        !throughCrown(tree, ox + dx * t, oy + dy * t, oz + dz * t, this.crownTransmittance)
      )
        return ch.tri;
      passed = tree;
      // Past this card (another tree's card at the very same distance is passed with it: a 1 µm step).
      from = t + 1e-6;
    }
    return -1;
  }

  /** Whether anything blocks the ray (terrain included). */
  occluded(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): boolean {
    this.rays++;
    if (dz < 0) return true;
    const solid = intersectBoth(
      this.context,
      this.body,
      ox,
      oy,
      oz,
      dx,
      dy,
      dz,
      1e-6,
      Infinity,
      this.rayHit,
      this.rayHit2,
      true,
    );
    return solid || (this.crowns !== null && this.crownBefore(ox, oy, oz, dx, dy, dz, 1e-6, Infinity) >= 0);
  }

  /**
   * Luminance of the surface in `hit`, seen from `viewDistance` away: out[1] from sky light reflected once,
   * out[2] from light reflected twice. out[0] (unreflected sky) is left at 0.
   */
  surfaceLuminance(hit: ExteriorHit, viewDistance: number, out: Float64Array): void {
    const q = this.quality;
    const cell = pow2(Math.max(q.fineCellMin, q.fineCell * viewDistance));
    let e = this.fine.get(hit, cell);
    if (e === undefined) {
      const seed = hash32(this.seed, hashKey(cacheKey(hit, cell)));
      e = this.irradiance(hit.x, hit.y, hit.z, hit.nx, hit.ny, hit.nz, seed);
      this.fine.set(hit, cell, e);
    }
    const k = hit.rho / Math.PI;
    out[0] = 0;
    out[1] = k * e.e0;
    out[2] = k * e.e1;
  }

  /** First-order exterior illuminance at a point: sky (control variate) + once-reflected light. */
  private irradiance(
    px: number,
    py: number,
    pz: number,
    nx: number,
    ny: number,
    nz: number,
    seed: number,
  ): CacheEntry {
    const m = this.quality.fineStrata;
    const w = Math.PI / (m * m);
    const ox = px + nx * EPS,
      oy = py + ny * EPS,
      oz = pz + nz * EPS;
    let e0 = this.sky.onPlane(nx, ny, nz);
    let e1 = 0;
    const h = this.scratch;
    cosineStrata(m, rng(seed), frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (this.trace(ox, oy, oz, dx, dy, dz, h) === SKY) return;
      if (dz > 0) e0 -= this.sky.luminance(dx, dy, dz) * w;
      e1 += (h.rho / Math.PI) * this.coarseLight(h) * w;
    });
    // Unclamped: a point deep in a notch under a directional sky can get a negative estimate, and setting
    // it to 0 biased the light upward (up to 15 % of a room's hour under a clear Perez sky; docs/climate.md).
    // The noise averages out over the cache cells a window sees.
    return { e0, e1 };
  }

  /**
   * Illuminance at a second-order point: its sky light plus what the surfaces it sees reflect of theirs
   * (so three exterior reflections in all reach a window; in a street canyon the third is still ~5 % of
   * what enters). Coarsely cached, on the same cells as the sky part.
   */
  private coarseLight(hit: ExteriorHit): number {
    const cell = pow2(Math.max(this.quality.coarseCellMin, this.quality.coarseCell * hit.t));
    const cached = this.coarseAll.get(hit, cell);
    if (cached !== undefined) return cached;
    const m = this.quality.coarseStrata;
    const w = Math.PI / (m * m);
    const r = rng(hash32(this.seed, hashKey(cacheKey(hit, cell)), 11));
    const { nx, ny, nz } = hit;
    const ox = hit.x + nx * EPS,
      oy = hit.y + ny * EPS,
      oz = hit.z + nz * EPS;
    let e = this.coarseSky(hit);
    const h2 = this.scratch2;
    cosineStrata(m, r, frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (this.trace(ox, oy, oz, dx, dy, dz, h2) === SKY) return;
      e += (h2.rho / Math.PI) * this.coarseSky(h2) * w;
    });
    this.coarseAll.set(hit, cell, e);
    return e;
  }

  /** Sky illuminance at a second-order point, coarsely cached; reflected light there is neglected. */
  private coarseSky(hit: ExteriorHit): number {
    const cell = pow2(Math.max(this.quality.coarseCellMin, this.quality.coarseCell * hit.t));
    const cached = this.coarse.get(hit, cell);
    if (cached !== undefined) return cached;
    const m = this.quality.coarseStrata;
    const w = Math.PI / (m * m);
    const r = rng(hash32(this.seed, hashKey(cacheKey(hit, cell)), 7));
    const { nx, ny, nz } = hit;
    const ox = hit.x + nx * EPS,
      oy = hit.y + ny * EPS,
      oz = hit.z + nz * EPS;
    let e0 = this.sky.onPlane(nx, ny, nz);
    cosineStrata(m, r, frameAround(nx, ny, nz), (dx, dy, dz) => {
      if (dz > 0 && this.occluded(ox, oy, oz, dx, dy, dz)) e0 -= this.sky.luminance(dx, dy, dz) * w;
    });
    // Unclamped, as irradiance's.
    this.coarse.set(hit, cell, e0);
    return e0;
  }

  /** Entries in the first- and second-order caches. */
  get cacheSize(): [number, number] {
    return [this.fine.size, this.coarse.size + this.coarseAll.size];
  }
}

/**
 * `out` as a surface hit at distance t on triangle j of `normals`, its normal turned to the ray's side
 * (`side` 1 where the winding's normal already faced it).
 */
function facing(
  out: ExteriorHit,
  normals: Float32Array,
  j: number,
  dx: number,
  dy: number,
  dz: number,
  t: number,
): void {
  let nx = normals[j * 3]!,
    ny = normals[j * 3 + 1]!,
    nz = normals[j * 3 + 2]!;
  out.side = 1;
  if (nx * dx + ny * dy + nz * dz > 0) {
    nx = -nx;
    ny = -ny;
    nz = -nz;
    out.side = 0;
  }
  out.kind = SURFACE;
  out.t = t;
  out.nx = nx;
  out.ny = ny;
  out.nz = nz;
}

/** How near the terrain plane (m) a context triangle's three corners must lie to be the terrain. */
export const ON_TERRAIN = 1e-6;

/** Whether context triangle i lies in the terrain plane (z = 0 within ON_TERRAIN at all three corners). */
function onTerrain(p: Float32Array, i: number): boolean {
  const o = i * 9;
  return (
    Math.abs(p[o + 2]!) <= ON_TERRAIN &&
    Math.abs(p[o + 5]!) <= ON_TERRAIN &&
    Math.abs(p[o + 8]!) <= ON_TERRAIN
  );
}

/** The power of two nearest to v: cache cells of a few sizes only. */
export function pow2(v: number): number {
  return Math.pow(2, Math.round(Math.log2(v)));
}
