import { GLASS, type Patches } from '../patches';

/**
 * The converged interreflection for many sources at once (one per sky channel): the patches' exitance B
 * solves B_i = ρ_i (W_i + Σ_j F_ij B_j), where a pane (glass) reflects only what the room's other surfaces
 * send it — the fixed point of radiosity.ts's order-by-order sum, which the daylight factor iterates for one
 * source. With ~150 sources a direct solve is cheaper: A = I − ρF is factored once (no pivoting: ρ < 1 and
 * each row of F sums to at most 1, so A is strictly diagonally dominant) and each channel costs two
 * triangular sweeps. Each source (a window's light) and its answer are N × P, patch-major (patch i's channels
 * at i·P …); the factorisation is shared by all sources.
 */
export function solveRadiosityBasis(
  p: Patches,
  F: Float32Array,
  sources: readonly Float64Array[],
  P: number,
): Float64Array[] {
  const N = p.count;
  const A = new Float64Array(N * N);
  for (let i = 0; i < N; i++) {
    const glass = p.kind[i] === GLASS;
    const rho = p.rho[i]!;
    const row = i * N;
    for (let j = 0; j < N; j++) {
      if (glass && p.kind[j] === GLASS) continue;
      A[row + j] = -rho * F[row + j]!;
    }
    A[row + i] = A[row + i]! + 1;
  }
  // LU in place (Doolittle): L below the diagonal (unit diagonal), U on and above it.
  for (let k = 0; k < N; k++) {
    const pivot = A[k * N + k]!;
    for (let i = k + 1; i < N; i++) {
      const ik = i * N + k;
      const m = A[ik]! / pivot;
      if (m === 0) continue;
      A[ik] = m;
      const ri = i * N,
        rk = k * N;
      for (let j = k + 1; j < N; j++) A[ri + j] = A[ri + j]! - m * A[rk + j]!;
    }
  }
  // Right-hand sides ρ ⊙ W of every source side by side (N × S·P), then forward and back substitution for
  // all of them together: the factorisation is shared.
  const S = sources.length;
  const R = S * P;
  const B = new Float64Array(N * R);
  for (let i = 0; i < N; i++) {
    const rho = p.rho[i]!;
    for (let s = 0; s < S; s++) {
      const W = sources[s]!;
      for (let c = 0; c < P; c++) B[i * R + s * P + c] = rho * W[i * P + c]!;
    }
  }
  for (let i = 1; i < N; i++) {
    const bi = i * R;
    for (let k = 0; k < i; k++) {
      const m = A[i * N + k]!;
      if (m === 0) continue;
      const bk = k * R;
      for (let c = 0; c < R; c++) B[bi + c] = B[bi + c]! - m * B[bk + c]!;
    }
  }
  for (let i = N - 1; i >= 0; i--) {
    const bi = i * R;
    for (let k = i + 1; k < N; k++) {
      const u = A[i * N + k]!;
      if (u === 0) continue;
      const bk = k * R;
      for (let c = 0; c < R; c++) B[bi + c] = B[bi + c]! - u * B[bk + c]!;
    }
    const d = A[i * N + i]!;
    for (let c = 0; c < R; c++) B[bi + c] = B[bi + c]! / d;
  }
  // Back to one N × P array per source.
  return sources.map((_, s) => {
    const out = new Float64Array(N * P);
    for (let i = 0; i < N; i++) out.set(B.subarray(i * R + s * P, i * R + s * P + P), i * P);
    return out;
  });
}
