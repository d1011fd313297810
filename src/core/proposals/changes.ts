import { edges, signedArea } from '../geometry/polygon';
import type { Vec2 } from '../geometry/vec';
import { parseRunRequest } from '../validation/requests';
import { DEFAULT_GLASS_TRANSMITTANCE } from '../engine/glazing';

/**
 * The changes "what would make it pass" proposes (issue 34), applied to a room's /run body. A change is
 * data, so that every face can apply it to what it holds: the core to a request here, the app to its scene.
 */
export type Change =
  /** Window `window` widened (or narrowed) to `width` m along its wall, about its centre. */
  | { kind: 'width'; window: string; width: number }
  /** Window `window`'s head raised to `head` m above the floor. */
  | { kind: 'head'; window: string; head: number }
  /** Lighter surfaces: these reflectances (df_custom). */
  | { kind: 'surfaces'; ceiling: number; walls: number; floor: number }
  /** Every window's glass of this light transmittance. */
  | { kind: 'glass'; transmittance: number }
  /** A new window on wall `edge`, centred `offset` m from its start, with its sill and head above the floor. */
  | { kind: 'window'; id: string; edge: number; offset: number; width: number; sill: number; head: number }
  /** Several of the above together, made in order (a room no single change fixes). */
  | { kind: 'combined'; changes: Change[] };

/** A /run body as the proposals read and write it. */
export interface RunBody {
  model_type: string;
  parameters: Record<string, unknown> & {
    room_polygon: [number, number][];
    floor_height_above_terrain: number;
    height_roof_over_floor: number;
    windows: Record<string, Record<string, unknown>>;
  };
  [k: string]: unknown;
}

/** A room's wall as a frame: start, unit direction along it, outward normal, length. */
export function wallFrame(poly: readonly Vec2[], edge: number) {
  const e = edges(poly)[edge]!;
  const len = Math.hypot(e.b[0] - e.a[0], e.b[1] - e.a[1]);
  const ux = (e.b[0] - e.a[0]) / len,
    uy = (e.b[1] - e.a[1]) / len;
  // Outward: the polygon's interior is on the left of a counter-clockwise edge.
  const ccw = signedArea(poly) > 0;
  return { ax: e.a[0], ay: e.a[1], ux, uy, nx: ccw ? uy : -uy, ny: ccw ? -ux : ux, len };
}

/** Each window's wall and its extent along it (s from the wall's start) and across (t, outward). */
export function windowsOnWalls(body: RunBody) {
  // Only the geometry is read here: the surroundings (a mesh, a stored one, angles) do not matter.
  const req = parseRunRequest({
    ...body,
    mesh: undefined,
    mesh_id: undefined,
    horizon: ZEROS,
    zenith: ZEROS,
  });
  const poly = body.parameters.room_polygon;
  return req.parameters.windows.map((w, i) => {
    const edge = req.geometry[i]!.hostEdge;
    const f = wallFrame(poly, edge);
    const s1 = (w.x1 - f.ax) * f.ux + (w.y1 - f.ay) * f.uy,
      s2 = (w.x2 - f.ax) * f.ux + (w.y2 - f.ay) * f.uy;
    const t1 = (w.x1 - f.ax) * f.nx + (w.y1 - f.ay) * f.ny,
      t2 = (w.x2 - f.ax) * f.nx + (w.y2 - f.ay) * f.ny;
    return {
      id: w.id,
      edge,
      frame: f,
      s1,
      s2,
      t1,
      t2,
      bottom: Math.min(w.z1, w.z2),
      top: Math.max(w.z1, w.z2),
    };
  });
}

const ZEROS = new Array<number>(64).fill(0);

/** The body with the change made (a new object; the body given is not touched). */
export function applyChange(body: RunBody, change: Change): RunBody {
  if (change.kind === 'combined') return change.changes.reduce(applyChange, body);
  const p = body.parameters;
  const windows = Object.fromEntries(Object.entries(p.windows).map(([k, w]) => [k, { ...w }]));
  const out: RunBody = { ...body, parameters: { ...p, windows } };
  const floor = p.floor_height_above_terrain;
  switch (change.kind) {
    case 'width': {
      const w = windowsOnWalls(body).find((x) => x.id === change.window)!;
      const c = (w.s1 + w.s2) / 2,
        dir = w.s2 >= w.s1 ? 1 : -1;
      const s1 = c - (dir * change.width) / 2,
        s2 = c + (dir * change.width) / 2;
      const f = w.frame;
      const spec = windows[change.window]!;
      spec.x1 = f.ax + s1 * f.ux + w.t1 * f.nx;
      spec.y1 = f.ay + s1 * f.uy + w.t1 * f.ny;
      spec.x2 = f.ax + s2 * f.ux + w.t2 * f.nx;
      spec.y2 = f.ay + s2 * f.uy + w.t2 * f.ny;
      break;
    }
    case 'head': {
      const spec = windows[change.window]!;
      const z = floor + change.head;
      if (Number(spec.z2) >= Number(spec.z1)) spec.z2 = z;
      else spec.z1 = z;
      break;
    }
    case 'surfaces':
      out.model_type = 'df_custom';
      Object.assign(out.parameters, {
        ceiling_reflectance: change.ceiling,
        vertical_reflectance: change.walls,
        horizontal_reflectance: change.floor,
      });
      break;
    case 'glass': {
      // Clearer, never darker: a window whose glass already passes more keeps it (its own, or the room's).
      const room = Number(out.glass_transmittance ?? DEFAULT_GLASS_TRANSMITTANCE);
      for (const w of Object.values(windows))
        w.glass_transmittance = Math.max(Number(w.glass_transmittance ?? room), change.transmittance);
      delete out.glass_transmittance;
      break;
    }
    case 'window': {
      const f = wallFrame(p.room_polygon, change.edge);
      // As thick as the room's other windows' wall (the deepest), on the wall line inside.
      const depth = Math.max(0, ...windowsOnWalls(body).map((w) => Math.abs(w.t2 - w.t1)));
      const s0 = change.offset - change.width / 2,
        s1 = change.offset + change.width / 2;
      const like = Object.values(p.windows)[0] ?? {};
      windows[change.id] = {
        x1: f.ax + s0 * f.ux,
        y1: f.ay + s0 * f.uy,
        z1: floor + change.sill,
        x2: f.ax + s1 * f.ux + depth * f.nx,
        y2: f.ay + s1 * f.uy + depth * f.ny,
        z2: floor + change.head,
        window_frame_ratio: like.window_frame_ratio ?? 0.2,
        ...(like.glass_transmittance !== undefined ? { glass_transmittance: like.glass_transmittance } : {}),
      };
      break;
    }
  }
  return out;
}
