import type { CoefficientCache } from '../climate/coefficientCache';
import type { z } from 'zod';
import type { LoadedModel } from '../model/predict';
import type { StoredMeshResolver } from '../validation/requests';

/** What an operation hands back to a face (HTTP server, browser worker): JSON or a file. */
export type OpResult =
  | { kind: 'json'; value: Record<string, unknown> }
  | { kind: 'file'; bytes: Uint8Array; contentType: string; filename: string };

/**
 * A JSON answer built as the type of its documented schema (validation/responses.ts), so that the code and
 * the OpenAPI document share one definition: a field the code adds or renames is a type error until the
 * schema says so (and the tests hold the real answers to the schema at every depth).
 */
export const answer = <S extends z.ZodType>(_documented: S, value: z.output<S>): OpResult => ({
  kind: 'json',
  value: value as Record<string, unknown>,
});

/** Limits an operation needs from its caller (permissions are checked by the face before it runs). */
export interface OpContext {
  maxMeshPoints: number;
  /** Windows per room and polygon corners (validation/requests.ts Limits); their defaults when absent. */
  maxWindows?: number;
  maxCorners?: number;
  /**
   * Work a server can still finish (ms on one thread): a /simulate estimated above it is refused at once
   * (413) rather than run into the time-out. Absent: no refusal (the browser, the CLI).
   */
  budgetMs?: number;
  /** Contexts stored by POST /v2/meshes, by id (validation/requests.ts Limits.storedMesh). */
  storedMesh?: StoredMeshResolver;
  /** The installed model, loaded on first use (/run); absent where none is installed. */
  model?: () => Promise<LoadedModel | undefined>;
  /** Daylight coefficients kept between climate-based runs on this thread (climate/coefficientCache.ts). */
  coefficients?: CoefficientCache;
}

/** An operation of api.md as a function of the parsed JSON body (its descriptor: service/operations.ts). */
export type CoreOperation = (body: unknown, ctx: OpContext) => OpResult | Promise<OpResult>;

export const OPEN_CONTEXT: OpContext = { maxMeshPoints: 3_000_000 };

/** The parse limits an operation applies, from its context. */
export const limitsOf = (
  ctx: Pick<OpContext, 'maxMeshPoints' | 'maxWindows' | 'maxCorners' | 'storedMesh'>,
) => ({
  maxMeshPoints: ctx.maxMeshPoints,
  ...(ctx.storedMesh !== undefined ? { storedMesh: ctx.storedMesh } : {}),
  ...(ctx.maxWindows !== undefined ? { maxWindows: ctx.maxWindows } : {}),
  ...(ctx.maxCorners !== undefined ? { maxCorners: ctx.maxCorners } : {}),
});
