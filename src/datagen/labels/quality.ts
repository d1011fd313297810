import { QUALITY, type EngineQuality } from '../../core/engine/simulate';

/**
 * The labels' engine quality (issue 35): "quick", about half of draft's work — fewer exterior strata, a
 * coarser window view, larger patches, fewer glass samples — for training with a mean-seeking loss, where
 * the label's noise averages out but a bias would not. Its bias against standard is measured on rooms of
 * their own stream by `npm run labels -- --bias` and written in docs/model.md; it is not an API quality.
 */
export const QUICK: EngineQuality = {
  exterior: { ...QUALITY.draft.exterior, fineStrata: 3, coarseStrata: 2, fineCell: 0.3 },
  view: { ...QUALITY.draft.view, K: 24 },
  patchSize: 0.6,
  maxPatches: 350,
  apertureDensity: 4,
  apertureMin: 4,
  apertureMax: 10,
};

export type LabelQuality = 'quick' | 'draft' | 'standard';

export const labelQuality = (q: LabelQuality): EngineQuality => (q === 'quick' ? QUICK : QUALITY[q]);
