import type { Component } from '../../service/operations';
import type { MeshStoreStats, StoredMeshInfo } from '../../service/meshStore';
import type { TaskRequest, TaskResponse } from '../../service/task';

import type { ComponentState } from '../../service/model/status';

export type { ComponentState };

/** Where compute happens: a worker pool in this process, or (gateway) the component services. */
export interface Executor {
  run(req: TaskRequest, signal: AbortSignal): Promise<TaskResponse>;
  /** State of each component, for health and for 503s. */
  components(): Promise<Record<Component, ComponentState>>;
  /**
   * Asks a component for its state now, not from the cache: before a call is refused on a cached state that
   * may predate the component (a gateway started beside it). Absent where the state is this process's own.
   */
  recheck?(c: Component): Promise<ComponentState>;
  /** Whether the component can take requests at all (its process answers), whatever its state. */
  reachable(c: Component): boolean;
  /** Why a component that is not ready cannot answer, in words for the 503 message. */
  unavailableReason(c: Component, state: ComponentState): string;
  close(): Promise<void>;
  /**
   * A stored context (POST /v2/meshes) of `owner` (the token that stored it; null without tokens), null
   * when it is not held (on the gateway: by every component).
   */
  meshInfo(id: string, owner: string | null): Promise<StoredMeshInfo | null>;
  /** A stored context's points (float32 x, y, z), where this process holds it (not on a gateway). */
  meshPositions?(id: string, owner: string | null): Promise<Float32Array | null>;
  /** Forgets an owner's stored context; false when it was not held. */
  deleteMesh(id: string, owner: string | null): Promise<boolean>;
  /** The store's size (health): this process's, or on the gateway each mesh-holding component's. */
  meshStats(): Promise<MeshStoreStats | Record<string, MeshStoreStats>>;
}
