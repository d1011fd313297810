/** A receiver of light through an opening: patch sample points and work-plane cells alike. */
export interface Receivers {
  count: number;
  x: Float64Array;
  y: Float64Array;
  z: Float64Array;
  nx: Float64Array;
  ny: Float64Array;
  nz: Float64Array;
  /** The opening (window, then skylight) whose inside holds the receiver, else -1. */
  tunnel: Int16Array;
}
