/**
 * What a request is billed by (issue 36 §3), read from its parsed body: the windows it analyses (a room's
 * `parameters.windows`, a list of rooms' windows together), the triangles of the context it sends, and its
 * model type. Pure: the worker that parsed the body measures it, so the event loop never walks a mesh.
 */
export interface RequestMeasure {
  windows: number;
  triangles: number;
  modelType: string | null;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function windowsOf(parameters: unknown): number {
  if (!isObj(parameters)) return 0;
  const w = parameters.windows;
  if (Array.isArray(w)) return w.length;
  return isObj(w) ? Object.keys(w).length : 0;
}

export function measureRequest(body: unknown): RequestMeasure {
  if (!isObj(body)) return { windows: 0, triangles: 0, modelType: null };
  const rooms = Array.isArray(body.rooms) ? body.rooms : null;
  const windows = rooms
    ? rooms.reduce((a: number, r) => a + (isObj(r) ? windowsOf(r.parameters) : 0), 0)
    : windowsOf(body.parameters) || (isObj(body.window) ? 1 : 0);
  // A mesh is a flat list of [x, y, z] points, three to a triangle.
  const triangles = Array.isArray(body.mesh) ? Math.floor(body.mesh.length / 3) : 0;
  return { windows, triangles, modelType: typeof body.model_type === 'string' ? body.model_type : null };
}
