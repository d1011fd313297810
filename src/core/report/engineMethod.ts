/**
 * How the engine counted reflections, in the words every answer and report uses (issue 30): converged by
 * default, or the bounce limit a study prescribed, named as Radiance names it.
 */
export function interreflectionText(ambientBounces: number | null): string {
  if (ambientBounces === null) return 'every reflection counted';
  return `${ambientBounces} ambient bounce${ambientBounces === 1 ? '' : 's'} (Radiance -ab ${ambientBounces})`;
}

/** The method line of an engine answer: "Lux engine (physics), standard quality, every reflection counted". */
export function engineMethodText(m: {
  quality: 'draft' | 'standard' | 'high';
  ambientBounces: number | null;
}): string {
  return `Lux engine (physics), ${m.quality} quality, ${interreflectionText(m.ambientBounces)}`;
}

/** The engine's validation, as reports state it (docs/engine.md §Accuracy; test/engine/radiance.test.ts). */
export const ENGINE_VALIDATION =
  'Validation of the engine: on ten Radiance reference scenes (rectangular, L-shaped, deep, balconies, canyons) run to convergence, mean absolute error 0.016–0.076 DF points and room means within 2.1 % of Radiance at standard quality (docs/engine.md).';
