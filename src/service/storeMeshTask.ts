import { createHash } from 'node:crypto';
import { meshFromFile } from '../core/encoding/meshUpload';
import { buildSharedSurfaces } from '../core/engine/surfaces';
import { buildSharedScene } from '../core/obstruction';
import { isPlainObject } from '../core/validation/format';
import { parseMesh } from '../core/validation/mesh';
import { missingParameters } from '../core/validation/messages';
import { storedContextBytes, type MeshRegistry, type StoredContext, type StoredMeshInfo } from './meshStore';
import { decodeBody } from './requestBody';

/** A raw mesh file as the whole body (`curl --data-binary @context.npy`), as opposed to JSON or a form. */
const isRawFile = (contentType: string | undefined): boolean =>
  /^application\/(octet-stream|x-npy|gzip)\b/i.test(contentType ?? '');

export interface StoredMesh {
  info: StoredMeshInfo;
  /** Null when the server already holds this id (nothing built twice). */
  context: StoredContext | null;
}

/**
 * POST /v2/meshes, in a compute thread: the mesh in any form a mesh-taking endpoint accepts (JSON
 * `{"mesh": [...]}`, the original's multipart form with a `mesh` file, or the file as the whole body),
 * checked as everywhere else, named by the SHA-256 of its float32 positions (the same context gives the
 * same id whatever form it came in), and its trees (obstruction and engine) built in shared memory for the
 * server to keep.
 */
export async function storeMesh(
  body: ArrayBuffer,
  contentType: string | undefined,
  o: { maxBytes: number; maxMeshPoints: number; held: MeshRegistry | undefined },
): Promise<StoredMesh> {
  const raw = isRawFile(contentType)
    ? meshFromFile(new Uint8Array(body), o.maxBytes, true)
    : await meshField(body, contentType, o.maxBytes);
  return storeContext(parseMesh(raw, o.maxMeshPoints).positions, o.held);
}

/**
 * A checked context's triangles, named by the SHA-256 of their float32 positions, with their trees built in
 * shared memory (none when `held` already has that id): POST /v2/meshes, and the command line's building.
 */
export function storeContext(positions: Float32Array, held?: MeshRegistry): StoredMesh {
  const id = createHash('sha256')
    .update(new Uint8Array(positions.buffer, positions.byteOffset, positions.byteLength))
    .digest('hex');
  const had = held?.get(id);
  const context = had
    ? null
    : { scene: buildSharedScene(positions), surfaces: buildSharedSurfaces(positions) };
  const info = { mesh_id: id, triangles: positions.length / 9, bytes: storedContextBytes(had ?? context!) };
  return { info, context };
}

async function meshField(body: ArrayBuffer, contentType: string | undefined, maxBytes: number) {
  const decoded = await decodeBody(body, contentType, { maxBytes, owned: true });
  if (!isPlainObject(decoded) || decoded.mesh === undefined) throw missingParameters(['mesh']);
  return decoded.mesh;
}
