/** The original service's room encoding (v2, v1) and its NPY/ZIP packaging. */
export { encodeRoom, encodeWindow, windowDirection, type EncodeWindowOptions } from './encodeWindow';
export { encodedZip, zipEntryNames } from './zip';
export { npyBytes, readNpy, type NpyArray } from './npy';
export { originalDirection } from './direction';
export type { ObstructionValues } from './obstructionBar';
export type {
  EncodedWindow,
  EncodeOptions,
  EncoderMaterials,
  EncoderRoom,
  EncoderWindow,
  ExtraMaterials,
} from './types';
