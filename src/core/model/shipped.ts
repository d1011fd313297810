/**
 * The model Lux ships (`public/models/<name>.json` and its ONNX file, copied into the built app's
 * `models/`): the one place that names it, so that the app, the server, the command line, the evaluation
 * and the tests move to a new model together.
 */
export const SHIPPED_MODEL = 'lux-df-4';

/** Its card's file name. */
export const SHIPPED_CARD = `${SHIPPED_MODEL}.json`;
