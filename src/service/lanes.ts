import { STORE_MESH } from './storeMeshTask';

/**
 * Two kinds of work, so that cheap requests never wait behind expensive ones (a 2-point mesh used to wait a
 * minute behind two simulations). Light: every operation but the engine and the mesh store, when its body
 * is small — a few windows, their angles, a small or stored (`mesh_id`) context; their work is bounded by
 * that size. Heavy: /simulate, POST /meshes, and every large body. Light work may run on every thread;
 * heavy work is held to `LUX_HEAVY_WORKERS` of them (scheduler.ts), so one thread is always free of it.
 */
export type Lane = 'light' | 'heavy';

/** A body up to this size is light work (about 100 windows with their angles, or a 400-triangle mesh). */
export const LIGHT_BODY_BYTES = 64 * 1024;

/**
 * /stats and /merge carry only grids, whose work is a pass over the cells: ~50 ms per MiB of JSON for
 * /stats, ~25 for /merge (measured on the 2-core VM). Up to 1 MiB (a 30 × 30 m room at 0.1 m) they are
 * light; a 10 × 10 m room's grid is 86 KiB, which the general bound made heavy.
 */
export const LIGHT_GRID_BYTES = 1024 * 1024;
const GRID_ONLY = new Set(['stats', 'merge']);

const ALWAYS_HEAVY = new Set(['simulate', STORE_MESH]);

export function laneOf(op: string, bodyBytes: number): Lane {
  if (ALWAYS_HEAVY.has(op)) return 'heavy';
  return bodyBytes > (GRID_ONLY.has(op) ? LIGHT_GRID_BYTES : LIGHT_BODY_BYTES) ? 'heavy' : 'light';
}

/** Heavy work may hold all threads but one (all of a one-thread pool, which has no other). */
export const defaultHeavyThreads = (threads: number): number => Math.max(1, threads - 1);
