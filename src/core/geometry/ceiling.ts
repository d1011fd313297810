/**
 * A sloped ceiling as planes z = a·x + b·y + c over the room (RoomParameters.ceiling_planes): the ceiling
 * over (x, y) is the lowest of them and of the flat top. A roof's interior is convex, so the lowest of its
 * planes is its shape.
 */
export function ceilingAt(planes: readonly (readonly number[])[], top: number, x: number, y: number): number {
  let z = top;
  for (const [a, b, c] of planes) z = Math.min(z, a! * x + b! * y + c!);
  return z;
}
