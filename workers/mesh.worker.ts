/**
 * The surroundings in a browser Web Worker (comlink): imports a mesh file, keeps its triangles and their
 * BVH here (a 10⁶-triangle city is ~36 MB and seconds of parsing: never on the page's thread), and answers
 * each window's 64 horizon/zenith angles whenever the room changes. The page gets a copy of the triangles
 * for the 3D view (transferred, not cloned).
 */
import * as Comlink from 'comlink';
import { windowGeometry } from '../src/core/geometry/window';
import { buildObstructionScene, obstructionFan, type ObstructionScene } from '../src/core/obstruction';
import type { WindowSpec } from '../src/core/types';
import { importMesh, ImportError, type ImportedMesh, type UpAxis } from '../src/app/importers/importMesh';

let positions: Float32Array | null = null;
let scene: ObstructionScene | null = null;

export type ImportAnswer =
  | { ok: true; mesh: Omit<ImportedMesh, 'positions'>; display: Float32Array }
  | { ok: false; message: string };

const api = {
  async importFile(name: string, bytes: Uint8Array, up: UpAxis | 'auto'): Promise<ImportAnswer> {
    try {
      const m = await importMesh(name, bytes, up);
      const s = buildObstructionScene({ positions: m.positions });
      // Only a complete, indexed mesh replaces the current one: a failure above leaves it as it was.
      positions = m.positions;
      scene = s;
      const display = m.positions.slice();
      const { positions: _, ...info } = m;
      return Comlink.transfer({ ok: true, mesh: info, display }, [display.buffer]);
    } catch (e) {
      return { ok: false, message: e instanceof ImportError ? e.message : `The file cannot be read (${String(e)}).` };
    }
  },

  /** Uses triangles the page already has (a share link's small mesh). */
  setMesh(p: Float32Array): number {
    positions = p;
    scene = buildObstructionScene({ positions: p });
    return p.length / 9;
  },

  clear(): void {
    positions = null;
    scene = null;
  },

  hasMesh(): boolean {
    return scene !== null;
  },

  /** Each window's angles from its external reference point (conventions.md), or null without a mesh. */
  angles(outline: [number, number][], windows: WindowSpec[]): Record<string, { horizon: number[]; zenith: number[] }> | null {
    if (!scene) return null;
    const out: Record<string, { horizon: number[]; zenith: number[] }> = {};
    for (const w of windows) {
      const g = windowGeometry(outline, w);
      const fan = obstructionFan(scene, g.externalReferencePoint, g.directionAngle);
      out[w.id] = { horizon: fan.horizon, zenith: fan.zenith };
    }
    return out;
  },

  /** The triangles (for a share link), when few enough to travel in one. */
  smallMesh(limit: number): Float32Array | null {
    return positions && positions.length / 9 <= limit ? positions.slice() : null;
  },
};

export type MeshWorker = typeof api;
Comlink.expose(api);
