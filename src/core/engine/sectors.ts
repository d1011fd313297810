import { CONTEXT_REFLECTANCE, type WindowModel } from './model';
import type { Sky } from './sky';

/**
 * The context described by a window's 64 horizon/zenith angles instead of a mesh (physics.md): within the
 * ±72.5° fan, sector i shows sky from elevation horizon[i] up to 90° − zenith[i]; the rest of the sector
 * above the horizontal is an obstruction surface of reflectance 0.30. Outside the fan the sky is open.
 *
 * The angles say where the obstruction is, not how it is lit, so its luminance is a convention, stated
 * here and in docs/engine.md: below the band it is a facade facing the window, lit by the unobstructed sky
 * (vertical-plane sky illuminance) and by the unshaded terrain (ρ_t · ½); above the band it is the
 * underside of an overhang, lit by the terrain only (ρ_t · 1).
 */
export interface SectorSky {
  /** Direction angle of the window, radians. */
  dir: number;
  horizon: Float64Array;
  zenith: Float64Array;
  /** Luminance of the facade-like and overhang-like obstruction, by reflection order [unused, 1, 2]. */
  lowLum: [number, number, number];
  highLum: [number, number, number];
}

const FAN = 72.5;
const STEP = 145 / 63;

export function sectorSky(w: WindowModel, terrainRho: number, sky: Sky): SectorSky | null {
  if (w.horizon === null || w.zenith === null) return null;
  const k = CONTEXT_REFLECTANCE / Math.PI;
  // The unshaded terrain's share is its luminance ρ_t · E_h / π times the half (facade) or whole (overhang)
  // of the view that is ground; E_h is 1 under the daylight factor's sky, not under a climate's.
  const ground = terrainRho * sky.onPlane(0, 0, 1);
  return {
    dir: (w.direction * Math.PI) / 180,
    horizon: Float64Array.from(w.horizon),
    zenith: Float64Array.from(w.zenith),
    // An obstruction below the band: a facade facing the window, lit by the sky on its vertical face.
    lowLum: [0, k * sky.onPlane(-w.nx, -w.ny, 0), k * ground * 0.5],
    highLum: [0, 0, k * ground],
  };
}

/**
 * Which obstruction (if any) the sectors put in an upward world direction: 0 = sky, 1 = below the band,
 * 2 = above it. Directions outside the fan and below the horizontal are never obstructed here.
 */
export function sectorObstruction(s: SectorSky, dx: number, dy: number, dz: number): number {
  if (dz < 0) return 0;
  const rel = ((Math.atan2(dy, dx) - s.dir) * 180) / Math.PI;
  const r = ((((rel + 180) % 360) + 360) % 360) - 180;
  if (r < -FAN || r > FAN) return 0;
  const i = Math.min(63, Math.max(0, Math.round((r + FAN) / STEP)));
  const elev = (Math.asin(Math.min(1, dz)) * 180) / Math.PI;
  if (elev < s.horizon[i]!) return 1;
  if (elev > 90 - s.zenith[i]!) return 2;
  return 0;
}
