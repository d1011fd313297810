import { specOf } from './operations';

/**
 * Two kinds of work, so that cheap requests never wait behind expensive ones (a 2-point mesh used to wait a
 * minute behind two simulations). Light: every operation but the engine and the mesh store, when its body
 * is small — a few windows, their angles, a small or stored (`mesh_id`) context; their work is bounded by
 * that size. Heavy: /simulate, POST /meshes, and every large body. Light work may run on every thread;
 * heavy work is held to `LUX_HEAVY_WORKERS` of them (scheduler.ts), so one thread is always free of it.
 */
export type Lane = 'light' | 'heavy';

export { LIGHT_BODY_BYTES, LIGHT_GRID_BYTES } from './operations';

/** The lane of a request: its operation's descriptor says (service/operations.ts); unknown ones are heavy. */
export function laneOf(op: string, bodyBytes: number): Lane {
  const lane = specOf(op)?.lane ?? 'heavy';
  return lane === 'heavy' || bodyBytes > lane ? 'heavy' : 'light';
}

/** Heavy work may hold all threads but one (all of a one-thread pool, which has no other). */
export const defaultHeavyThreads = (threads: number): number => Math.max(1, threads - 1);
