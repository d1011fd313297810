import type { Component } from '../../service/operations';
import { LUX_ERROR_TYPES, type LuxErrorType } from '../../core/errors';
import { ModelScopeCheck, restrictsModels } from '../modelScopeCheck';
import { modelForbidden, scopesAllowModel } from '../../service/scopes';
import type { MeshStoreStats, StoredMeshInfo } from '../../service/meshStore';
import { componentsOf, ROUTES, type RouteSpec } from '../../service/operations';
import type { TaskRequest, TaskResponse } from '../../service/task';
import type { ComponentState, Executor } from './executor';
import { OWNER_HEADER, USAGE_HEADER, usageFromHeader } from '../respond';

const COMPONENTS: readonly Component[] = ['encoder', 'merger', 'model', 'obstruction', 'stats'];
const HEALTH_TTL_MS = 1_000;
/** The components that take a mesh, hence hold stored contexts (POST /v2/meshes). */
const MESH_HOLDERS: readonly Component[] = componentsOf(ROUTES.find((r) => r.alsoOn)!);
const HEALTH_TIMEOUT_MS = 1_500;
/** A component's error body is passed on only with a type the API knows. */
const ERROR_TYPES = new Set<string>(LUX_ERROR_TYPES);

export interface GatewayOptions {
  /** Threads and queue of the model-scope check pool (see modelScopeCheck.ts). */
  threads: number;
  maxQueue: number;
  idleTimeoutMs: number;
  /** Sent to every component as `Authorization: Bearer` (LUX_COMPONENT_TOKEN). */
  outboundToken?: string | undefined;
}

/**
 * The gateway of the multi-process mode: each route is forwarded over HTTP to the component that owns
 * it (routes.ts). Each component is self-sufficient for its routes, so one request is one hop.
 *
 * The gateway authenticates callers exactly as embedded mode does (app.ts); components see only the
 * gateway's own token. Model-type scopes, which embedded mode checks inside its compute worker, are
 * checked here before forwarding: a restricted token's body is read in a small worker pool.
 */
export class GatewayExecutor implements Executor {
  private cache: { at: number; states: Promise<Record<Component, ComponentState>> } | null = null;
  private readonly scopeCheck: ModelScopeCheck;

