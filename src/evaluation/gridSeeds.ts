/**
 * `npm run grid-seeds -- --card <card> [--stress-grid test/fixtures/stress-grid/k68000,…] [--solve-seeds 1,2,3]
 * [--out a.json] [--against b.json,…] [--from a.json,…]`
 *
 * The stress rooms on `/run`'s grid (gridStress.ts) with the model's coarse solve drawn from several seeds.
 * A room's answer moves with the solve's random streams (roomTerms.ts SolveOptions.seed): on 960 rooms of
 * k62000–k63000 the shipped card put 945, 950 and 947 within 5 % of the engine with seeds 1, 2 and 3, and
 * street-canyon 78, 80 and 77 of 80 — as much as two cards' counts differed by in the rules that chose
 * between them (docs/model.md, "The solve's own noise in a rule's counts"). So a rule reads each card's
 * counts averaged over the seeds: what it would give a room drawn at random, of which seed 1 (what `/run`
 * answers with) is one draw. `--out` keeps every seed's rooms; `--against` prints another card's files beside
 * this one's, class by class, and the rooms that cross the 5 % line on average; `--from` reads such files (one
 * card's, of other draws each) instead of evaluating, their rooms put together. The dark rooms' figures the
 * last rules read (darkSummary) and, against another card, the rooms it changes are printed after the classes.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadModel } from '../service/model/runtime';
import { SHIPPED_CARD } from '../core/model/shipped';
import { evaluateGrid, gridSummary, STRESS_GRID_DIRS, type GridRoomResult } from './gridStress';
import { medianOfSorted } from '../core/stats/roomStats';

export interface SeedRuns {
  card: string;
  /** Each seed's rooms, in evaluateGrid's order. */
  seeds: Record<string, GridRoomResult[]>;
}

/** Within this relative error a room counts (issue 15's 5 %). */
const WITHIN = 0.05;

/**
 * Per class and pooled: rooms within 5 % averaged over the seeds, and each seed's; the mean |error| over
 * the rooms with truth ≥ 0.01 % DF averaged over the seeds; the worst lit room of seed 1 (what `/run` answers).
 */
export function seedSummary(runs: SeedRuns) {
  const seeds = Object.keys(runs.seeds);
  const sums = seeds.map((s) => gridSummary(runs.seeds[s]!));
  const meanAbs01 = (rs: readonly GridRoomResult[]) => {
    const m = rs.filter((r) => r.meanTruth >= 0.01);
    return m.reduce((a, r) => a + Math.abs(r.meanError), 0) / m.length;
  };
  const firstSeed = seedOne(runs);
  const first = runs.seeds[firstSeed]!;
  const firstSummary = sums[seeds.indexOf(firstSeed)]!;
  // A class's (or, for 'all', every room's) part of a summary and of a seed's rooms.
  const of = (s: ReturnType<typeof gridSummary>, cls: string) =>
    cls === 'all' ? s.all : s.classes.find((c) => c.cls === cls)!;
  const inClass = (rs: readonly GridRoomResult[], cls: string) =>
    cls === 'all' ? rs : rs.filter((r) => r.cls === cls);
  const line = (cls: string) => {
    const per = sums.map((s) => of(s, cls).within5);
    return {
      cls,
      rooms: of(firstSummary, cls).rooms,
      within5: per.reduce((a, b) => a + b, 0) / per.length,
      perSeed: per,
      meanAbs01: seeds.reduce((a, s) => a + meanAbs01(inClass(runs.seeds[s]!, cls)), 0) / seeds.length,
      worstLit: of(firstSummary, cls).worstLit,
      unlit: inClass(first, cls).filter((r) => !(r.meanTruth > 0)).length,
    };
  };
  return { seeds, classes: firstSummary.classes.map((c) => line(c.cls)), all: line('all') };
}

/** The seed whose rooms a rule's single-seed figures read: 1 (what `/run` answers with), else the first given. */
const seedOne = (runs: SeedRuns): string => ('1' in runs.seeds ? '1' : Object.keys(runs.seeds)[0]!);

/**
 * The dark rooms of the last rules' clauses (docs/model.md): truth from 0.01 (inclusive) to 0.1 % DF — the
 * darkest band, not the 0.3 % DF line below which `/run` calls a room dark (errorBand.ts DARK_LINE).
 */
export const DARK_BAND = [0.01, 0.1] as const;

/**
 * What the rules for dark-room cures read, pooled over the classes: the rooms of DARK_BAND within 5 %
 * averaged over the seeds, their median and mean |error| (median seed 1's, mean averaged), and seed 1's worst
 * room at or above the band's top, where two engine seeds agree (docs/model.md "F2 judged again").
 */
export function darkSummary(runs: SeedRuns) {
  const seeds = Object.keys(runs.seeds);
  const [lo, hi] = DARK_BAND;
  const inBand = (rs: readonly GridRoomResult[]) => rs.filter((r) => r.meanTruth >= lo && r.meanTruth < hi);
  const first = runs.seeds[seedOne(runs)]!;
  const errors = inBand(first)
    .map((r) => Math.abs(r.meanError))
    .sort((a, b) => a - b);
  const avg = (f: (rs: readonly GridRoomResult[]) => number) =>
    seeds.reduce((a, s) => a + f(runs.seeds[s]!), 0) / seeds.length;
  const above = first.filter((r) => r.meanTruth >= hi).map((r) => Math.abs(r.meanError));
  return {
    rooms: errors.length,
    within5: avg((rs) => inBand(rs).filter((r) => Math.abs(r.meanError) <= WITHIN).length),
    median: medianOfSorted(errors),
    meanAbs: avg((rs) => {
      const b = inBand(rs);
      return b.reduce((a, r) => a + Math.abs(r.meanError), 0) / b.length;
    }),
    worstAbove: Math.max(...above),
  };
}

