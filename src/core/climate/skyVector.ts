/**
 * One hour's sky as the luminances of the Reinhart patches: the sky vector of a daylight-coefficient
 * calculation (one column of gendaymtx's matrix, in cd/m² rather than its W/sr/m² per channel).
 */
import { flatSamples, GROUND_PATCH, patchSamples, type SkyPatches } from './patches';
import { perezRelativeLuminance, type Direction, type PerezSky } from './perez';

export interface SkyVectorOptions {
  /** Ground reflectance (gendaymtx's -g), default 0.2. */
  groundReflectance?: number;
  /**
   * Samples per patch side (n × n per patch). Default: about 1.5° apart (8 for MF = 1, 5 for MF = 2,
   * 3 for MF = 4), fine enough for the sharpest circumsolar peak of the model (d ≈ −7, ~8° wide).
   */
  samplesPerSide?: number;
}

export interface SkyVector {
  /** Mean luminance of each patch (cd/m²), patch 0 the ground; the sun is in none of them. */
  luminance: Float64Array;
  /** Unit vector towards the sun. */
  sun: Direction;
  /** lux, 0 when the sun has set: the sun, to be added as a source of its own. */
  directNormalIlluminance: number;
  /** lux, of the continuous sky. */
  diffuseHorizontalIlluminance: number;
}

/**
 * The patch luminances of `sky`. Each sky patch gets the solid-angle mean of the sky over it (n × n
 * equal-area strata), not gendaymtx's single value at the centre: a patch's mean is what the patch
 * sends, wherever its light lands. So Σ L_k Ω_k cos ζ_k reproduces the diffuse horizontal illuminance
 * (to ~0.5 % for MF = 1: cos ζ is taken at the centre). The ground is Lambertian under the whole sky and
 * sun: ρ · E_global,horizontal / π, as gendaymtx.
 */
export function skyVector(sky: PerezSky, patches: SkyPatches, options: SkyVectorOptions = {}): SkyVector {
  const rho = options.groundReflectance ?? 0.2;
  const n = options.samplesPerSide ?? Math.max(2, Math.ceil((patches.alpha * 180) / Math.PI / 1.5));
  const luminance = new Float64Array(patches.count);
  luminance[GROUND_PATCH] = (rho * sky.globalHorizontalIlluminance) / Math.PI;
  if (sky.diffuseHorizontalIlluminance > 0) {
    for (let p = 1; p < patches.count; p++) {
      let s = 0;
      patchSamples(patches, p, n, (dx, dy, dz) => {
        s += sky.luminance(dx, dy, dz);
      });
      luminance[p] = s / (n * n);
    }
  }
  return {
    luminance,
    sun: sky.sun,
    directNormalIlluminance: sky.directNormalIlluminance,
    diffuseHorizontalIlluminance: sky.diffuseHorizontalIlluminance,
  };
}

/**
 * Sky vectors for many hours (a year): each patch's mean over equal-area samples of the hour's relative
 * Perez distribution, scaled so that the samples' horizontal illuminance, Σ L cos ζ dω, is the hour's
 * diffuse illuminance (gendaymtx rescales its vector so, too). Patches near the sun, where the circumsolar
 * peak varies within a patch, take n × n samples (default 4: ~3° apart at MF 1); the rest of the sky,
 * smooth at that scale, half the side (2 × 2; a first estimate's 2 × 2 and 1 × 1): the horizontal and vertical planes get within 0.5 % of what n × n everywhere
 * gives them, every hour of Chicago's year (the test says so), and a year's vectors cost a third: a new weather file is mostly this and the product.
 * The samples are laid out once; an hour costs one evaluation of the distribution per sample, instead of
 * the ~16 000 of PerezSky's own 1° normalisation plus skyVector's 64 per patch.
 */
export interface PatchSampler {
  /** Writes the hour's patch luminances (cd/m², patch 0 the ground) into `out`. */
  vector(sky: PerezSky, groundReflectance: number, out: Float64Array): void;
}

/** Patches whose centre is within this of the sun (plus the patch's own half-diagonal) are sampled finely. */
const CIRCUMSOLAR = (25 * Math.PI) / 180;

export function patchSampler(patches: SkyPatches, n = 4): PatchSampler {
  // Away from the sun, half the side (4 → 2 for the year, 2 → 1 for a first estimate).
  const side = Math.max(1, n >> 1);
  const fine = flatSamples(patches, n);
  const coarse = side < n ? flatSamples(patches, side) : fine;
  const nf = n * n,
    nc = side * side;
  // Samples are laid out patch by patch (patch p's from (p − 1)·n² on); a patch's diagonal half-width bounds
  // how far its samples are from its centre.
  const near = Math.cos(CIRCUMSOLAR + patches.alpha);
  return {
    vector(sky, rho, out) {
      out.fill(0);
      out[GROUND_PATCH] = (rho * sky.globalHorizontalIlluminance) / Math.PI;
      const edh = sky.diffuseHorizontalIlluminance;
      if (!(edh > 0)) return;
      const k = sky.coefficients;
      const s = sky.modelSun;
      let horizontal = 0;
      for (let p = 1; p < patches.count; p++) {
        const toSun = patches.x[p]! * s.x + patches.y[p]! * s.y + patches.z[p]! * s.z;
        const set = toSun > near ? fine : coarse;
        const m = set === fine ? nf : nc;
        const D = set.dirs,
          W = set.dOmega;
        let sum = 0;
        for (let i = (p - 1) * m, end = i + m; i < end; i++) {
          const dx = D[i * 3]!,
            dy = D[i * 3 + 1]!,
            dz = D[i * 3 + 2]!;
          const l = perezRelativeLuminance(k, dz, dx * s.x + dy * s.y + dz * s.z);
          sum += l;
          horizontal += l * dz * W[i]!;
        }
        out[p] = sum / m;
      }
      // A distribution that vanishes everywhere is a uniform sky, as gendaymtx makes it.
      if (!(horizontal > 1e-12)) {
        for (let p = 1; p < patches.count; p++) out[p] = edh / Math.PI;
        return;
      }
      const scale = edh / horizontal;
      for (let p = 1; p < patches.count; p++) out[p] = out[p]! * scale;
    },
  };
}
