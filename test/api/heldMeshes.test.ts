import { describe, expect, it } from 'vitest';
import { HeldMeshes } from '../../src/core/api/heldMeshes';
import { LuxError } from '../../src/core/errors';
import { obstructionFans } from '../../src/core/obstruction';
import { adoptedScene } from '../../src/core/obstruction/obstructionScene';
import { obstructionFansByScan } from '../../src/core/obstruction/fanScan';
import { streetCity } from '../../bench/scenes';
import type { Degrees } from '../../src/core/units';

const soup = (n: number) => new Float32Array(streetCity(n, 3).flat());

describe('HeldMeshes (a browser worker’s meshes by mesh_id)', () => {
  it('keeps the last few handed over, the least recently handed over out first', () => {
    const held = new HeldMeshes(2);
    const [a, b, c] = [soup(24), soup(36), soup(48)];
    held.hold('a', a);
    held.hold('b', b);
    held.hold('a', a); // handed over again: now the newest
    held.hold('c', c);
    expect(held.has('a') && held.has('c')).toBe(true);
    expect(held.has('b')).toBe(false);
    expect(held.resolve('c').positions).toBe(c);
    expect(() => held.resolve('b')).toThrow(LuxError);
    expect(() => held.resolve('b')).toThrow(/import the mesh again/);
  });

  it('gives soups whose fans keep a tree: the same angles as a scan, no scan on the next answer', () => {
    const held = new HeldMeshes();
    const positions = soup(2_000);
    held.hold('city', positions);
    const views = [{ viewpoint: { x: 3, y: -0.35, z: 1.6 }, direction: 270 as Degrees }];
    expect(adoptedScene(positions)).toBeUndefined();
    const fans = obstructionFans(held.resolve('city'), views);
    // Built once and kept for the array: every later answer's fans walk it.
    expect(adoptedScene(positions)).toBeDefined();
    const scanned = obstructionFansByScan(positions, views);
    expect(fans[0]!.horizon).toEqual(scanned[0]!.horizon);
    expect(fans[0]!.zenith).toEqual(scanned[0]!.zenith);
    // The street city's block across the street stands in front of the window.
    expect(Math.max(...fans[0]!.horizon)).toBeGreaterThan(20);
  });
});
