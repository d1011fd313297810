/**
 * A DF grid carried a few cells past the room, for drawing clipped to the exact outline.
 *
 * The grid's mask holds the cells whose centres lie in the room, so along a slanted or curved wall its
 * edge is a staircase: cells half inside the room are missing, cells half outside stick out. Drawn
 * clipped to the outline (plan, 3D floor, report), the ones sticking out are cut; the missing ones are
 * filled here, each ring of cells taking the mean of its filled neighbours in the ring before. Only the
 * picture uses this: statistics and exports read the answer's own cells.
 */
export function extendPastEdge(
  df: Float32Array,
  mask: Uint8Array,
  rows: number,
  cols: number,
  rings = 2,
): { df: Float32Array; mask: Uint8Array } {
  let value = Float32Array.from(df);
  let known = Uint8Array.from(mask);
  for (let ring = 0; ring < rings; ring++) {
    const nextValue = Float32Array.from(value);
    const nextKnown = Uint8Array.from(known);
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        if (known[i]) continue;
        let sum = 0,
          n = 0;
        for (let dr = -1; dr <= 1; dr++)
          for (let dc = -1; dc <= 1; dc++) {
            const rr = r + dr,
              cc = c + dc;
            if (rr < 0 || cc < 0 || rr >= rows || cc >= cols) continue;
            const j = rr * cols + cc;
            if (known[j]) {
              sum += value[j]!;
              n++;
            }
          }
        if (n > 0) {
          nextValue[i] = sum / n;
          nextKnown[i] = 1;
        }
      }
    value = nextValue;
    known = nextKnown;
  }
  return { df: value, mask: known };
}

/**
 * The grid at `factor` times its resolution, bilinear between cell centres (over the known cells only):
 * a report draws a smooth map rather than 10 cm squares. Unknown where no neighbouring cell is known.
 */
export function upsample(
  df: Float32Array,
  mask: Uint8Array,
  rows: number,
  cols: number,
  factor: number,
): { df: Float32Array; mask: Uint8Array; rows: number; cols: number } {
  const R = rows * factor,
    C = cols * factor;
  const out = new Float32Array(R * C);
  const known = new Uint8Array(R * C);
  for (let r = 0; r < R; r++) {
    // The sample's position in cell-centre coordinates.
    const y = (r + 0.5) / factor - 0.5;
    const r0 = Math.floor(y),
      fy = y - r0;
    for (let c = 0; c < C; c++) {
      const x = (c + 0.5) / factor - 0.5;
      const c0 = Math.floor(x),
        fx = x - c0;
      let sum = 0,
        weight = 0;
      for (let dr = 0; dr < 2; dr++)
        for (let dc = 0; dc < 2; dc++) {
          const rr = r0 + dr,
            cc = c0 + dc;
          if (rr < 0 || cc < 0 || rr >= rows || cc >= cols || !mask[rr * cols + cc]) continue;
          const w = (dr ? fy : 1 - fy) * (dc ? fx : 1 - fx);
          sum += w * df[rr * cols + cc]!;
          weight += w;
        }
      if (weight > 1e-9) {
        out[r * C + c] = sum / weight;
        known[r * C + c] = 1;
      }
    }
  }
  return { df: out, mask: known, rows: R, cols: C };
}
