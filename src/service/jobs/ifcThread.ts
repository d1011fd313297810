import { Piscina } from 'piscina';
import { LuxError } from '../../core/errors';
import { CONTEXT_UNREADABLE, type IfcJobParams } from './ifcParams';
import type { IfcRooms } from './ifcRooms';
import { threadModule } from '../threadModule';

/**
 * A building's IFC file made into a job's rooms on a thread of its own (ifcWorker.ts says why not on a
 * compute thread): one thread, started on the first building and gone when idle. A file web-ifc cannot read
 * is a validation error (the job fails with the reason).
 */
let pool: Piscina | null = null;

export type IfcJobRooms = Omit<IfcRooms, 'context'> & { context: Float32Array };

export async function readIfcJob(
  bytes: Uint8Array,
  params: IfcJobParams,
  signal: AbortSignal,
): Promise<IfcJobRooms> {
  if (!pool) {
    pool = new Piscina({
      ...threadModule(import.meta.url, 'ifcWorker'),
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: 10_000,
    });
    pool.on('error', (e: unknown) => console.error('lux jobs: IFC thread error:', e));
  }
  let json: string;
  try {
    json = (await pool.run({ bytes, params }, { signal })) as string;
  } catch (e) {
    if (signal.aborted) throw e;
    const message = (e as Error).message;
    const at = message.indexOf(CONTEXT_UNREADABLE);
    throw new LuxError(
      'validation_error',
      at >= 0
        ? `A context file cannot be read: ${message.slice(at + CONTEXT_UNREADABLE.length, at + 300)}`
        : `The file cannot be read as IFC: ${message.slice(0, 200)}`,
    );
  }
  const made = JSON.parse(json) as Omit<IfcRooms, 'context'> & { context: string };
  return { ...made, context: new Float32Array(new Uint8Array(Buffer.from(made.context, 'base64')).buffer) };
}

export async function closeIfcThread(): Promise<void> {
  await pool?.destroy();
  pool = null;
}