  constructor(
    private readonly urls: Record<Component, string>,
    private readonly o: GatewayOptions,
  ) {
    this.scopeCheck = new ModelScopeCheck(o);
  }

  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    const route = ROUTES.find((r) => r.op === req.op);
    if (!route) return fail('not_found', `Unknown operation '${req.op}'`);
    let body = req.body;
    if (restrictsModels(req.modelScopes)) {
      const checked = await this.scopeCheck.modelTypeOf(body, req.contentType, signal);
      if (!checked)
        return fail('service_unavailable', 'Server busy: too many requests queued, retry shortly');
      body = checked.body;
      const mt = checked.modelType;
      if (mt !== null && !scopesAllowModel(req.modelScopes, mt)) {
        const e = modelForbidden(req.principal, mt);
        return fail(e.type, e.message);
      }
    }
    if (route.alsoOn) return this.forwardToAll(route, body, req.contentType, signal, req.owner ?? null);
    return this.forward(route, route.component, body, req.contentType, signal, req.owner ?? null);
  }

  /**
   * A route every mesh-holding component serves on its own (POST /v2/meshes): each stores the context, so
   * that a later `mesh_id` resolves wherever its request goes. One answer when all agree, else the first
   * failure (a retry stores it again: the id is the content's hash).
   */
  private async forwardToAll(
    route: RouteSpec,
    body: ArrayBuffer,
    requestType: string | undefined,
    signal: AbortSignal,
    owner: string | null,
  ): Promise<TaskResponse> {
    const answers = await Promise.all(
      // Each fetch takes its own body; the last takes the original (a 69 MB JSON mesh is copied once less).
      componentsOf(route).map((c, i, all) =>
        this.forward(route, c, i === all.length - 1 ? body : body.slice(0), requestType, signal, owner),
      ),
    );
    return answers.find((a) => !a.ok) ?? answers[0]!;
  }

  private async forward(
    route: RouteSpec,
    c: Component,
    body: ArrayBuffer,
    requestType: string | undefined,
    signal: AbortSignal,
    /** Whose request it is: the owner of the contexts it stores or uses (the component trusts the gateway). */
    owner: string | null,
  ): Promise<TaskResponse> {
    // The client's own form travels on (a multipart form keeps its boundary); the component decodes it.
    const headers: Record<string, string> = { 'content-type': requestType ?? 'application/json' };
    if (this.o.outboundToken) headers.authorization = `Bearer ${this.o.outboundToken}`;
    if (owner) headers[OWNER_HEADER] = owner;
    let res: Response;
    let bytes: Uint8Array;
    try {
      res = await fetch(`${this.urls[c]}/v2${route.path}`, { method: 'POST', body, headers, signal });
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (e) {
      if (signal.aborted) throw e;
      this.cache = null; // re-probe: health should show the component down from now on
      return fail('service_unavailable', `Service unavailable: the ${c} component is not reachable`);
    }
    const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
    const usage = usageFromHeader(res.headers.get(USAGE_HEADER));
    const measured = usage ? { usage } : {};
    if (res.ok) {
      const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      const out = contentType.startsWith('application/json') ? new TextDecoder().decode(bytes) : bytes;
      return filename
        ? { ok: true, contentType, body: out, filename, ...measured }
        : { ok: true, contentType, body: out, ...measured };
    }
    if (res.status === 401 || res.status === 403) {
      // The caller was already authorised here; a component refusing the gateway is a misconfiguration.
      console.error(
        `lux gateway: the ${c} component refused the gateway (${res.status}); check LUX_COMPONENT_TOKEN`,
      );
      return fail(
        'service_unavailable',
        `Service unavailable: the ${c} component refused the gateway's credentials`,
      );
    }
    const e = parseError(bytes);
    return {
      ...(e ?? fail('service_unavailable', `Service unavailable: the ${c} component answered ${res.status}`)),
      ...measured,
    };
  }

  components(): Promise<Record<Component, ComponentState>> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > HEALTH_TTL_MS) this.cache = { at: now, states: this.probeAll() };
    return this.cache.states;
  }

  /** Re-probes under way, shared: calls to a component that is down cost one probe at a time, not one each. */
  private readonly rechecks = new Map<Component, Promise<ComponentState>>();

  recheck(c: Component): Promise<ComponentState> {
    let state = this.rechecks.get(c);
    if (!state) {
      state = this.probe(c)
        .then((s) => {
          // Health sees it too, without waiting for the cache to run out.
          const cached = this.cache;
          if (cached)
            this.cache = { at: cached.at, states: cached.states.then((all) => ({ ...all, [c]: s })) };
          return s;
        })
        .finally(() => this.rechecks.delete(c));
      this.rechecks.set(c, state);
    }
    return state;
  }

  private async probeAll(): Promise<Record<Component, ComponentState>> {
    const states = await Promise.all(COMPONENTS.map((c) => this.probe(c)));
    return Object.fromEntries(COMPONENTS.map((c, i) => [c, states[i]!])) as Record<Component, ComponentState>;
  }

  /** The stores of the mesh-holding components, from their health answers. */
  private readonly stores = new Map<Component, MeshStoreStats>();

  /** Components that did not answer their health probe: down, as opposed to up but not ready. */
  private readonly unreachable = new Set<Component>();

  /** A component is what it says about itself in its own health answer; silent means unavailable. */
  private async probe(c: Component): Promise<ComponentState> {
    try {
      const res = await fetch(`${this.urls[c]}/v2/`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      const body = (await res.json()) as {
        services?: Record<string, ComponentState>;
        mesh_store?: MeshStoreStats;
      };
      this.unreachable.delete(c);
      if (body.mesh_store) this.stores.set(c, body.mesh_store);
      else this.stores.delete(c);
      return body.services?.[c] ?? 'unavailable';
    } catch {
      this.unreachable.add(c);
      this.stores.delete(c);
      return 'unavailable';
    }
  }

  /** GET or DELETE /v2/meshes/{id} on every mesh-holding component; null for a component without it. */
  private async onMeshHolders(
    id: string,
    method: 'GET' | 'DELETE',
    owner: string | null,
  ): Promise<(StoredMeshInfo | null)[]> {
    const headers: Record<string, string> = {};
    if (this.o.outboundToken) headers.authorization = `Bearer ${this.o.outboundToken}`;
    if (owner) headers[OWNER_HEADER] = owner;
    return Promise.all(
      MESH_HOLDERS.map(async (c) => {
        try {
          const res = await fetch(`${this.urls[c]}/v2/meshes/${id}`, {
            method,
            headers,
            signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS),
          });
          return res.ok ? ((await res.json()) as StoredMeshInfo) : null;
        } catch {
          return null;
        }
      }),
    );
  }

  async meshInfo(id: string, owner: string | null): Promise<StoredMeshInfo | null> {
    const found = await this.onMeshHolders(id, 'GET', owner);
    return found.every((f) => f !== null) ? found[0]! : null;
  }

  async deleteMesh(id: string, owner: string | null): Promise<boolean> {
    return (await this.onMeshHolders(id, 'DELETE', owner)).some((f) => f !== null);
  }

  /** Each component's store, as its last health probe reported it. */
  async meshStats(): Promise<Record<string, MeshStoreStats>> {
    await this.components();
    return Object.fromEntries(
      MESH_HOLDERS.flatMap((c) => (this.stores.has(c) ? [[c, this.stores.get(c)!]] : [])),
    );
  }

  reachable(c: Component): boolean {
    return !this.unreachable.has(c);
  }

  unavailableReason(c: Component, state: ComponentState): string {
    if (this.unreachable.has(c)) return `the ${c} component is not reachable`;
    return c === 'model' && state === 'unavailable'
      ? 'model not installed'
      : `the ${c} component is ${state}`;
  }

  async close() {
    await this.scopeCheck.close();
  }
}

/** A component's error envelope, passed on as is; null when the body is not one. */
function parseError(bytes: Uint8Array): TaskResponse | null {
  try {
    const e = JSON.parse(new TextDecoder().decode(bytes)) as { error?: unknown; error_type?: unknown };
    if (typeof e.error !== 'string' || typeof e.error_type !== 'string' || !ERROR_TYPES.has(e.error_type))
      return null;
    return fail(e.error_type as LuxErrorType, e.error);
  } catch {
    return null;
  }
}

const fail = (type: LuxErrorType, message: string): TaskResponse => ({ ok: false, error: { type, message } });
