import { ON_SOLVE } from '../../src/core/model/card';

/**
 * A card (as JSON) without its room-terms solve and every option that reads it (card.ts's ON_SOLVE, the
 * table parseModelCard checks), so that a new solve option breaks no test that builds a card without it.
 */
export function withoutSolve<T extends Record<string, unknown>>(card: T): T {
  const out: Record<string, unknown> = { ...card };
  for (const k of ['roomTerms', ...Object.keys(ON_SOLVE)]) delete out[k];
  return out as T;
}
