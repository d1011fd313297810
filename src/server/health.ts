import type { Executor } from './executor/executor';

/** The union of both documented health shapes (api.md §Health). */
export async function healthBody(executor: Executor, version: string) {
  const services = await executor.components();
  const ordered = Object.fromEntries(Object.entries(services).sort(([a], [b]) => a.localeCompare(b)));
  const allReady = Object.values(services).every((s) => s === 'ready');
  return {
    status: allReady ? 'running' : 'degraded',
    service: 'lux',
    version,
    services: ordered,
    mesh_store: await executor.meshStats(),
  };
}
