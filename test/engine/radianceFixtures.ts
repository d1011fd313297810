import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseRunRequest } from '../../src/core/validation/requests';
import type { EngineRoom } from '../../src/core/engine/model';
import type { SimulationResult } from '../../src/core/engine/simulate';

/**
 * The Radiance reference scenes (test/fixtures/radiance, copied from the shared fixtures) turned into engine input, and the
 * comparison the fixture README prescribes: the engine's 0.1 m grid sampled bilinearly between cell
 * centres at the reference sensors. Cells outside the room (mask 0) carry no value, so near a slanted wall
 * the bilinear weights are renormalised over the cells inside.
 */
export const FIXTURE_DIR = join(import.meta.dirname, '../fixtures/radiance');
/** The same scenes run by Radiance to convergence (16–32 bounces, no ambient cache; issue 30). */
export const CONVERGED_DIR = join(FIXTURE_DIR, 'converged');

export interface RadianceFixture {
  file: string;
  id: string;
  room: EngineRoom;
  sensors: [number, number, number][];
  df: number[];
  seconds: number;
  /**
   * The engine's bounce limit that matches this reference: Radiance's -ab (7, or 8 for the high-sampling
   * run), or Infinity for a converged one.
   */
  ambientBounces: number;
}

export function fixtureFiles(includeHighSampling = false, dir = FIXTURE_DIR): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && (includeHighSampling || !f.includes('high_sampling')))
    .sort();
}

export function loadFixture(file: string, dir = FIXTURE_DIR): RadianceFixture {
  const raw = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    id?: string;
    parameters: Record<string, unknown>;
    mesh: number[][];
    reference: { sensors: [number, number, number][]; df: number[]; seconds: number; params?: string };
  };
  const hasMesh = raw.mesh.length >= 3;
  const zeros = new Array(64).fill(0);
  const body: Record<string, unknown> = { model_type: 'df_custom', parameters: raw.parameters };
  if (hasMesh) body.mesh = raw.mesh;
  else {
    // No context at all: parse with empty angle arrays, then drop them (the engine then sees open sky).
    body.horizon = zeros;
    body.zenith = zeros;
  }
  const req = parseRunRequest(body);
  if (!hasMesh) {
    for (const w of req.parameters.windows) {
      delete w.horizon;
      delete w.zenith;
    }
  }
  return {
    file,
    id: raw.id ?? file,
    room: {
      parameters: req.parameters,
      geometry: req.geometry,
      mesh: hasMesh ? req.mesh : null,
      modelType: 'df_custom',
    },
    sensors: raw.reference.sensors,
    df: raw.reference.df,
    seconds: raw.reference.seconds,
    ambientBounces:
      dir === CONVERGED_DIR ? Infinity : Number(/-ab (\d+)/.exec(raw.reference.params ?? '')?.[1] ?? 7),
  };
}

/** Bilinear interpolation between cell centres, over the cells inside the room. */
export function sampleAt(res: SimulationResult, x: number, y: number): number {
  const { rows, cols, data } = res.df;
  const mask = res.mask.data;
  const fc = (x - res.origin.x) / res.resolution - 0.5;
  const fr = (res.origin.y - y) / res.resolution - 0.5;
  const c0 = Math.floor(fc);
  const r0 = Math.floor(fr);
  let sum = 0;
  let wsum = 0;
  for (let dr = 0; dr < 2; dr++) {
    for (let dc = 0; dc < 2; dc++) {
      const r = r0 + dr;
      const c = c0 + dc;
      if (r < 0 || c < 0 || r >= rows || c >= cols || mask[r * cols + c] !== 1) continue;
      const w = (dr ? fr - r0 : 1 - (fr - r0)) * (dc ? fc - c0 : 1 - (fc - c0));
      sum += w * data[r * cols + c]!;
      wsum += w;
    }
  }
  if (wsum > 0) return sum / wsum;
  // No inside neighbour among the four: the nearest inside cell.
  let best = Infinity;
  let v = 0;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (mask[r * cols + c] !== 1) continue;
      const d = (r - fr) ** 2 + (c - fc) ** 2;
      if (d < best) {
        best = d;
        v = data[r * cols + c]!;
      }
    }
  }
  return v;
}

export interface Agreement {
  mae: number;
  /** Share of sensors with reference DF ≥ 0.5 within ±10 %. */
  within10: number;
  /** Engine room mean / reference room mean − 1. */
  meanError: number;
  engineMean: number;
  referenceMean: number;
  /** Median signed relative error where reference ≥ 0.5. */
  medianRel: number;
}

export function agreement(values: number[], reference: number[]): Agreement {
  let ae = 0,
    se = 0,
    sr = 0,
    n10 = 0,
    nBig = 0;
  const rel: number[] = [];
  values.forEach((v, i) => {
    const r = reference[i]!;
    ae += Math.abs(v - r);
    se += v;
    sr += r;
    if (r >= 0.5) {
      nBig++;
      const e = (v - r) / r;
      rel.push(e);
      if (Math.abs(e) <= 0.1) n10++;
    }
  });
  rel.sort((a, b) => a - b);
  const n = values.length;
  return {
    mae: ae / n,
    within10: nBig > 0 ? n10 / nBig : 1,
    meanError: se / sr - 1,
    engineMean: se / n,
    referenceMean: sr / n,
    medianRel: rel.length ? rel[Math.floor(rel.length / 2)]! : 0,
  };
}
