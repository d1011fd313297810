import { TERRAIN, type ExteriorHit } from './exteriorHit';
import { hashString } from './random';

const INITIAL_SLOTS = 1 << 10;

/**
 * A map from exterior cache cells (`cacheKey`: a triangle's face or the terrain, and a cube of the grid of
 * one cell size) to what was computed there. Looked up once per exterior ray that meets something, so it
 * keys the cell by its numbers in an open-addressing table of typed arrays: building the key's string per
 * lookup (number formatting, string hashing, garbage) cost about a tenth of a room among a building's mesh.
 * The string still seeds a cell's rays (hashKey), built once per new cell rather than once per lookup.
 * A cell whose numbers are not all int32 (coordinates far beyond any building) is kept under its string,
 * as before. Two cells share an entry exactly when their `cacheKey` strings are equal: the table compares
 * every number of the key, and a cell is in the table or among the strings by its key alone.
 */
export class CellMap<V> {
  /** Per slot: the triangle (-1 for the terrain), its side, and the cell's three grid indices. */
  private keys = new Int32Array(5 * INITIAL_SLOTS);
  /** Per slot: the cell size, 0 for an empty slot (sizes are > 0). */
  private cells = new Float64Array(INITIAL_SLOTS);
  private values: (V | undefined)[] = new Array<V | undefined>(INITIAL_SLOTS).fill(undefined);
  private used = 0;
  private readonly strays = new Map<string, V>();
  /** The key `find` last looked for. */
  private tri = 0;
  private side = 0;
  private ix = 0;
  private iy = 0;
  private iz = 0;

  get size(): number {
    return this.used + this.strays.size;
  }

  get(h: ExteriorHit, cell: number): V | undefined {
    const s = this.find(h, cell);
    if (s < 0) return this.strays.get(cacheKey(h, cell));
    return this.values[s];
  }

  set(h: ExteriorHit, cell: number, v: V): void {
    const s = this.find(h, cell);
    if (s < 0) {
      this.strays.set(cacheKey(h, cell), v);
      return;
    }
    if (this.cells[s] === 0) {
      this.claim(s, cell);
      this.values[s] = v;
      if (++this.used * 2 > this.cells.length) this.grow();
    } else this.values[s] = v;
  }

  /** The slot holding the cell of h, or the empty slot where it would go; -1 for a cell kept as a string. */
  private find(h: ExteriorHit, cell: number): number {
    // The same numbers as cacheKey: the terrain's cells have no side and no height.
    const terrain = h.kind === TERRAIN;
    const tri = terrain ? -1 : h.tri;
    const side = terrain ? 0 : h.side;
    const ix = Math.floor(h.x / cell);
    const iy = Math.floor(h.y / cell);
    const iz = terrain ? 0 : Math.floor(h.z / cell);
    if (
      !(cell > 0) ||
      (tri | 0) !== tri ||
      (!terrain && tri < 0) ||
      (side | 0) !== side ||
      (ix | 0) !== ix ||
      (iy | 0) !== iy ||
      (iz | 0) !== iz
    )
      return -1;
    this.tri = tri;
    this.side = side;
    this.ix = ix;
    this.iy = iy;
    this.iz = iz;
    return this.probe(cell);
  }

  /** The slot of the key in tri, side, ix, iy, iz and cell, or the empty slot where it would go. */
  private probe(cell: number): number {
    const { tri, side, ix, iy, iz, keys, cells } = this;
    const mask = cells.length - 1;
    let hash = Math.imul(tri ^ (side << 30), 0x9e3779b1);
    hash = Math.imul(hash ^ ix, 0x85ebca6b);
    hash = Math.imul(hash ^ iy, 0xc2b2ae35);
    hash = Math.imul(hash ^ iz, 0x27d4eb2f);
    hash = Math.imul(hash ^ Math.floor(cell * 1024), 0x165667b1);
    let s = (hash ^ (hash >>> 15)) & mask;
    for (; cells[s] !== 0; s = (s + 1) & mask) {
      const o = s * 5;
      if (
        cells[s] === cell &&
        keys[o] === tri &&
        keys[o + 1] === side &&
        keys[o + 2] === ix &&
        keys[o + 3] === iy &&
        keys[o + 4] === iz
      )
        return s;
    }
    return s;
  }

  /** Writes the key `find` last looked for into slot s. */
  private claim(s: number, cell: number): void {
    const o = s * 5;
    this.cells[s] = cell;
    this.keys[o] = this.tri;
    this.keys[o + 1] = this.side;
    this.keys[o + 2] = this.ix;
    this.keys[o + 3] = this.iy;
    this.keys[o + 4] = this.iz;
  }

  /** Doubles the table (kept at most half full, so that probe runs stay short) and re-inserts every cell. */
  private grow(): void {
    const { keys, cells, values } = this;
    const n = cells.length * 2;
    this.keys = new Int32Array(5 * n);
    this.cells = new Float64Array(n);
    this.values = new Array<V | undefined>(n).fill(undefined);
    for (let s = 0; s < cells.length; s++) {
      if (cells[s] === 0) continue;
      const o = s * 5;
      this.tri = keys[o]!;
      this.side = keys[o + 1]!;
      this.ix = keys[o + 2]!;
      this.iy = keys[o + 3]!;
      this.iz = keys[o + 4]!;
      const t = this.probe(cells[s]!);
      this.claim(t, cells[s]!);
      this.values[t] = values[s];
    }
  }
}

/** The cache cell of a hit point (per triangle face, or the terrain) at a cell size. */
export function cacheKey(h: ExteriorHit, cell: number): string {
  const ix = Math.floor(h.x / cell);
  const iy = Math.floor(h.y / cell);
  if (h.kind === TERRAIN) return `g${cell}:${ix}:${iy}`;
  const iz = Math.floor(h.z / cell);
  // The side matters: the two faces of a double-sided triangle see different hemispheres.
  return `t${h.tri}:${h.side}:${cell}:${ix}:${iy}:${iz}`;
}

/** FNV-1a of a cache key (random.ts hashString): the seed of that cell's rays. */
export const hashKey = hashString;
