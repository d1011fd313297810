import type { OpContext, OpResult } from '../core/api/result';
import { isLuxError, type LuxErrorType } from '../core/errors';
import type { MeshRegistry, MovedContext } from './meshStore';
import { decodeBody } from './requestBody';
import { coreOperation, STORE_MESH } from './operations';
import { storeMesh, type StoredMesh } from './storeMeshTask';
import type { ThreadState } from './threadState';

const DEFAULT_MAX_BODY = 64 * 1024 * 1024; // config.ts LUX_MAX_BODY_BYTES default
import { modelForbidden, scopesAllowModel } from './scopes';
import { measureRequest, type RequestMeasure } from '../core/hosted/measure';

/**
 * One request's compute, as it runs inside a worker thread: decode the body, parse JSON, check the
 * model scope, run the core operation. Everything that can be slow (JSON.parse of a 100 MB mesh
 * included) happens here, off the event loop.
 */
export interface TaskRequest {
  op: string;
  /** Given to the task, which may change it in place (a mesh file is realigned rather than copied). */
  body: ArrayBuffer;
  /** The request's content type: JSON, or the original's multipart form (requestBody.ts). */
  contentType?: string | undefined;
  /** The body limit, which also bounds a gzip mesh file's inflated size. */
  maxBodyBytes?: number;
  maxMeshPoints: number;
  maxWindows?: number;
  maxCorners?: number;
  /** Model types the caller may use: null = any. */
  modelScopes: string[] | null;
  /** The caller's token name (messages). */
  principal: string | null;
  /** Whose stored contexts the request sees and stores (tokenStore.ts ownerOf); null without tokens. */
  owner?: string | null;
  /** The installed model's card when it is ready (set by the executor), else null. */
  modelCard?: string | null;
  /** Work (ms) a request may be estimated at before it is refused (core/engine/cost.ts); absent: none. */
  budgetMs?: number;
  /** The contexts the server holds (set by the executor): shared memory, not copied per task. */
  meshes?: MeshRegistry;
}

/** A finished response, serialised in the worker so the event loop only copies bytes to the socket. */
export type TaskResponse =
  | {
      ok: true;
      contentType: string;
      body: string | Uint8Array;
      filename?: string;
      /** Stored contexts the request used, for the store's recency (mesh_id). */
      meshesUsed?: string[];
      /** POST /v2/meshes: the context for the server to keep. */
      stored?: StoredMesh;
      /** Stored contexts moved about rooms far from the plan's origin, for the server to keep with them. */
      moved?: MovedContext[];
      /** What the request is billed by (hosted mode's metering). */
      usage?: TaskUsage;
    }
  | { ok: false; error: { type: LuxErrorType; message: string }; usage?: TaskUsage };

/** A request's measure (core/hosted/measure.ts) and the milliseconds its compute took. */
export interface TaskUsage extends RequestMeasure {
  computeMs: number;
}

function serialise(r: OpResult): TaskResponse {
  if (r.kind === 'json') return { ok: true, contentType: 'application/json', body: JSON.stringify(r.value) };
  return { ok: true, contentType: r.contentType, body: r.bytes, filename: r.filename };
}

export async function executeTask(req: TaskRequest, thread: ThreadState): Promise<TaskResponse> {
  const t0 = performance.now();
  const measure: { m: RequestMeasure } = { m: { windows: 0, triangles: 0, modelType: null } };
  const res = await execute(req, thread, measure);
  return { ...res, usage: { ...measure.m, computeMs: performance.now() - t0 } };
}

async function execute(
  req: TaskRequest,
  thread: ThreadState,
  measure: { m: RequestMeasure },
): Promise<TaskResponse> {
  try {
    if (req.op === STORE_MESH) {
      const stored = await storeMesh(req.body, req.contentType, {
        maxBytes: req.maxBodyBytes ?? DEFAULT_MAX_BODY,
        maxMeshPoints: req.maxMeshPoints,
        held: req.meshes,
      });
      const body = JSON.stringify({ status: 'success', ...stored.info });
      measure.m = { windows: 0, triangles: stored.info.triangles ?? 0, modelType: null };
      return { ok: true, contentType: 'application/json', body, stored };
    }
    const operation = coreOperation(req.op);
    const body = await decodeBody(req.body, req.contentType, {
      maxBytes: req.maxBodyBytes ?? DEFAULT_MAX_BODY,
      owned: true,
    });
    measure.m = measureRequest(body);
    const mt = (body as { model_type?: unknown } | null)?.model_type;
    if (typeof mt === 'string' && !scopesAllowModel(req.modelScopes, mt))
      throw modelForbidden(req.principal, mt);
    const card = req.modelCard;
    const used = new Set<string>();
    const moved: MovedContext[] = [];
    const ctx: OpContext = {
      ...(req.meshes ? { storedMesh: thread.contexts.resolver(req.meshes, used, moved) } : {}),
      ...(req.budgetMs !== undefined ? { budgetMs: req.budgetMs } : {}),
      maxMeshPoints: req.maxMeshPoints,
      ...(req.maxWindows !== undefined ? { maxWindows: req.maxWindows } : {}),
      ...(req.maxCorners !== undefined ? { maxCorners: req.maxCorners } : {}),
      ...(card ? { model: () => thread.models.model(card) } : {}),
      coefficients: thread.coefficients,
    };
    const res = serialise(await operation(body, ctx));
    if (!res.ok) return res;
    return {
      ...res,
      ...(used.size > 0 ? { meshesUsed: [...used] } : {}),
      ...(moved.length > 0 ? { moved } : {}),
    };
  } catch (e) {
    if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
    // A bug: say so without leaking a stack trace to the client; the stack goes to stderr.
    console.error(`internal error in ${req.op}:`, e);
    return {
      ok: false,
      error: { type: 'internal_error', message: 'Internal error while processing the request' },
    };
  }
}
