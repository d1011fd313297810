import type { Component } from '../../core/api/operations';
import type { LuxErrorType } from '../../core/errors';
import { ROUTES } from '../routes';
import type { TaskRequest, TaskResponse } from '../task';
import type { ComponentState, Executor } from './executor';

const COMPONENTS: readonly Component[] = ['encoder', 'merger', 'model', 'obstruction', 'stats'];
const HEALTH_TTL_MS = 1_000;
const HEALTH_TIMEOUT_MS = 1_500;

/**
 * The gateway of the multi-process mode: each route is forwarded over HTTP to the component that owns
 * it (routes.ts). Each component is self-sufficient for its routes, so one request is one hop.
 */
export class GatewayExecutor implements Executor {
  private cache: { at: number; states: Promise<Record<Component, ComponentState>> } | null = null;

  constructor(
    private readonly urls: Record<Component, string>,
    private readonly timeoutMs: number,
    private readonly outboundToken = process.env.LUX_COMPONENT_TOKEN,
  ) {}

  async run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse> {
    const route = ROUTES.find((r) => r.op === req.op);
    if (!route) return fail('not_found', `Unknown operation '${req.op}'`);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.outboundToken) headers.authorization = `Bearer ${this.outboundToken}`;
    let res: Response;
    try {
      res = await fetch(`${this.urls[route.component]}/v2${route.path}`, { method: 'POST', body: req.body, headers, signal });
    } catch (e) {
      if (signal.aborted) throw e;
      this.cache = null;
      return fail('service_unavailable', `Service unavailable: the ${route.component} component is not reachable`);
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    const contentType = res.headers.get('content-type') ?? 'application/octet-stream';
    if (res.ok) {
      const filename = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
      const body = contentType.startsWith('application/json') ? new TextDecoder().decode(bytes) : bytes;
      return filename ? { ok: true, contentType, body, filename } : { ok: true, contentType, body };
    }
    try {
      const e = JSON.parse(new TextDecoder().decode(bytes)) as { error: string; error_type: LuxErrorType };
      return fail(e.error_type, e.error);
    } catch {
      return fail('service_unavailable', `Service unavailable: the ${route.component} component answered ${res.status}`);
    }
  }

  components(): Promise<Record<Component, ComponentState>> {
    const now = Date.now();
    if (!this.cache || now - this.cache.at > HEALTH_TTL_MS) this.cache = { at: now, states: this.probeAll() };
    return this.cache.states;
  }

  private async probeAll(): Promise<Record<Component, ComponentState>> {
    const states = await Promise.all(COMPONENTS.map((c) => this.probe(c)));
    return Object.fromEntries(COMPONENTS.map((c, i) => [c, states[i]!])) as Record<Component, ComponentState>;
  }

  /** A component is what it says about itself in its own health answer; silent means unavailable. */
  private async probe(c: Component): Promise<ComponentState> {
    try {
      const res = await fetch(`${this.urls[c]}/v2/`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
      const body = (await res.json()) as { services?: Record<string, ComponentState> };
      return body.services?.[c] ?? 'unavailable';
    } catch {
      return 'unavailable';
    }
  }

  async close() {}
}

const fail = (type: LuxErrorType, message: string): TaskResponse => ({ ok: false, error: { type, message } });
