import type { Lane } from './lanes';

/**
 * The order in which compute runs, and how many threads each lane may hold.
 *
 * Tasks wait here, in arrival order, and are handed to the thread pool only when a thread is free for
 * them, so the pool itself never queues. Its queue did not keep arrival order: piscina 5.3, when a free
 * thread takes the head of its queue, puts the task behind it back at the *tail* (its `stricterFIFO`
 * option puts every new arrival at the *head* instead), so under steady load some requests were passed
 * over again and again for the whole run while later ones were answered in milliseconds
 * (docs/deployment.md §Scheduling).
 *
 * The rule, applied whenever a thread is free: start the oldest waiting task whose lane may take another
 * thread. Light work may use every thread; heavy work at most `heavyThreads` at once (by default all but
 * one), so at least one thread is always free of heavy work and a small request waits only for other
 * small ones. Oldest-first rather than light-first: under a steady flood of small requests a simulation
 * still gets its turn instead of waiting for a quiet moment that never comes.
 */
export interface SchedulerOptions {
  /** Tasks running at once: the pool's threads. */
  threads: number;
  /** Heavy tasks running at once, at most (1 … threads). */
  heavyThreads: number;
  /** Tasks waiting per lane before a submission is refused (the caller answers 503). */
  maxQueue: number;
}

/** What the scheduler knows of its work at one moment (health, tests). */
export interface SchedulerState {
  running: Record<Lane, number>;
  waiting: Record<Lane, number>;
}

interface Waiting<J, R> {
  seq: number;
  job: J;
  signal: AbortSignal;
  resolve: (r: R) => void;
  reject: (e: unknown) => void;
  onAbort: () => void;
}

export class Scheduler<J, R> {
  private readonly waiting: Record<Lane, Waiting<J, R>[]> = { light: [], heavy: [] };
  private readonly running: Record<Lane, number> = { light: 0, heavy: 0 };
  private seq = 0;

  constructor(
    readonly options: SchedulerOptions,
    /** Runs one task of `lane` on a thread; `signal` aborts it there (the pool ends the thread). */
    private readonly start: (job: J, signal: AbortSignal, lane: Lane) => Promise<R>,
  ) {
    if (!(options.threads >= 1)) throw new Error(`a scheduler needs a thread, got ${options.threads}`);
    if (!(options.heavyThreads >= 1 && options.heavyThreads <= options.threads))
      throw new Error(`heavyThreads must be within 1…${options.threads}, got ${options.heavyThreads}`);
  }

  /**
   * The task's result once it has run; null when its lane's queue is full. A task aborted while it
   * waits leaves the queue and rejects with the signal's reason.
   */
  submit(lane: Lane, job: J, signal: AbortSignal): Promise<R> | null {
    if (signal.aborted) return Promise.reject(signal.reason);
    const queue = this.waiting[lane];
    if (queue.length >= this.options.maxQueue && !this.canStart(lane)) return null;
    return new Promise<R>((resolve, reject) => {
      const entry: Waiting<J, R> = {
        seq: this.seq++,
        job,
        signal,
        resolve,
        reject,
        onAbort: () => {
          const i = queue.indexOf(entry);
          if (i >= 0) queue.splice(i, 1);
          reject(signal.reason);
        },
      };
      signal.addEventListener('abort', entry.onAbort, { once: true });
      queue.push(entry);
      this.pump();
    });
  }

  state(): SchedulerState {
    return {
      running: { ...this.running },
      waiting: { light: this.waiting.light.length, heavy: this.waiting.heavy.length },
    };
  }

  /** Whether a task of `lane` would start now, with nothing of its lane waiting ahead of it. */
  private canStart(lane: Lane): boolean {
    const busy = this.running.light + this.running.heavy;
    if (busy >= this.options.threads || this.waiting[lane].length > 0) return false;
    return lane === 'light' || this.running.heavy < this.options.heavyThreads;
  }

  /** Starts waiting tasks, oldest first among those the reservation allows, while threads are free. */
  private pump(): void {
    while (this.running.light + this.running.heavy < this.options.threads) {
      const light = this.waiting.light[0];
      const heavy = this.running.heavy < this.options.heavyThreads ? this.waiting.heavy[0] : undefined;
      const lane: Lane | null = light && (!heavy || light.seq < heavy.seq) ? 'light' : heavy ? 'heavy' : null;
      if (!lane) return;
      const entry = this.waiting[lane].shift()!;
      entry.signal.removeEventListener('abort', entry.onAbort);
      this.running[lane]++;
      let result: Promise<R>;
      try {
        result = this.start(entry.job, entry.signal, lane);
      } catch (e) {
        result = Promise.reject(e);
      }
      result
        .finally(() => {
          this.running[lane]--;
          this.pump();
        })
        .then(entry.resolve, entry.reject);
    }
  }
}
