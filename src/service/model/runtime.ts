import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as ort from 'onnxruntime-node';
import { parseModelCard } from '../../core/model/card';
import type { LoadedModel } from '../../core/model/predict';
import type { TensorIn } from '../../core/model/runner';

/**
 * The server's inference runtime: onnxruntime-node bound to a model card. Each worker thread loads its
 * own session once and keeps it (sessions are not shared across threads); one intra-op thread each,
 * since the pool already runs one request per core.
 */
const sessions = new Map<string, Promise<LoadedModel>>();

export function loadModel(cardPath: string): Promise<LoadedModel> {
  let m = sessions.get(cardPath);
  if (!m) {
    m = open(cardPath);
    // A failed load is not cached: a later request tries again (the file may have been fixed).
    m.catch(() => sessions.delete(cardPath));
    sessions.set(cardPath, m);
  }
  return m;
}

async function open(cardPath: string): Promise<LoadedModel> {
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
