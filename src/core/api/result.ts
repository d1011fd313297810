/** What an operation hands back to a face (HTTP server, browser worker): JSON or a file. */
export type OpResult =
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'file'; bytes: Uint8Array; contentType: string; filename: string };

export const json = (value: Record<string, unknown>): OpResult => ({ kind: 'json', value });

/** Limits and permissions an operation needs from its caller. */
export interface OpContext {
  maxMeshPoints: number;
  /** Whether the caller may use this model type (403 otherwise). */
  allowModel: (modelType: string) => boolean;
}

export const OPEN_CONTEXT: OpContext = { maxMeshPoints: 3_000_000, allowModel: () => true };
