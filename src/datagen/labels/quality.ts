import { QUALITY, QUALITY_1M, type EngineQuality } from '../../core/engine/simulate';

/**
 * The labels' engine quality (issue 35): "quick", about half of draft's work — fewer exterior strata, a
 * coarser window view, larger patches, fewer glass samples — for training with a mean-seeking loss, where
 * the label's noise averages out but a bias would not. Its bias against standard is measured on rooms of
 * their own stream by `npm run labels -- --bias` and written in docs/model.md; it is not an API quality.
 */
export const QUICK: EngineQuality = {
  // Second-order cells of 1 m at the least, as the committed labels were made (QUALITY_1M).
  exterior: { ...QUALITY_1M.draft.exterior, fineStrata: 3, coarseStrata: 2, fineCell: 0.3 },
  view: { ...QUALITY.draft.view, K: 24 },
  patchSize: 0.6,
  maxPatches: 350,
  apertureDensity: 4,
  apertureMin: 4,
  apertureMax: 10,
};

export type LabelQuality = 'quick' | 'draft' | 'standard';

/**
 * Draft and standard as the committed labels were made: second-order cells of 1 m at the least (the engine's
 * floor is finer since 2026-12-03, simulate.ts SECOND_ORDER_CELL_MIN), so that a stream made again, or
 * grown, gives the same labels for the same seeds.
 */
export const labelQuality = (q: LabelQuality): EngineQuality => (q === 'quick' ? QUICK : QUALITY_1M[q]);