/** The rooms whose seed-1 answer differs between two cards' runs of the same draws (a rule's "changes"). */
export function changedRooms(a: SeedRuns, b: SeedRuns): number {
  const seed = (r: SeedRuns) => r.seeds[seedOne(r)]!;
  const before = new Map(seed(b).map((r) => [`${r.cls}#${r.k}`, r.meanPred]));
  return seed(a).filter((r) => before.get(`${r.cls}#${r.k}`) !== r.meanPred).length;
}

/** Each room's error averaged over the seeds, keyed `class#k`. */
export function meanErrors(runs: SeedRuns): Map<string, { truth: number; error: number }> {
  const out = new Map<string, { truth: number; error: number }>();
  const seeds = Object.values(runs.seeds);
  for (const [i, r] of seeds[0]!.entries()) {
    if (!(r.meanTruth > 0)) continue;
    const e = seeds.reduce((a, rs) => a + rs[i]!.meanError, 0) / seeds.length;
    out.set(`${r.cls}#${r.k}`, { truth: r.meanTruth, error: e });
  }
  return out;
}

/** One card's runs on several draws as one (the same seeds in each). */
export function joinRuns(parts: readonly SeedRuns[]): SeedRuns {
  const seeds = Object.keys(parts[0]!.seeds);
  for (const p of parts)
    if (p.card !== parts[0]!.card || Object.keys(p.seeds).join() !== seeds.join())
      throw new Error(`${p.card}: another card or other seeds than ${parts[0]!.card}'s`);
  return {
    card: parts[0]!.card,
    seeds: Object.fromEntries(seeds.map((s) => [s, parts.flatMap((p) => p.seeds[s]!)])),
  };
}

const readRuns = (file: string): SeedRuns => JSON.parse(readFileSync(file, 'utf8')) as SeedRuns;

async function evaluateSeeds(o: {
  card: string;
  'stress-grid': string;
  'solve-seeds': string;
}): Promise<SeedRuns> {
  const model = await loadModel(o.card);
  const dirs = o['stress-grid'].split(',');
  const runs: SeedRuns = { card: o.card, seeds: {} };
  for (const seed of o['solve-seeds'].split(',').map(Number)) {
    const t0 = Date.now();
    runs.seeds[String(seed)] = await evaluateGrid({ ...model, solveSeed: seed }, dirs);
    console.log(`seed ${seed}: ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  return runs;
}

const pct = (v: number, d = 1): string => `${(100 * v).toFixed(d)} %`;
const darkLine = (d: ReturnType<typeof darkSummary>): string =>
  `  dark ${DARK_BAND.join('–')} % DF  ${d.within5.toFixed(2)} of ${d.rooms} within 5 %  median |error| ` +
  `${pct(d.median, 3)} (seed 1)  mean |error| ${pct(d.meanAbs, 3)}  worst from ${DARK_BAND[1]} % DF ${pct(d.worstAbove)} (seed 1)`;
const summaryLine = (c: ReturnType<typeof seedSummary>['all']): string =>
  `  ${c.cls.padEnd(17)} ${c.within5.toFixed(2).padStart(7)} of ${String(c.rooms).padEnd(4)} within 5 % ` +
  `(seeds ${c.perSeed.join(', ')})  mean |error| ${pct(c.meanAbs01, 3)}  worst lit (seed 1) ${pct(c.worstLit)}`;

async function main(): Promise<void> {
  const { values: o } = parseArgs({
    options: {
      card: { type: 'string', default: `public/models/${SHIPPED_CARD}` },
      'stress-grid': {
        type: 'string',
        default: STRESS_GRID_DIRS.join(','),
      },
      'solve-seeds': { type: 'string', default: '1,2,3' },
      out: { type: 'string' },
      against: { type: 'string' },
      from: { type: 'string' },
    },
  });
  const runs = o.from ? joinRuns(o.from.split(',').map(readRuns)) : await evaluateSeeds(o);
  if (o.out) writeFileSync(o.out, JSON.stringify(runs) + '\n');
  const mine = seedSummary(runs);
  const other = o.against ? joinRuns(o.against.split(',').map(readRuns)) : null;
  const theirs = other ? seedSummary(other) : null;
  console.log(`${runs.card} on ${o.from ?? o['stress-grid']}, the solve's seeds ${mine.seeds.join(', ')}:`);
  for (const [i, c] of [...mine.classes, mine.all].entries()) {
    console.log(summaryLine(c));
    const t = theirs ? [...theirs.classes, theirs.all][i] : undefined;
    if (t) console.log(`    against ${summaryLine(t).trim()}`);
  }
  console.log(darkLine(darkSummary(runs)));
  if (other) console.log(`    against ${darkLine(darkSummary(other)).trim()}`);
  if (!other) return;
  console.log(`rooms whose seed-1 answer differs from ${other.card}'s: ${changedRooms(runs, other)}`);
  console.log(
    `rooms whose error averaged over the seeds crosses the 5 % line (${other.card} → ${runs.card}):`,
  );
  const a = meanErrors(other);
  for (const [key, b] of meanErrors(runs)) {
    const was = a.get(key);
    if (!was || Math.abs(was.error) <= WITHIN === Math.abs(b.error) <= WITHIN) continue;
    console.log(`  ${key} truth ${b.truth.toFixed(4)} % DF: ${pct(was.error)} → ${pct(b.error)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
