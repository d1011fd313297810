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

/**
 * The engine's validation for a report at one quality: a draft report read "within 2.1 % … at standard
 * quality" (before 2026-12-07), figures its maps were not computed to; it now gives draft's own, against
 * Radiance's -ab 7 references (docs/engine.md §Accuracy). High quality samples more than standard: its
 * figures stand.
 */
export function engineValidation(quality: 'draft' | 'standard' | 'high'): string {
  return quality === 'draft'
    ? `${ENGINE_VALIDATION} This report’s maps are at draft quality: against Radiance’s -ab 7 references on the same scenes, mean absolute error up to 0.096 DF points and room means within 3.2 %; compute at standard quality for a report handed in.`
    : ENGINE_VALIDATION;
}
