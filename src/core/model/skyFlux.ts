import type { RoomModel, WindowModel } from '../engine/model';
import { ZENITH_LUMINANCE } from '../engine/sky';
import { bodyRise, bodyView, type BodyView } from './bodyView';
import { FAN, OUTER_SECTORS, STEP, outerSector, type OuterAngles, type SkyBand } from './skyTerm';

/**
 * The sky's light on a window's outer plane in closed form (issue 35 §3): what windowFlux.ts's `skyDown`
 * and `skySteep` sample, from the window's 64 angles alone and without noise. Looking out, at azimuth φ
 * from the normal and elevation e, a direction adds L(e) cos e cos φ · cos e de dφ (the plane's cosine
 * times the solid angle), L the CIE overcast sky; sector i of the ±72.5° fan shows sky from horizon[i] to
 * 90° − zenith[i], and outside the fan the sky is open (as the engine's sector sky), or, where a band of the
 * glass carries them (`SkyBand.outer`), eight sectors a side measured from the mesh. Both integrals have
 * closed forms: in φ, ∫ cos φ = sin φ; in e, with L = L_z (1 + 2 sin e) / 3,
 *   ∫ cos²e de = e/2 + sin 2e / 4,  ∫ sin e cos²e de = −cos³e / 3,  ∫ sin²e cos²e de = e/8 − sin 4e / 32,
 * so each sector is a sum of these at its band's ends. `skySteep` weighs each direction by sin e, as
 * windowFlux.ts does. Fractions of the unobstructed horizontal illuminance E_h (= 1).
 *
 * With the room's model (`lux-frame-5`), the building's own body counts too, as the engine's traced flux
 * has it: a room that is not convex may look at its own other wing (a window on a notch's wall), which the
 * angles, made from the surroundings alone, never hold. Then the flux is the mean over the glass (3 × 3
 * Gauss points) of the same integrals with each piece of azimuth (a third of a sector; an eighth of the
 * 17.5° beside the fan) shown sky only above the line over the wing's roof (bodyView.ts). Without the model,
 * or for a convex room, it is lux-frame-4's closed form from the angles alone.
 */
export interface SkyFlux {
  skyDown: number;
  skySteep: number;
}

const RAD = Math.PI / 180;

const c2 = (e: number): number => e / 2 + Math.sin(2 * e) / 4;
const sc2 = (e: number): number => -(Math.cos(e) ** 3) / 3;
const s2c2 = (e: number): number => e / 8 - Math.sin(4 * e) / 32;

/** ∫ L(e) cos²e de and ∫ L(e) sin e cos²e de over [a, b] (radians). */
function bands(a: number, b: number): [number, number] {
  const k = ZENITH_LUMINANCE / 3;
  return [k * (c2(b) - c2(a) + 2 * (sc2(b) - sc2(a))), k * (sc2(b) - sc2(a) + 2 * (s2c2(b) - s2c2(a)))];
}

export function skyFlux(w: Pick<WindowModel, 'horizon' | 'zenith'>): SkyFlux;
export function skyFlux(w: WindowModel, model: RoomModel, bands?: readonly SkyBand[]): SkyFlux;
export function skyFlux(
  w: Pick<WindowModel, 'horizon' | 'zenith'>,
  model?: RoomModel,
  bands?: readonly SkyBand[],
): SkyFlux {
  const body = model ? bodyView(model) : null;
  const one = (v: WindowModel, outer?: OuterAngles): SkyFlux =>
    body === null ? fromAngles(v, outer) : fromAnglesAndBody(v, model!, body, outer);
  if (!bands) return one(w as WindowModel);
  // lux-frame-6 (glassBands.ts): each band of the glass's height through its own fan, weighed by its share
  // of the glass.
  const m = w as WindowModel;
  const g0 = m.z0 + m.frame,
    g1 = m.z1 - m.frame;
  const sum = { skyDown: 0, skySteep: 0 };
  for (const b of bands) {
    const lo = Math.max(g0, b.z0),
      hi = Math.min(g1, b.z1);
    if (hi <= lo) continue;
    const f = one(
      {
        ...m,
        z0: lo - m.frame,
        z1: hi + m.frame,
        horizon: b.horizon && [...b.horizon],
        zenith: b.zenith && [...b.zenith],
      },
      b.outer,
    );
    sum.skyDown += (f.skyDown * (hi - lo)) / (g1 - g0);
    sum.skySteep += (f.skySteep * (hi - lo)) / (g1 - g0);
  }
  return sum;
}

