import type { WindowModel } from '../engine/model';
import { ZENITH_LUMINANCE } from '../engine/sky';

/**
 * The sky's light on a window's outer plane in closed form (issue 35 §3): what windowFlux.ts's `skyDown`
 * and `skySteep` sample, from the window's 64 angles alone and without noise. Looking out, at azimuth φ
 * from the normal and elevation e, a direction adds L(e) cos e cos φ · cos e de dφ (the plane's cosine
 * times the solid angle), L the CIE overcast sky; sector i of the ±72.5° fan shows sky from horizon[i] to
 * 90° − zenith[i], and outside the fan the sky is open (as the engine's sector sky). Both integrals have
 * closed forms: in φ, ∫ cos φ = sin φ; in e, with L = L_z (1 + 2 sin e) / 3,
 *   ∫ cos²e de = e/2 + sin 2e / 4,  ∫ sin e cos²e de = −cos³e / 3,  ∫ sin²e cos²e de = e/8 − sin 4e / 32,
 * so each sector is a sum of these at its band's ends. `skySteep` weighs each direction by sin e, as
 * windowFlux.ts does. Fractions of the unobstructed horizontal illuminance E_h (= 1).
 */
export interface SkyFlux {
  skyDown: number;
  skySteep: number;
}

const FAN = 72.5;
const STEP = 145 / 63;
const RAD = Math.PI / 180;

const c2 = (e: number): number => e / 2 + Math.sin(2 * e) / 4;
const sc2 = (e: number): number => -(Math.cos(e) ** 3) / 3;
const s2c2 = (e: number): number => e / 8 - Math.sin(4 * e) / 32;

/** ∫ L(e) cos²e de and ∫ L(e) sin e cos²e de over [a, b] (radians). */
function bands(a: number, b: number): [number, number] {
  const k = ZENITH_LUMINANCE / 3;
  return [k * (c2(b) - c2(a) + 2 * (sc2(b) - sc2(a))), k * (sc2(b) - sc2(a) + 2 * (s2c2(b) - s2c2(a)))];
}

export function skyFlux(w: Pick<WindowModel, 'horizon' | 'zenith'>): SkyFlux {
  const open = bands(0, Math.PI / 2);
  // Outside the fan, both sides: ∫ cos φ over [72.5°, 90°] twice.
  const side = 2 * (1 - Math.sin(FAN * RAD));
  let down = side * open[0],
    steep = side * open[1];
  for (let i = 0; i < 64; i++) {
    const a = Math.max(-FAN, -FAN + (i - 0.5) * STEP) * RAD,
      b = Math.min(FAN, -FAN + (i + 0.5) * STEP) * RAD;
    const width = Math.sin(b) - Math.sin(a);
    const h = (w.horizon?.[i] ?? 0) * RAD,
      top = (90 - (w.zenith?.[i] ?? 0)) * RAD;
    if (top <= h) continue;
    const [d, s] = bands(h, top);
    down += width * d;
    steep += width * s;
  }
  return { skyDown: down, skySteep: steep };
}
