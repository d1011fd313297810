import { DEFAULT_MAX_CORNERS, DEFAULT_MAX_WINDOWS } from '../core/validation/requests';
import type { Component } from '../service/operations';
import { defaultHeavyThreads } from '../service/lanes';
import { modelCardPath } from '../service/model/status';
import { DEFAULT_JOB_READS_PER_MINUTE } from './jobReadLimit';

/** The server's settings, all from the environment (api.md §Deployment, §Errors limits). */
export type Role = 'embedded' | 'gateway' | Component;

export interface ServerConfig {
  port: number;
  host: string;
  role: Role;
  maxBodyBytes: number;
  maxMeshPoints: number;
  /** Windows per room and room-polygon corners: absurd sizes are refused at once (400). */
  maxWindows: number;
  maxCorners: number;
  /** Origins a browser may call the API from (LUX_CORS_ORIGINS, comma-separated); '*' = any (default). */
  corsOrigins: string[] | '*';
  requestTimeoutMs: number;
  /**
   * A /simulate estimated above this many times LUX_REQUEST_TIMEOUT_MS is refused at once (413) instead of
   * running into the time-out; 0 turns the estimate off.
   */
  costFactor: number;
  /** Hosted mode: calls of the job routes but POST a token may make a minute (jobReadLimit.ts); 0 = no limit. */
  jobReadsPerMinute: number;
  /** Slow and idle clients (Node's HTTP server answers 408 and closes): headers, then the whole body. */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
  /** Open connections at most; more are refused at accept. */
  maxConnections: number;
  /** Worker threads for compute (default: one per core, at least two). */
  workers: number;
  /** Threads heavy work may hold at once (lanes.ts; default: all but one, so light work always has one). */
  heavyWorkers: number;
  /** Bytes of uploaded contexts (POST /v2/meshes) kept with their BVH; least recently used go first. */
  meshStoreBytes: number;
  /** Heap of each compute thread (MiB); a request past it is refused with 413 and the thread replaced. */
  workerHeapMb: number;
  /** Tasks waiting for a worker before the server answers 503 (back-pressure). */
  maxQueue: number;
  /** Idle worker threads exit after this long, returning their memory. */
  workerIdleMs: number;
  /** Gateway mode: base URL of each component. */
  componentUrls: Record<Component, string>;
  /** Directory of the built web app (served at / for browsers). */
  appDir: string;
  /** Access log on stdout (method, path, status, time; never headers or tokens). */
  log: boolean;
  /** The installed model's card (LUX_MODEL, LUX_MODEL_DIR), or null for none. */
  modelCard: string | null;
}

/** LUX_MESH_STORE_BYTES default: nine contexts of 480 000 triangles (58 MB each with both trees). */
export const DEFAULT_MESH_STORE_BYTES = 512 * 1024 * 1024;

export const COMPONENT_PORTS: Record<Component, number> = {
  obstruction: 8081,
  encoder: 8082,
  model: 8083,
  merger: 8084,
  stats: 8085,
};

function int(env: NodeJS.ProcessEnv, key: string, fallback: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${key} must be a non-negative integer, got '${raw}'`);
  return v;
}

const ROLES: readonly Role[] = ['embedded', 'gateway', 'obstruction', 'encoder', 'model', 'merger', 'stats'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cpus = 2): ServerConfig {
  const role = (env.LUX_ROLE ?? 'embedded') as Role;
  if (!ROLES.includes(role)) throw new Error(`LUX_ROLE must be one of ${ROLES.join(', ')}, got '${role}'`);
  const defaultPort = role === 'embedded' || role === 'gateway' ? 8080 : COMPONENT_PORTS[role];
  const componentHost = env.LUX_COMPONENT_HOST ?? '127.0.0.1';
  // Two threads even on one core: one of them is kept from heavy work (lanes.ts), so a small request
  // never waits for a simulation to end; the system shares the core between them.
  const workers = Math.max(1, int(env, 'LUX_WORKERS', Math.max(2, cpus)));
  const componentUrls = Object.fromEntries(
    (Object.keys(COMPONENT_PORTS) as Component[]).map((c) => [
      c,
      componentUrl(env, `LUX_${c.toUpperCase()}_URL`) ??
        `http://${componentHost}:${int(env, `LUX_${c.toUpperCase()}_PORT`, COMPONENT_PORTS[c])}`,
    ]),
  ) as Record<Component, string>;
  return {
    port: int(env, 'PORT', defaultPort),
    // Loopback unless HOST says otherwise, tokens or not: exposing the port is a deliberate act.
    host: env.HOST ?? '127.0.0.1',
    role,
    maxBodyBytes: int(env, 'LUX_MAX_BODY_BYTES', 64 * 1024 * 1024),
    maxMeshPoints: int(env, 'LUX_MAX_MESH_POINTS', 3_000_000),
    maxWindows: int(env, 'LUX_MAX_WINDOWS', DEFAULT_MAX_WINDOWS),
    maxCorners: int(env, 'LUX_MAX_CORNERS', DEFAULT_MAX_CORNERS),
    corsOrigins: corsOrigins(env.LUX_CORS_ORIGINS),
    requestTimeoutMs: int(env, 'LUX_REQUEST_TIMEOUT_MS', 60_000),
    costFactor: int(env, 'LUX_COST_FACTOR', 2),
    jobReadsPerMinute: int(env, 'LUX_JOB_READS_PER_MINUTE', DEFAULT_JOB_READS_PER_MINUTE),
    headersTimeoutMs: Math.max(1, int(env, 'LUX_HEADERS_TIMEOUT_MS', 10_000)),
    bodyTimeoutMs: Math.max(1, int(env, 'LUX_BODY_TIMEOUT_MS', 60_000)),
    keepAliveMs: int(env, 'LUX_KEEP_ALIVE_MS', 5_000),
    maxConnections: Math.max(1, int(env, 'LUX_MAX_CONNECTIONS', 1_000)),
    workers,
    heavyWorkers: Math.min(workers, Math.max(1, int(env, 'LUX_HEAVY_WORKERS', defaultHeavyThreads(workers)))),
    workerHeapMb: Math.max(64, int(env, 'LUX_WORKER_HEAP_MB', 2_048)),
    maxQueue: int(env, 'LUX_MAX_QUEUE', 256),
    meshStoreBytes: int(env, 'LUX_MESH_STORE_BYTES', DEFAULT_MESH_STORE_BYTES),
    workerIdleMs: int(env, 'LUX_WORKER_IDLE_MS', 5_000),
    componentUrls,
    appDir: env.LUX_APP_DIR ?? 'dist/app',
    log: env.LUX_LOG !== 'silent',
    modelCard: modelCardPath(env, env.LUX_APP_DIR ?? 'dist/app'),
  };
}

/**
 * A component's base URL (LUX_<COMPONENT>_URL), to which the gateway appends `/v2/<route>`: a trailing slash
 * is dropped (`http://model:8083/` made every call `//v2/run`, a 404, and the component `unavailable`); one
 * that is not http(s) stops the server at start with the variable's name, instead of `not reachable` later.
 */
function componentUrl(env: NodeJS.ProcessEnv, key: string): string | undefined {
  const raw = env[key]?.trim();
  if (!raw) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash)
    throw new Error(`${key} must be an http:// or https:// URL (as http://host:8083), got '${raw}'`);
  return raw.replace(/\/+$/, '');
}

/** `*` or a comma-separated list of origins (`https://app.example.org`), for a hosted server's CORS. */
export function corsOrigins(v: string | undefined): string[] | '*' {
  const list = (v ?? '*')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  return list.length === 0 || list.includes('*') ? '*' : list;
}