function fromAngles(w: Pick<WindowModel, 'horizon' | 'zenith'>, outer?: OuterAngles): SkyFlux {
  let down = 0,
    steep = 0;
  if (outer) {
    // Beside the fan, sector by sector (skyTerm.ts's outer sectors: the first from the fan's edge, the last
    // reaching past 90°).
    for (let o = 0; o < 2 * OUTER_SECTORS; o++) {
      const j = (o % OUTER_SECTORS) + 1;
      const a = (j === 1 ? FAN : FAN + (j - 0.5) * STEP) * RAD,
        b = Math.min(90, FAN + (j + 0.5) * STEP) * RAD;
      const h = outer.horizon[o]! * RAD,
        top = (90 - outer.zenith[o]!) * RAD;
      if (top <= h || b <= a) continue;
      const [d, s] = bands(h, top);
      down += (Math.sin(b) - Math.sin(a)) * d;
      steep += (Math.sin(b) - Math.sin(a)) * s;
    }
  } else {
    // Outside the fan the sky is open, both sides: ∫ cos φ over [72.5°, 90°] twice.
    const open = bands(0, Math.PI / 2);
    const side = 2 * (1 - Math.sin(FAN * RAD));
    down = side * open[0];
    steep = side * open[1];
  }
  for (let i = 0; i < 64; i++) {
    const [a, b] = sectorSpan(i);
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

/** Sector i's azimuths (radians from the normal, towards the wall's +u). */
function sectorSpan(i: number): [number, number] {
  return [Math.max(-FAN, -FAN + (i - 0.5) * STEP) * RAD, Math.min(FAN, -FAN + (i + 0.5) * STEP) * RAD];
}

const GAUSS3 = [
  [-Math.sqrt(3 / 5), 5 / 18],
  [0, 8 / 18],
  [Math.sqrt(3 / 5), 5 / 18],
] as const;
const PER_SECTOR = 3;
const BESIDE = 8;

/** Azimuth pieces [a, b, sector] (sector −1: beside the fan, open sky above the body). */
const PIECES: readonly (readonly [number, number, number])[] = (() => {
  const out: [number, number, number][] = [];
  const side = (Math.PI / 2 - FAN * RAD) / BESIDE;
  for (let k = 0; k < BESIDE; k++) out.push([-Math.PI / 2 + k * side, -Math.PI / 2 + (k + 1) * side, -1]);
  for (let i = 0; i < 64; i++) {
    const [a, b] = sectorSpan(i);
    for (let k = 0; k < PER_SECTOR; k++)
      out.push([a + ((b - a) * k) / PER_SECTOR, a + ((b - a) * (k + 1)) / PER_SECTOR, i]);
  }
  for (let k = 0; k < BESIDE; k++) out.push([FAN * RAD + k * side, FAN * RAD + (k + 1) * side, -1]);
  return out;
})();

function fromAnglesAndBody(w: WindowModel, model: RoomModel, body: BodyView, outer?: OuterAngles): SkyFlux {
  const gd = model.thickness / 2;
  let down = 0,
    steep = 0;
  for (const [gs, ws] of GAUSS3)
    for (const [gz, wz] of GAUSS3) {
      // A point on the clear glass, in the wall's middle plane (inside the body: its ring is the outer face).
      const s = (w.s0 + w.s1) / 2 + (gs * (w.s1 - w.s0 - 2 * w.frame)) / 2,
        z = (w.z0 + w.z1) / 2 + (gz * (w.z1 - w.z0 - 2 * w.frame)) / 2;
      const x = w.ox + s * w.ux + gd * w.nx,
        y = w.oy + s * w.uy + gd * w.ny;
      for (const [a, b, i] of PIECES) {
        const mid = (a + b) / 2;
        const dx = Math.cos(mid) * w.nx + Math.sin(mid) * w.ux,
          dy = Math.cos(mid) * w.ny + Math.sin(mid) * w.uy;
        const wing = Math.atan(bodyRise(body, x, y, z, dx, dy));
        // The piece's band (degrees): its sector's, beside the fan the outer sector's where the mesh gave one,
        // else open sky.
        const o = i < 0 && outer ? outerSector(mid / RAD) : -1;
        const [low, zen] =
          i >= 0
            ? [w.horizon?.[i] ?? 0, w.zenith?.[i] ?? 0]
            : o >= 0
              ? [outer!.horizon[o]!, outer!.zenith[o]!]
              : [0, 0];
        const h = Math.max(low * RAD, wing, 0),
          top = (90 - zen) * RAD;
        if (top <= h) continue;
        const [d, st] = bands(h, top);
        const width = Math.sin(b) - Math.sin(a);
        down += ws * wz * width * d;
        steep += ws * wz * width * st;
      }
    }
  return { skyDown: down, skySteep: steep };
}
