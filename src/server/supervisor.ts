import { fork, type ChildProcess } from 'node:child_process';

/**
 * Keeps a set of child processes running (the multi-process mode in one command). A child that exits is
 * restarted after `restartDelayMs`; one that dies within seconds of starting (port taken, bad config)
 * is retried ever more slowly instead of spinning. Children get an IPC channel, so if this process is
 * killed outright their channel closes and they exit too (main.ts listens for 'disconnect').
 */
export interface ChildSpec {
  name: string;
  env: NodeJS.ProcessEnv;
  /** Shown in the start line, e.g. "port 8081". */
  describe: string;
}

export interface SupervisorOptions {
  script: string;
  execArgv: string[];
  restartDelayMs: number;
  log: (line: string) => void;
  /**
   * How long a child may take to stop before SIGKILL: a server answers the calls it has taken first, up
   * to its request timeout.
   */
  killAfterMs: number;
}

const STABLE_MS = 3_000;
const MAX_DELAY_MS = 30_000;

export class Supervisor {
  private readonly children = new Map<string, ChildProcess>();
  private readonly failures = new Map<string, number>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopping = false;

  constructor(private readonly o: SupervisorOptions) {}

  start(spec: ChildSpec): void {
    const child = fork(this.o.script, [], { env: spec.env, execArgv: this.o.execArgv, stdio: 'inherit' });
    const startedAt = Date.now();
    this.children.set(spec.name, child);
    this.o.log(`${spec.name} started (pid ${child.pid ?? '?'}, ${spec.describe})`);
    child.once('exit', (code, signal) => {
      this.children.delete(spec.name);
      if (this.stopping) return;
      const quick = Date.now() - startedAt < STABLE_MS;
      const failures = quick ? (this.failures.get(spec.name) ?? 0) + 1 : 0;
      this.failures.set(spec.name, failures);
      const delay = Math.min(this.o.restartDelayMs * 2 ** failures, MAX_DELAY_MS);
      this.o.log(`${spec.name} exited (${signal ?? `code ${code}`}); restarting in ${delay} ms`);
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (!this.stopping) this.start(spec);
      }, delay);
      this.timers.add(t);
    });
  }

  /**
   * Stops the children: `first` (the gateway) alone, so that the calls it has taken still reach the
   * components, then the others. Each gets SIGTERM, then SIGKILL if still there after `killAfterMs`;
   * resolves when all exited.
   */
  async stop(first?: string): Promise<void> {
    this.stopping = true;
    for (const t of this.timers) clearTimeout(t);
    const head = first === undefined ? undefined : this.children.get(first);
    if (head) await this.end([head]);
    await this.end([...this.children.values()]);
  }

  private async end(children: ChildProcess[]): Promise<void> {
    const live = children.filter((c) => c.exitCode === null && c.signalCode === null);
    const exited = live.map((c) => new Promise<void>((resolve) => c.once('exit', () => resolve())));
    for (const c of live) c.kill('SIGTERM');
    const killer = setTimeout(() => live.forEach((c) => c.kill('SIGKILL')), this.o.killAfterMs);
    await Promise.all(exited);
    clearTimeout(killer);
  }
}
