/**
 * A window's frame ratio from what the file says of its frame (IfcWindowLiningProperties and
 * IfcWindowPanelProperties, on its type or itself), for windows whose glass the geometry does not show.
 * All lengths in the file's own unit (the ratio has none), as the file states them.
 */
export interface WindowLining {
  /** IfcWindow.OverallWidth and OverallHeight. */
  overallWidth: number;
  overallHeight: number;
  /** The lining (outer frame) around the opening, and the mullions and transoms between panels. */
  liningThickness: number | null;
  mullionThickness: number | null;
  transomThickness: number | null;
  /** Each panel's own frame (casement), from IfcWindowPanelProperties. */
  frameThickness: number | null;
  /** IfcWindowTypePartitioningEnum (IFC4) or IfcWindowStyleOperationEnum (IFC2x3): how panels are laid out. */
  partitioning: string | null;
}

/** Mullions (vertical bars) and transoms (horizontal) between the panels of each layout. */
const DIVISIONS: Record<string, [mullions: number, transoms: number]> = {
  SINGLE_PANEL: [0, 0],
  DOUBLE_PANEL_VERTICAL: [1, 0],
  DOUBLE_PANEL_HORIZONTAL: [0, 1],
  TRIPLE_PANEL_VERTICAL: [2, 0],
  TRIPLE_PANEL_HORIZONTAL: [0, 2],
  // Three panels, one of them across two: one mullion and one transom, each over part of the window;
  // counted here over the whole (a little more frame than there is).
  TRIPLE_PANEL_BOTTOM: [1, 1],
  TRIPLE_PANEL_TOP: [1, 1],
  TRIPLE_PANEL_LEFT: [1, 1],
  TRIPLE_PANEL_RIGHT: [1, 1],
};

/**
 * 1 − glass / opening, the glass being what the lining, the mullions and transoms and each panel's frame
 * leave of the window's overall width and height. Null when the file gives no frame at all (every
 * thickness absent or zero, as some exporters write the entity empty), or sizes that leave no glass.
 */
export function frameRatioFromLining(l: WindowLining): number | null {
  const W = l.overallWidth,
    H = l.overallHeight;
  if (!(W > 0 && H > 0)) return null;
  const t = (v: number | null): number => (v !== null && Number.isFinite(v) && v > 0 ? v : 0);
  const lining = t(l.liningThickness),
    frame = t(l.frameThickness);
  const [m, n] = DIVISIONS[l.partitioning ?? ''] ?? [0, 0];
  const mullion = m ? t(l.mullionThickness) : 0,
    transom = n ? t(l.transomThickness) : 0;
  if (lining + frame + mullion + transom === 0) return null;
  const glassW = W - 2 * lining - m * mullion - (m + 1) * 2 * frame;
  const glassH = H - 2 * lining - n * transom - (n + 1) * 2 * frame;
  if (glassW <= 0 || glassH <= 0) return null;
  return 1 - (glassW * glassH) / (W * H);
}
