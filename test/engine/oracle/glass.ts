/**
 * Radiance's `glass` material (glass.c), for the oracle: a thin pane of two parallel dielectric faces of
 * refractive index n = 1.52 with internal transmissivity `tn` per unit path (0.7627, physics.md), all
 * internal reflections summed. Written here from the physics, not taken from the engine:
 *
 * - refraction: cos θ_t = √(1 − (1 − cos² θ_i)/n²); the path inside is 1/cos θ_t, so d = tn^(1/cos θ_t);
 * - Fresnel reflectance of one face for each polarisation, r_s = ((cos θ_i − n cos θ_t)/(cos θ_i + n cos θ_t))²
 *   and r_p = ((cos θ_t − n cos θ_i)/(cos θ_t + n cos θ_i))²;
 * - the pane (geometric series of the internal reflections), per polarisation, averaged over the two:
 *   T = (1 − r)² d / (1 − r² d²),   R = r + (1 − r)² r d² / (1 − r² d²) = r (1 + (1 − 2r) d²) / (1 − r² d²).
 *
 * Transmitted light keeps its direction (a thin pane), reflected light is mirrored.
 */
export const PANE_TRANSMISSIVITY = 0.7627;
const N = 1.52;

/** Transmittance of the pane at incidence cosine `cosIncidence`. */
export function paneTransmittance(cosIncidence: number, tn = PANE_TRANSMISSIVITY): number {
  return pane(cosIncidence, tn, 0);
}

/** Specular reflectance of the pane at incidence cosine `cosIncidence`. */
export function paneReflectance(cosIncidence: number, tn = PANE_TRANSMISSIVITY): number {
  return pane(cosIncidence, tn, 1);
}

function pane(cosIncidence: number, tn: number, reflect: number): number {
  const ci = Math.min(1, Math.max(1e-12, Math.abs(cosIncidence)));
  const ct = Math.sqrt(1 - (1 - ci * ci) / (N * N));
  const d = Math.pow(tn, 1 / ct);
  const s = (ci - N * ct) / (ci + N * ct),
    p = (ct - N * ci) / (ct + N * ci);
  let sum = 0;
  for (const r of [s * s, p * p]) {
    const den = 1 - r * r * d * d;
    sum += reflect ? (0.5 * r * (1 + (1 - 2 * r) * d * d)) / den : (0.5 * (1 - r) * (1 - r) * d) / den;
  }
  return sum;
}
