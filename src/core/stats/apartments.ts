/**
 * BFS 2024:8 at the level it asks for in housing: the dwelling. The areas of its habitable rooms with
 * DF ≥ the threshold are added up and compared with their total floor area (the original tool leaves this
 * sum to the user's calculator). Which rooms are habitable the file does not say; a room counts when it
 * was analysed (it has windows), and rooms of the dwelling that were not are listed, not counted: a
 * bathroom or a hall without windows is not a room for daily living. A room with windows that was not
 * analysed (its computation failed or has not finished, or no method could answer it) is a room for daily
 * living whose light is unknown: the dwelling is not judged while it is missing (`unjudged`), since
 * leaving it out of the sum would raise the share of the rooms that were.
 */
export interface ApartmentRoom {
  number: string;
  name: string;
  /** Floor area of the analysed cells (m²); null when the room was not analysed. */
  area: number | null;
  /** Of which with DF ≥ the threshold (m²). */
  compliant: number | null;
  /** Whether a window or skylight lights it; absent: unknown (a room not analysed is then taken as unlit). */
  lit?: boolean;
}

export interface ApartmentTotal {
  name: string;
  rooms: string[];
  /** Rooms of the apartment left out of the sum (not analysed), by number. */
  notCounted: string[];
  /** Of those, the rooms with windows: their light is unknown, so the apartment is not judged (pass false). */
  unjudged: string[];
  area: number;
  compliant: number;
  /** compliant / area, in %. */
  share: number;
  /** The share needed (%), and whether it is met. */
  needs: number;
  pass: boolean;
}

export function apartmentTotal(name: string, rooms: ApartmentRoom[], needsShare = 50): ApartmentTotal {
  let area = 0,
    compliant = 0;
  const counted: string[] = [],
    notCounted: string[] = [],
    unjudged: string[] = [];
  for (const r of rooms) {
    if (r.area === null || r.compliant === null) {
      notCounted.push(r.number);
      if (r.lit) unjudged.push(r.number);
      continue;
    }
    counted.push(r.number);
    area += r.area;
    compliant += r.compliant;
  }
  const share = area > 0 ? (100 * compliant) / area : 0;
  // A sum of products carries float noise: rooms at exactly 50 % sum to 49.99999999999999 (5 m² and 6.21 m²),
  // which reads "50.0 %" (roundedDown lifts it) and must pass as it reads. No real shortfall is this small.
  const reaches = share >= needsShare - 1e-9;
  return {
    name,
    rooms: counted,
    notCounted,
    unjudged,
    area,
    compliant,
    share,
    needs: needsShare,
    pass: area > 0 && unjudged.length === 0 && reaches,
  };
}

/** Groups rooms by name: each room into the groups `groupsOf` names for it (none: into none). */
export function groupRooms<T>(rooms: readonly T[], groupsOf: (r: T) => readonly string[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rooms) for (const g of groupsOf(r)) out.set(g, [...(out.get(g) ?? []), r]);
  return out;
}
