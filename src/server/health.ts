import type { z } from 'zod';
import type { healthResponse } from '../core/validation/responses';
import { MODEL_TYPES } from '../core/api/modelTypes';
import type { Executor } from './executor/executor';
import type { DatabaseState } from '../service/hosted/databaseHealth';

type Health = z.output<typeof healthResponse>;

/**
 * The union of both documented health shapes (api.md §Health); in hosted mode also `database`, the state of
 * the database every authenticated call needs.
 */
export async function healthBody(
  executor: Executor,
  version: string,
  database?: DatabaseState,
): Promise<Omit<Health, 'in_flight' | 'limits'>> {
  const services = await executor.components();
  const ordered = Object.fromEntries(Object.entries(services).sort(([a], [b]) => a.localeCompare(b)));
  const allReady = Object.values(services).every((s) => s === 'ready');
  return {
    status: allReady && database !== 'unavailable' ? 'running' : 'degraded',
    service: 'lux',
    version,
    services: ordered,
    ...(database ? { database } : {}),
    model_types: { ...MODEL_TYPES },
    mesh_store: await executor.meshStats(),
  };
}

/**
 * Health's HTTP status. A component down or not ready leaves the other routes working: 200, `degraded`. A
 * hosted replica whose database does not answer serves no authenticated call at all: 503, so that a load
 * balancer's health check takes it out of rotation until the database answers again.
 */
export const healthStatus = (database?: DatabaseState): 200 | 503 => (database === 'unavailable' ? 503 : 200);
