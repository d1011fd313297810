import type { z } from 'zod';
import type { healthResponse } from '../core/validation/responses';
import { MODEL_TYPES } from '../core/api/modelTypes';
import type { Executor } from './executor/executor';

type Health = z.output<typeof healthResponse>;

/** The union of both documented health shapes (api.md §Health). */
export async function healthBody(
  executor: Executor,
  version: string,
): Promise<Omit<Health, 'in_flight' | 'limits'>> {
  const services = await executor.components();
  const ordered = Object.fromEntries(Object.entries(services).sort(([a], [b]) => a.localeCompare(b)));
  const allReady = Object.values(services).every((s) => s === 'ready');
  return {
    status: allReady ? 'running' : 'degraded',
    service: 'lux',
    version,
    services: ordered,
    model_types: { ...MODEL_TYPES },
    mesh_store: await executor.meshStats(),
  };
}
