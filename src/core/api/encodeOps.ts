import { encodedZip, encodeRoom, type EncoderRoom, type EncoderWindow } from '../encoding';
import { parseEncodeRawRequest, parseEncodeRequest, type EncodeRequest } from '../validation/requests';
import { limitsOf, type OpContext, type OpResult } from './result';
import { windowAngles } from './windowAngles';

/**
 * /encode and /encode_raw: the original service's v2 (or v1) model input, one image + mask per window,
 * as NPY files in a ZIP. Windows without both angles get them from the mesh (windowAngles.ts).
 */
function encoded(r: EncodeRequest): OpResult {
  const angles = windowAngles(r, r.mesh, r.meshOrigin);
  const windows: EncoderWindow[] = r.parameters.windows.map((w, i) => {
    const { horizon, zenith } = angles[i]!;
    // direction_angle stays as the user gave it (or absent): the encoder derives the exact radians the
    // original used, bit for bit, where a degrees round trip could flip a pixel.
    return { ...w, window_frame_ratio: w.window_frame_ratio ?? 0, horizon, zenith };
  });
  // Absent reflectances stay absent: the encoding has fixed pixels for them (encoder.md §2.3).
  const { windows: _, ...room } = r.parameters;
  const images = encodeRoom(room as EncoderRoom, windows, { modelType: r.modelType, scheme: r.scheme });
  return { kind: 'file', bytes: encodedZip(images), contentType: 'application/zip', filename: 'encoded.zip' };
}

export const encode = (body: unknown, ctx: OpContext): OpResult =>
  encoded(parseEncodeRequest(body, limitsOf(ctx), { asComputed: true }));

export const encodeRaw = (body: unknown, ctx: OpContext): OpResult =>
  encoded(parseEncodeRawRequest(body, limitsOf(ctx)));
