import type { Component } from '../../core/api/operations';
import type { TaskRequest, TaskResponse } from '../task';

export type ComponentState = 'ready' | 'loading' | 'unavailable';

/** Where compute happens: a worker pool in this process, or (gateway) the component services. */
export interface Executor {
  run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse>;
  /** State of each component, for health and for 503s. */
  components(): Promise<Record<Component, ComponentState>>;
  /** Whether the component can take requests at all (its process answers), whatever its state. */
  reachable(c: Component): boolean;
  /** Why a component that is not ready cannot answer, in words for the 503 message. */
  unavailableReason(c: Component, state: ComponentState): string;
  close(): Promise<void>;
}
