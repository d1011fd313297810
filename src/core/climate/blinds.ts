/**
 * LM-83's operable blinds (IES LM-83-12 §2.2.6–2.2.7): every exterior window is assumed to have blinds,
 * operated hour by hour per window group (the room's windows on one façade), so that sDA counts only the
 * daylight an occupant would keep once the sun got in the way.
 *
 * Series are hour-major, H × S: hour h, sensor s at h * S + s, in lux on the work plane.
 */

/** A group of a room's windows (one façade) whose blinds open and close together. */
export interface WindowGroup {
  id: string;
  /** Lux from this group's direct sun alone, blinds open (no reflections: LM-83's "direct sun"). */
  directSun: Float32Array;
  /** Lux from this group with its blinds open: sun and sky, all reflections. Part of the room's total. */
  total: Float32Array;
  /** Lux from this group with its blinds closed; when absent, (total − directSun) × the rule's transmittance. */
  closed?: Float32Array;
}

export interface BlindRule {
  /** A sensor is in direct sun from this many lux up (LM-83: "1,000 lux or more of direct beam sunlight"). */
  lux: number;
  /** A group's blinds close in an hour when more than this share (%) of the sensors is in its direct sun. */
  share: number;
  /** Share of a group's diffuse light that passes its closed blinds, where no closed series is given. */
  transmittance: number;
}

/**
 * LM-83-12's rule: blinds close whenever more than 2 % of the analysis points receive direct sun of
 * 1000 lx or more; closed white louvre blinds (reflectance > 80 %) pass 20 % of the light, diffused
 * (§2.2.7; fabric shades of unknown transmittance: 5 %).
 */
export const LM83_BLINDS: BlindRule = { lux: 1000, share: 2, transmittance: 0.2 };

export interface BlindOperation {
  /** H × S: the room's illuminance with every group's blinds as operated. */
  illuminance: Float32Array;
  /** H × G (hour-major): 1 where group g's blinds are closed in hour h. */
  closed: Uint8Array;
}

/**
 * Operates each group's blinds hour by hour: a group closes when more than `rule.share` % of the sensors
 * get at least `rule.lux` of direct sun *from that group*, and its contribution to the room's light is
 * replaced by its blinds-closed contribution. Light adds, so the other groups' light stays as it is.
 *
 * LM-83 lets groups close "in any combination" until the whole area meets the 2 % criterion; judging each
 * group by its own sun is the same whenever one façade is sunlit at a time, and never closes a group the
 * sun does not reach. It differs only when two façades each light 2 % or less but together more.
 */
export function operateBlinds(
  illuminance: Float32Array,
  sensors: number,
  groups: readonly WindowGroup[],
  rule: BlindRule = LM83_BLINDS,
): BlindOperation {
  const closed = blindSchedule(sensors, illuminance.length / sensors, groups, rule);
  const out = new Float32Array(illuminance);
  for (let h = 0; h < closed.length / groups.length; h++)
    if (closedIn(closed, h, groups.length))
      withBlinds(illuminance, sensors, groups, closed, h, rule, out, h * sensors);
  return { illuminance: out, closed };
}

/** H × G (hour-major): 1 where group g's blinds close in hour h, by `rule` (operateBlinds). */
export function blindSchedule(
  sensors: number,
  hours: number,
  groups: readonly WindowGroup[],
  rule: BlindRule = LM83_BLINDS,
): Uint8Array {
  const closed = new Uint8Array(hours * groups.length);
  for (let h = 0; h < hours; h++) {
    const row = h * sensors;
    for (let g = 0; g < groups.length; g++) {
      const sun = groups[g]!.directSun;
      let lit = 0;
      for (let s = 0; s < sensors; s++) if (sun[row + s]! >= rule.lux) lit++;
      // Counts, not a rounded share: with 100 sensors, 2 in the sun leave the blinds open, 3 close them.
      if (lit * 100 > rule.share * sensors) closed[h * groups.length + g] = 1;
    }
  }
  return closed;
}

/** Whether any group's blinds are closed in hour h. */
export function closedIn(closed: Uint8Array, h: number, groupCount: number): boolean {
  for (let g = 0; g < groupCount; g++) if (closed[h * groupCount + g]) return true;
  return false;
}

/**
 * Hour h's illuminance with the blinds as `closed` has them, written to out[at … at + sensors): each
 * closed group's light swapped for what passes its blinds; light adds, so the others' stays as it is.
 */
export function withBlinds(
  illuminance: Float32Array,
  sensors: number,
  groups: readonly WindowGroup[],
  closed: Uint8Array,
  h: number,
  rule: BlindRule,
  out: Float32Array,
  at: number,
): void {
  const row = h * sensors;
  for (let s = 0; s < sensors; s++) out[at + s] = illuminance[row + s]!;
  for (let g = 0; g < groups.length; g++) {
    if (!closed[h * groups.length + g]) continue;
    const { directSun, total, closed: shut } = groups[g]!;
    for (let s = 0; s < sensors; s++) {
      const i = row + s;
      const behind = shut ? shut[i]! : rule.transmittance * Math.max(0, total[i]! - directSun[i]!);
      out[at + s] = out[at + s]! - total[i]! + behind;
    }
  }
  // Float32 sums need not cancel exactly; a room is never darker than dark.
  for (let s = 0; s < sensors; s++) if (out[at + s]! < 0) out[at + s] = 0;
}
