import { ensureServerBuilt } from './build';
import { SERVER_MAIN, SERVER_MULTI } from './paths';
import { freePorts } from './ports';
import { spawnNode, waitFor, type NodeProcess } from './processes';

/** A built server process on a free port, ready (its health answers) when returned. */
export interface RunningServer {
  url: string;
  proc: NodeProcess;
  stop(): Promise<void>;
}

/**
 * How long a server may take to answer health. A fresh embedded database (PGlite's initdb) takes ~6 s on an
 * idle 2-core machine and has taken over 20 s while the suite's other files load both cores (CI, 2026-12-04);
 * a process that dies meanwhile still fails at once.
 */
const STARTUP_MS = 90_000;

const healthOf = async (url: string) => {
  const res = await fetch(`${url}/v2/`, { signal: AbortSignal.timeout(2_000) });
  return res.ok ? ((await res.json()) as Health) : undefined;
};

export interface Health {
  status: string;
  service: string;
  version: string;
  services: Record<string, string>;
}

export async function getHealth(url: string, path = '/v2/'): Promise<Health> {
  const res = await fetch(`${url}${path}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`health ${url}${path}: HTTP ${res.status}`);
  return (await res.json()) as Health;
}

/** The embedded server (dist/server/main.js), quiet unless `env` says otherwise. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  ensureServerBuilt();
  const [port] = await freePorts(1);
  const url = `http://127.0.0.1:${port}`;
  const proc = spawnNode(SERVER_MAIN, { LUX_LOG: 'silent', ...env, PORT: String(port) });
  try {
    await waitFor(`${url} to answer health`, () => healthOf(url), { proc, timeoutMs: STARTUP_MS });
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return { url, proc, stop: () => proc.stop() };
}

export const COMPONENT_NAMES = ['obstruction', 'encoder', 'model', 'merger', 'stats'] as const;
export type ComponentName = (typeof COMPONENT_NAMES)[number];

export interface RunningMulti extends RunningServer {
  componentUrls: Record<ComponentName, string>;
  /** Current pid of each child (gateway and components), from multi.js's start lines. */
  pids(): Record<string, number>;
}

/**
 * multi.js with the gateway and every component on free ports; returned once the gateway and every
 * component answer their own health.
 */
export async function startMulti(env: Record<string, string> = {}): Promise<RunningMulti> {
  ensureServerBuilt();
  const ports = await freePorts(1 + COMPONENT_NAMES.length);
  const url = `http://127.0.0.1:${ports[0]}`;
  const portEnv: Record<string, string> = { PORT: String(ports[0]) };
  const componentUrls = {} as Record<ComponentName, string>;
  COMPONENT_NAMES.forEach((c, i) => {
    portEnv[`LUX_${c.toUpperCase()}_PORT`] = String(ports[i + 1]);
    componentUrls[c] = `http://127.0.0.1:${ports[i + 1]}`;
  });
  const proc = spawnNode(SERVER_MULTI, { LUX_LOG: 'silent', ...env, ...portEnv });
  const pids = () => {
    const found: Record<string, number> = {};
    for (const m of proc.output().matchAll(/lux multi: (\w+) started \(pid (\d+)/g))
      found[m[1]!] = Number(m[2]);
    return found;
  };
  try {
    for (const u of [url, ...Object.values(componentUrls)]) {
      await waitFor(`${u} to answer health`, () => healthOf(u), { proc, timeoutMs: STARTUP_MS });
    }
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return { url, proc, componentUrls, pids, stop: () => proc.stop() };
}
