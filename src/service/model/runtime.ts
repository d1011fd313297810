import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { parseModelCard } from '../../core/model/card';
import type { LoadedModel } from '../../core/model/predict';
import type { TensorIn } from '../../core/model/runner';
import { solveRoomTermsOnThread } from './roomTermsThread';

/**
 * Where an operation's model comes from (OpContext.model is one bound to a card): the seam a shared or
 * remote model service would fill.
 */
export interface ModelProvider {
  model(cardPath: string): Promise<LoadedModel>;
}

/**
 * The Node inference runtime's sessions, one per card, opened on first use and kept: each compute thread
 * holds its own (sessions are not shared across threads; one intra-op thread each, since the pool already
 * runs one request per core).
 */
export class ModelSessions implements ModelProvider {
  private readonly sessions = new Map<string, Promise<LoadedModel>>();

  model(cardPath: string): Promise<LoadedModel> {
    let m = this.sessions.get(cardPath);
    if (!m) {
      m = loadModel(cardPath);
      // A failed load is not kept: a later request tries again (the file may have been fixed).
      m.catch(() => this.sessions.delete(cardPath));
      this.sessions.set(cardPath, m);
    }
    return m;
  }
}

/**
 * Whether a card's room-terms solve runs beside the network on a thread of its own (roomTermsThread.ts):
 * yes unless LUX_ROOM_TERMS_THREAD=0. Measured on the bench's room (two cores, docs/model.md): alone, a
 * window 29–30 → 19–21 ms; with both cores kept busy by two predicting threads, 30 → 33 ms a window and 7 %
 * fewer windows a second (the solve's hand-over and frames made twice). A server kept saturated by batch
 * work (building jobs) can trade the first for the second with LUX_ROOM_TERMS_THREAD=0.
 */
const roomTermsThreadByDefault = (): boolean => process.env.LUX_ROOM_TERMS_THREAD !== '0';

/**
 * Opens a model card's ONNX session on onnxruntime-node (each call its own session: keep the result).
 * `roomTermsThread` overrides roomTermsThreadByDefault (false: the solve on the calling thread).
 */
export async function loadModel(
  cardPath: string,
  opts: { roomTermsThread?: boolean } = {},
): Promise<LoadedModel> {
  const card = parseModelCard(JSON.parse(readFileSync(cardPath, 'utf8')));
  const session = await ort.InferenceSession.create(join(dirname(cardPath), card.file), {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  for (const t of card.inputs)
    if (!session.inputNames.includes(t.name))
      throw new Error(
        `model card names input '${t.name}', the ONNX file has ${session.inputNames.join(', ')}`,
      );
  return {
    card,
    // A card with room terms: its solve on a thread of its own, beside the frames and the network.
    ...(card.roomTerms && (opts.roomTermsThread ?? roomTermsThreadByDefault())
      ? { solveRoomTerms: solveRoomTermsOnThread }
      : {}),
    run: async (feeds: Record<string, TensorIn>) => {
      const tensors: Record<string, ort.Tensor> = {};
      for (const [name, t] of Object.entries(feeds))
        tensors[name] = new ort.Tensor('float32', t.data, t.dims);
      const out = await session.run(tensors);
      const res: Record<string, TensorIn> = {};
      for (const [name, t] of Object.entries(out)) res[name] = { data: t.data as Float32Array, dims: t.dims };
      return res;
    },
  };
}
