import * as Comlink from 'comlink';
import { npyBytes } from '../../core/encoding/npy';
import { useMeshDisplay } from '../ui/meshDisplay';
import type { Remote } from './answerStore';
import { engineWorker, meshWorker, modelWorker } from './workers';

/**
 * An imported mesh goes to the model and engine workers once, under its id (the SHA-256 of its float32
 * positions: the id a Lux server gives the same triangles, POST /v2/meshes), and every request after names
 * it by `mesh_id` (scene/geometry.ts runBody). So the model reads the surroundings themselves (the light
 * their facades reflect, what the glass sees band by band), not only each window's angles, and the engine
 * settles the map among them: in a street the angles alone read the room up to ~85 % brighter than the
 * engine among the real buildings (docs/app.md). A copy travels to each worker, where its trees are built
 * on the first request and kept.
 */
export async function handOverMesh(): Promise<string | null> {
  const m = await meshWorker().handOver();
  if (!m) return null;
  const copy = m.positions.slice();
  await Promise.all([
    modelWorker().holdMesh(m.id, Comlink.transfer(copy, [copy.buffer])),
    engineWorker().holdMesh(m.id, Comlink.transfer(m.positions, [m.positions.buffer])),
  ]);
  return m.id;
}

/**
 * handOverMesh as the app's faces ask for it (an imported file, a link's mesh): should the workers fail to
 * take the mesh, the answers still come, from each window's angles, which in a street can read a room far
 * brighter than the engine finds it among the buildings themselves, so the failure is kept where the
 * Surroundings panel shows it (useMeshDisplay `handOverFailed`) rather than dropped; the id is then null.
 */
export async function takeMesh(
  handOver: () => Promise<string | null> = handOverMesh,
): Promise<string | null> {
  const display = useMeshDisplay.getState();
  display.setHandOverFailed(null);
  try {
    return await handOver();
  } catch (e) {
    display.setHandOverFailed(e instanceof Error ? e.message : String(e));
    return null;
  }
}

/** The ids a server has been sent this session (by its URL): each mesh is uploaded to it once. */
const uploaded = new Set<string>();

/**
 * Stores the mesh `id` on the server (POST /v2/meshes, as an NPY file: 12 bytes a point) when it has not
 * been sent there yet; false when the mesh worker no longer holds that mesh (the caller then reports the
 * server's refusal). The server names it by the same SHA-256, so the request's `mesh_id` stays as it is.
 */
export async function uploadMesh(r: Remote, id: string): Promise<boolean> {
  const key = `${r.url}\u0000${id}`;
  if (uploaded.has(key)) return false;
  const m = await meshWorker().handOver();
  if (!m || m.id !== id) return false;
  const res = await fetch(new URL('/v2/meshes', r.url), {
    method: 'POST',
    headers: {
      'content-type': 'application/x-npy',
      ...(r.token ? { authorization: `Bearer ${r.token}` } : {}),
    },
    body: new Blob([npyBytes(m.positions, [m.positions.length / 3, 3]) as Uint8Array<ArrayBuffer>]),
  });
  if (!res.ok) return false;
  uploaded.add(key);
  return true;
}
