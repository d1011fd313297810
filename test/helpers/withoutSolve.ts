/**
 * A card (as JSON) without its room-terms solve and every option that reads it (card.ts's needs-roomTerms
 * table): one list, so that a new solve option breaks no test that builds a card without the solve (three
 * tests listed them by hand and a new option failed two of them in a fresh clone).
 */
const SOLVE_OPTIONS = [
  'roomTerms',
  'skyGuard',
  'beyondFrame',
  'roomTermScaleMax',
  'exteriorTerm',
  'exteriorGuard',
  'secondSolve',
  'termShape',
  'latticeOwnWall',
  'faintSolve',
] as const;

export function withoutSolve<T extends Record<string, unknown>>(card: T): T {
  const out: Record<string, unknown> = { ...card };
  for (const k of SOLVE_OPTIONS) delete out[k];
  return out as T;
}
