/**
 * The accuracy measures of model.md, over weighted cells (weights = the area each cell stands for):
 * MAE in DF points; δ1, the share of cells within ±25 % of the truth where the truth is ≥ 0.5 %; the
 * relative error of the mean DF; and the EN 17037 / BFS verdict (≥ 50 % of the area at DF ≥ 1 % and a
 * mean DF ≥ 2 %).
 */
export interface Sample {
  pred: ArrayLike<number>;
  truth: ArrayLike<number>;
  /** Area weight per cell; 1 each when absent. */
  weight?: ArrayLike<number>;
}

export interface SampleMetrics {
  mae: number;
  delta1: number;
  /** Cells (weight) where the truth is ≥ 0.5, the base of δ1. */
  delta1Base: number;
  meanPred: number;
  meanTruth: number;
  /** (mean pred − mean truth) / mean truth. */
  meanError: number;
  verdictPred: boolean;
  verdictTruth: boolean;
  weight: number;
}

export function verdict(values: ArrayLike<number>, weight?: ArrayLike<number>): boolean {
  let lit = 0,
    total = 0,
    sum = 0;
  for (let i = 0; i < values.length; i++) {
    const w = weight ? weight[i]! : 1;
    total += w;
    sum += w * values[i]!;
    if (values[i]! >= 1) lit += w;
  }
  return total > 0 && lit / total >= 0.5 && sum / total >= 2;
}

export function sampleMetrics(s: Sample): SampleMetrics {
  let w = 0,
    abs = 0,
    base = 0,
    within = 0,
    sp = 0,
    st = 0;
  for (let i = 0; i < s.truth.length; i++) {
    const wi = s.weight ? s.weight[i]! : 1;
    const p = s.pred[i]!,
      t = s.truth[i]!;
    w += wi;
    abs += wi * Math.abs(p - t);
    sp += wi * p;
    st += wi * t;
    if (t >= 0.5) {
      base += wi;
      if (Math.abs(p - t) <= 0.25 * t) within += wi;
    }
  }
  const meanPred = sp / w,
    meanTruth = st / w;
  return {
    mae: abs / w,
    delta1: base > 0 ? within / base : 1,
    delta1Base: base,
    meanPred,
    meanTruth,
    meanError: meanTruth > 0 ? (meanPred - meanTruth) / meanTruth : 0,
    verdictPred: verdict(s.pred, s.weight),
    verdictTruth: verdict(s.truth, s.weight),
    weight: w,
  };
}

export interface Summary {
  count: number;
  /** Cell-weighted over all samples. */
  mae: number;
  delta1: number;
  /** Mean and worst |relative error| of the mean DF, and the share of samples within 5 %. */
  meanErrorAbsMean: number;
  meanErrorAbsMax: number;
  meanWithin5: number;
  /** Σ predicted / Σ true DF − 1 over all cells (weighted): a systematic over- or under-prediction. */
  bias: number;
  verdictAgreement: number;
}

export function summarise(list: readonly SampleMetrics[]): Summary {
  let w = 0,
    abs = 0,
    base = 0,
    within = 0,
    sumPred = 0,
    sumTruth = 0;
  for (const m of list) {
    w += m.weight;
    sumPred += m.meanPred * m.weight;
    sumTruth += m.meanTruth * m.weight;
    abs += m.mae * m.weight;
    base += m.delta1Base;
    within += m.delta1 * m.delta1Base;
  }
  const rel = list.map((m) => Math.abs(m.meanError));
  return {
    count: list.length,
    mae: abs / w,
    delta1: base > 0 ? within / base : 1,
    meanErrorAbsMean: rel.reduce((a, b) => a + b, 0) / list.length,
    meanErrorAbsMax: Math.max(...rel),
    meanWithin5: rel.filter((r) => r <= 0.05).length / list.length,
    bias: sumTruth > 0 ? sumPred / sumTruth - 1 : 0,
    verdictAgreement: list.filter((m) => m.verdictPred === m.verdictTruth).length / list.length,
  };
}

export interface RoomMeans {
  count: number;
  meanErrorAbsMean: number;
  meanErrorAbsMedian: number;
  meanErrorAbsMax: number;
  meanWithin5: number;
}

/** A room's mean DF, predicted and true, from its windows' samples. */
export interface RoomTotal {
  room: number;
  windows: number;
  pred: number;
  truth: number;
}

/**
 * Rooms' mean DF from per-window samples of the same rooms: a room's mean DF is the sum of its windows'
 * means (light from separate openings adds; each window's sample covers the room as its frame sees it),
 * so a room whose windows err in opposite directions is judged as the room, not the windows.
 */
export function roomTotals(windows: readonly { room: number; m: SampleMetrics }[]): RoomTotal[] {
  const rooms = new Map<number, RoomTotal>();
  for (const { room, m } of windows) {
    const r = rooms.get(room) ?? { room, windows: 0, pred: 0, truth: 0 };
    r.windows++;
    r.pred += m.meanPred;
    r.truth += m.meanTruth;
    rooms.set(room, r);
  }
  return [...rooms.values()];
}

/** Room-mean errors (relative, absolute) over rooms with light. */
export function roomMeans(rooms: readonly RoomTotal[]): RoomMeans {
  const rel = rooms
    .filter((r) => r.truth > 0)
    .map((r) => Math.abs(r.pred / r.truth - 1))
    .sort((a, b) => a - b);
  return {
    count: rel.length,
    meanErrorAbsMean: rel.reduce((a, b) => a + b, 0) / rel.length,
    meanErrorAbsMedian: rel[Math.floor(rel.length / 2)] ?? 0,
    meanErrorAbsMax: rel[rel.length - 1] ?? 0,
    meanWithin5: rel.filter((r) => r <= 0.05).length / rel.length,
  };
}
