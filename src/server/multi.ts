import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMPONENT_PORTS } from './config';
import type { Component } from '../core/api/operations';

/**
 * Multi-process mode in one command: the five components (obstruction 8081, encoder 8082, model 8083,
 * merger 8084, stats 8085) and the gateway (8080), each a child process running main with a role.
 * Ports come from LUX_<COMPONENT>_PORT and PORT. A child that dies is reported by the gateway's health
 * (and its routes answer 503); this supervisor restarts it after a short pause.
 */
const mainFile = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url));
const execArgv = import.meta.url.endsWith('.ts') ? ['--import', 'tsx'] : [];
const children = new Map<string, ChildProcess>();
let stopping = false;

function start(role: Component | 'gateway') {
  const env = { ...process.env, LUX_ROLE: role };
  if (role !== 'gateway') env.PORT = process.env[`LUX_${role.toUpperCase()}_PORT`] ?? String(COMPONENT_PORTS[role]);
  const child = fork(mainFile, [], { env, execArgv, stdio: 'inherit' });
  children.set(role, child);
  child.on('exit', (code) => {
    children.delete(role);
    if (stopping) return;
    console.error(`lux ${role} exited (${code}); restarting in 1 s`);
    setTimeout(() => !stopping && start(role), 1_000);
  });
}

for (const c of Object.keys(COMPONENT_PORTS) as Component[]) start(c);
start('gateway');

const stop = () => {
  stopping = true;
  for (const c of children.values()) c.kill('SIGTERM');
  setTimeout(() => process.exit(0), 500);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
