import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ModelSessions } from './runtime';
import { SHIPPED_MODEL } from '../../core/model/shipped';

/** A component's state in health answers: ready, still loading, or not available. */
export type ComponentState = 'ready' | 'loading' | 'unavailable';

/**
 * Whether this process can serve /run: `loading` while the installed model's card is read and a session
 * is opened once (off the event loop: onnxruntime loads natively), then `ready`, or `unavailable` when no
 * card is installed or it does not load (the reason is logged and given in the 503).
 */
export class ModelStatus {
  state: ComponentState = 'unavailable';
  reason = 'model not installed';
  /** The sessions this process opened (the in-process executor answers with the one loaded here). */
  readonly sessions = new ModelSessions();

  constructor(readonly cardPath: string | null) {
    if (!cardPath || !existsSync(cardPath)) {
      if (cardPath) this.reason = `model not installed (no card at ${cardPath})`;
      return;
    }
    this.state = 'loading';
    this.reason = 'the model is loading';
    this.sessions.model(cardPath).then(
      () => {
        this.state = 'ready';
        this.reason = '';
      },
      (e: unknown) => {
        this.state = 'unavailable';
        this.reason = `the model at ${cardPath} did not load: ${(e as Error).message}`;
        console.error(`lux: ${this.reason}`);
      },
    );
  }

  /** Resolves once loading has finished either way (tests and start-up logs). */
  async settled(): Promise<ComponentState> {
    if (this.state === 'loading' && this.cardPath)
      await this.sessions.model(this.cardPath).catch(() => undefined);
    return this.state;
  }
}

/**
 * `LUX_MODEL`: a card's path (ends in .json), a model name in `LUX_MODEL_DIR`, or `none`. The default
 * directory is the sources' `public/models`, else the built app's copy of it (`<appDir>/models`: the
 * Docker image ships only dist/).
 */
export function modelCardPath(env: NodeJS.ProcessEnv, appDir: string): string | null {
  const name = env.LUX_MODEL ?? SHIPPED_MODEL;
  if (name === '' || name === 'none') return null;
  if (name.endsWith('.json')) return name;
  const dir = env.LUX_MODEL_DIR ?? (existsSync('public/models') ? 'public/models' : join(appDir, 'models'));
  return join(dir, `${name}.json`);
}
