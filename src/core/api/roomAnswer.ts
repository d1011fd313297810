import type { ModelErrorBand } from '../model/errorBand';
import type { z } from 'zod';
import type { windowSummary } from '../validation/responses';
import type { ModelType } from '../types';

/**
 * A room's answer as typed arrays: what /run and /simulate compute before it becomes wire JSON. The
 * browser's workers hand it to the page in a transfer list (no base64, no nested arrays, no copies); a
 * remote server's wire answer is read back into the same form (answerFromResponse), so the views see one
 * shape whichever machine answered.
 */
export interface RoomGridAnswer {
  rows: number;
  cols: number;
  /** DF (%) per cell of the /run grid (0.1 m, row 0 = max y, column 0 = min x); 0 outside the room. */
  df: Float32Array;
  /** 1 inside the room. */
  mask: Uint8Array;
  /** World x of the grid's left edge and y of its top edge. */
  origin: { x: number; y: number };
  resolution: number;
}

/** A window's direction, reference point and angles in an answer, as documented (validation/responses.ts). */
export type WindowSummary = z.output<typeof windowSummary>;

/** Which computation gave the map: the neural model (a preview) or the physics engine at a quality. */
export type AnswerMethod =
  | {
      kind: 'model';
      name: string;
      version: string;
      /** The model's measured error for rooms like this one (model/errorBand.ts), when its card has it. */
      errorBand?: ModelErrorBand;
    }
  | {
      kind: 'engine';
      quality: 'draft' | 'standard' | 'high';
      seed: number;
      /** Radiance's -ab when the request set one; null: converged, every reflection counted. */
      ambientBounces: number | null;
    };

export interface RoomAnswer extends RoomGridAnswer {
  modelType: ModelType;
  /** Per window id, in request order: its direction, reference point and the angles it was computed with. */
  windows: Record<string, WindowSummary>;
  warnings: string[];
  method: AnswerMethod;
}

/** The buffers to transfer with an answer (postMessage's transfer list): they are not copied. */
export function answerTransfer(a: RoomGridAnswer): ArrayBuffer[] {
  return [a.df.buffer as ArrayBuffer, a.mask.buffer as ArrayBuffer];
}

function fromBase64(s: string): Uint8Array {
  return Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
}

/**
 * A wire answer of /run or /simulate (api.md, either response shape) as a RoomAnswer: for a remote server.
 * Throws on a body that does not hold a grid matching its shape.
 */
export function answerFromResponse(r: Record<string, unknown>): RoomAnswer {
  const shape = r.shape;
  if (!Array.isArray(shape) || shape.length !== 2) throw new Error('The answer has no grid shape.');
  const [rows, cols] = shape as [number, number];
  let df: Float32Array, mask: Uint8Array;
  if (typeof r.result === 'string' && typeof r.mask === 'string') {
    const bytes = fromBase64(r.result);
    if (bytes.length !== rows * cols * 4) throw new Error('The answer grid does not match its shape.');
    const view = new DataView(bytes.buffer);
    df = Float32Array.from({ length: rows * cols }, (_, i) => view.getFloat32(4 * i, true));
    mask = fromBase64(r.mask);
  } else if (Array.isArray(r.result) && Array.isArray(r.mask)) {
    df = Float32Array.from((r.result as number[][]).flat());
    mask = Uint8Array.from((r.mask as boolean[][]).flat(), (v) => (v ? 1 : 0));
  } else throw new Error('The answer holds no DF grid.');
  if (df.length !== rows * cols || mask.length !== rows * cols)
    throw new Error('The answer grid does not match its shape.');
  const method: AnswerMethod =
    r.method === 'simulation' || r.method === 'climate'
      ? {
          kind: 'engine',
          quality: (r.quality as 'draft' | 'standard' | 'high' | undefined) ?? 'standard',
          seed: Number(r.seed ?? 1),
          // A server from before the bounce limit counted 7 bounces (Radiance -ab 7); a year is converged.
          ambientBounces:
            r.ambient_bounces === null || r.method === 'climate'
              ? null
              : typeof r.ambient_bounces === 'number'
                ? r.ambient_bounces
                : 7,
        }
      : {
          kind: 'model',
          name: String((r.model as { name?: string } | undefined)?.name ?? 'model'),
          version: String((r.model as { version?: string } | undefined)?.version ?? ''),
          ...(r.model_error && typeof r.model_error === 'object'
            ? { errorBand: r.model_error as ModelErrorBand }
            : {}),
        };
  return {
    rows,
    cols,
    df,
    mask,
    origin: r.origin as { x: number; y: number },
    resolution: Number(r.resolution),
    modelType: r.model_type as ModelType,
    windows: (r.windows ?? {}) as Record<string, WindowSummary>,
    warnings: Array.isArray(r.warnings) ? (r.warnings as string[]) : [],
    method,
  };
}
