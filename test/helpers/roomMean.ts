/** A room map's mean DF over the cells inside the room (the engine's result, or any grid and its mask). */
export function roomMean(r: { df: { data: ArrayLike<number> }; mask: { data: ArrayLike<number> } }): number {
  let s = 0,
    n = 0;
  for (let i = 0; i < r.df.data.length; i++)
    if (r.mask.data[i]) {
      s += r.df.data[i]!;
      n++;
    }
  return s / n;
}
