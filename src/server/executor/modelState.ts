import type { ComponentState } from './executor';

/**
 * The model component is ready only when a trained model is installed. Until the model of issue 4 is
 * trained and shipped there is none, and /run honestly answers 503 "model not installed".
 */
export function modelState(): ComponentState {
  return 'unavailable';
}
