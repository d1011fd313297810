import { STORE_MESH } from './routes';

/**
 * Two queues, so that cheap requests never wait behind expensive ones (a 2-point mesh used to wait a
 * minute behind two simulations). Light: every operation but the engine and the mesh store, when its body
 * is small — a few windows, their angles, a small or stored (`mesh_id`) context; their work is bounded by
 * that size. Heavy: /simulate, POST /meshes, and every large body.
 */
export type Lane = 'light' | 'heavy';

/** A body up to this size is light work (about 100 windows with their angles, or a 400-triangle mesh). */
export const LIGHT_BODY_BYTES = 64 * 1024;

const ALWAYS_HEAVY = new Set(['simulate', STORE_MESH]);

export const laneOf = (op: string, bodyBytes: number): Lane =>
  ALWAYS_HEAVY.has(op) || bodyBytes > LIGHT_BODY_BYTES ? 'heavy' : 'light';
