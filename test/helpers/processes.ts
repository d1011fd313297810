import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT } from './paths';

/**
 * Node processes started by tests, cleaned up whatever happens:
 * - each is the leader of its own process group, so stopping it kills what it forked too (multi.js);
 * - each has an IPC channel to the test process; if the test process dies, the channel closes and the
 *   server exits by itself (main.ts and multi.ts listen for 'disconnect');
 * - whatever is still running when the test process exits is killed by group.
 */
export interface NodeProcess {
  child: ChildProcess;
  pid: number;
  /** The last 64 kB of stdout and stderr, for failure messages. */
  output(): string;
  alive(): boolean;
  stop(): Promise<void>;
}

const live = new Set<NodeProcess>();
process.once('exit', () => {
  for (const p of live) killGroup(p.pid, 'SIGKILL');
});

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is gone.
  }
}

/** The environment without the developer's own LUX_* / PORT / HOST settings, plus `env`. */
function hermeticEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('LUX_') && k !== 'PORT' && k !== 'HOST') base[k] = v;
  }
  return { ...base, ...env };
}

export function spawnNode(script: string, env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: hermeticEnv(env),
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  if (child.pid === undefined) throw new Error(`could not start ${script}`);
  const pid = child.pid;
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-64_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const proc: NodeProcess = {
    child,
    pid,
    output: () => out,
    alive,
    async stop() {
      if (alive()) {
        killGroup(pid, 'SIGTERM');
        await Promise.race([exited, sleep(3_000)]);
      }
      killGroup(pid, 'SIGKILL'); // stragglers of the group, and the leader if SIGTERM was not enough
      if (alive()) await exited;
      live.delete(proc);
    },
  };
  live.add(proc);
  return proc;
}

/** Polls `probe` until it returns a value (not undefined), or fails after `timeoutMs` saying `what`. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  {
    timeoutMs = 20_000,
    intervalMs = 100,
    proc,
  }: { timeoutMs?: number; intervalMs?: number; proc?: NodeProcess } = {},
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    if (proc && !proc.alive()) throw new Error(`process exited while waiting for ${what}:\n${proc.output()}`);
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > until) {
      throw new Error(
        `timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}${proc ? `\n${proc.output()}` : ''}`,
      );
    }
    await sleep(intervalMs);
  }
}

/** Resident set size of a process in bytes (Linux /proc). */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(m[1]) * 1024;
}
