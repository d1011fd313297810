/**
 * What the core needs from an inference runtime: run the model on named float32 tensors. The faces
 * supply it (onnxruntime-node in the server's worker threads, onnxruntime-web in the browser worker), so
 * the core stays free of any runtime and every face shares the pre- and post-processing.
 */
export interface TensorIn {
  data: Float32Array;
  dims: readonly number[];
}

export type ModelRunner = (feeds: Record<string, TensorIn>) => Promise<Record<string, TensorIn>>;
