import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Component } from '../service/operations';
import { COMPONENT_PORTS } from './config';
import { Supervisor, type ChildSpec } from './supervisor';
import { threadModule } from '../service/threadModule';

/**
 * Multi-process mode in one command: the five components (obstruction 8081, encoder 8082, model 8083,
 * merger 8084, stats 8085) and the gateway (PORT, 8080), each a child process running main with a role.
 *
 * - Component ports come from LUX_<COMPONENT>_PORT. A component whose LUX_<COMPONENT>_URL is set runs
 *   elsewhere and is not started here.
 * - Components listen on LUX_COMPONENT_HOST (127.0.0.1) and accept only the gateway's token:
 *   LUX_COMPONENT_TOKEN, or a random one made for this run. So the gateway's authentication cannot be
 *   bypassed by calling a component port directly, and LUX_API_TOKENS(_FILE) apply to the gateway only.
 * - A child that dies is reported by the gateway's health (its routes answer 503) and restarted after
 *   LUX_RESTART_DELAY_MS (1000).
 * - Stopped (SIGTERM, SIGINT), it stops the gateway first, which answers the calls it has taken, then the
 *   components; each may take the request timeout (LUX_REQUEST_TIMEOUT_MS) and 5 s before SIGKILL.
 */
const main = threadModule(import.meta.url, 'main');
const COMPONENTS = Object.keys(COMPONENT_PORTS) as Component[];
const env = process.env;

/** A setting it cannot honour: one line naming it, as main.ts stops (settingError.ts), not a stack trace. */
const refuse = (message: string): never => {
  console.error(`lux multi: ${message}`);
  process.exit(1);
};

function int(key: string, fallback: number, min: number, max: number): number {
  const raw = env[key];
  if (raw === undefined || raw === '') return fallback;
  const v = Number(raw);
  if (!Number.isInteger(v) || v < min || v > max)
    return refuse(`${key} must be an integer in [${min}, ${max}], got '${raw}'`);
  return v;
}
const port = (key: string, fallback: number) => int(key, fallback, 1, 65_535);

const urlKey = (c: Component) => `LUX_${c.toUpperCase()}_URL`;
const local = COMPONENTS.filter((c) => !env[urlKey(c)]);
const ports = new Map<string, number>([['gateway', port('PORT', 8080)]]);
for (const c of local) ports.set(c, port(`LUX_${c.toUpperCase()}_PORT`, COMPONENT_PORTS[c]));
const taken = new Map<number, string>();
for (const [name, p] of ports) {
  const other = taken.get(p);
  if (other) refuse(`${name} and ${other} would both listen on port ${p}`);
  taken.set(p, name);
}

const componentToken = env.LUX_COMPONENT_TOKEN || randomBytes(24).toString('base64url');
const componentHost = env.LUX_COMPONENT_HOST ?? '127.0.0.1';

function componentSpec(c: Component): ChildSpec {
  const e: NodeJS.ProcessEnv = {
    ...env,
    LUX_ROLE: c,
    PORT: String(ports.get(c)),
    HOST: componentHost,
    LUX_API_TOKENS: componentToken,
  };
  delete e.LUX_API_TOKENS_FILE;
  delete e.LUX_COMPONENT_TOKEN;
  return { name: c, env: e, describe: `port ${ports.get(c)}` };
}

const gateway: ChildSpec = {
  name: 'gateway',
  env: {
    ...env,
    LUX_ROLE: 'gateway',
    PORT: String(ports.get('gateway')),
    LUX_COMPONENT_TOKEN: componentToken,
  },
  describe: `port ${ports.get('gateway')}`,
};

const supervisor = new Supervisor({
  script: fileURLToPath(main.filename),
  execArgv: main.execArgv ?? [],
  restartDelayMs: int('LUX_RESTART_DELAY_MS', 1_000, 0, 3_600_000),
  log: (line) => console.log(`lux multi: ${line}`),
  // A child answers the calls it has taken before it exits (main.ts), up to the request timeout.
  killAfterMs: int('LUX_REQUEST_TIMEOUT_MS', 60_000, 0, 2 ** 31 - 1) + 5_000,
});
for (const c of local) supervisor.start(componentSpec(c));
supervisor.start(gateway);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await supervisor.stop('gateway');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
// Started with an IPC channel (a test, another supervisor): stop with the parent.
process.once('disconnect', stop);
