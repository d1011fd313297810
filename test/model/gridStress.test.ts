import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STRESS_CLASSES } from '../../src/datagen/stressProfiles';
import { gridSummary, labelGridRoom, readGridClass, STRESS_GRID_DIRS } from '../../src/evaluation/gridStress';
import { roomDigest, stressRoom } from '../../src/evaluation/stressSuite';

/**
 * The stress classes labelled on /run's grid (test/fixtures/stress-grid, docs/model.md): every committed
 * draw, folder k<first> holding rooms first … first + 39 of every class (evaluate's defaults among them).
 */
const ROOT = 'test/fixtures/stress-grid';
// A draw still being labelled here (`npm run stress` makes its folder first and writes each class's file at
// the end) is not one yet: counted, it failed this test beside a running draw. A committed draw that lacks a
// class is then missing from the count below.
const DRAWS = readdirSync(ROOT)
  .filter((d) => /^k\d+$/.test(d) && STRESS_CLASSES.every((c) => existsSync(join(ROOT, d, `${c}.json.gz`))))
  .map((d) => ({ dir: join(ROOT, d), first: Number(d.slice(1)) }));

describe('the stress classes on /run’s grid', () => {
  it('hold 40 rooms a class in each draw, each still the room the sampler draws', () => {
    expect(DRAWS.length).toBe(141);
    for (const dir of STRESS_GRID_DIRS) expect(DRAWS.map((d) => d.dir)).toContain(dir);
    const unlit: string[] = [];
    for (const { dir, first } of DRAWS)
      for (const cls of STRESS_CLASSES) {
        const f = readGridClass(dir, cls)!;
        expect(f.quality).toBe('standard');
        expect(f.rooms.map((r) => r.k)).toEqual(Array.from({ length: 40 }, (_, i) => first + i));
        for (const r of f.rooms) expect(roomDigest(stressRoom(cls, r.k)), `${cls} #${r.k}`).toBe(r.digest);
        expect(f.rooms.every((r) => r.cells > 0)).toBe(true);
        for (const r of f.rooms) if (!(r.mean > 0)) unlit.push(`${cls} #${r.k} ${r.mean}`);
      }
    // Every room lit but twenty-seven: k50000–k57000 add balcony-thick #50005 and non-rect #53038 (C-shaped),
    // k58000–k61000 none, k62000–k63000 reflectance-ends #62010 and dense-far #63015, k64000–k69000 none,
    // k70000–k71000 non-rect #70000, k72000–k73000 none, k74000–k75000 balcony-thick #75007 and
    // reflectance-ends #75034 (each window opens into a gap its walls close: walled up, as below),
    // k76000–k77000 none, k78000–k79000 non-rect #79032 (C-shaped, as below: a slot 1.04 m wide between walls
    // 0.48 m thick), k80000–k81000 non-rect #80012 (its window in a notch 0.80 m wide that two walls 0.45 m
    // thick close: walled up, as below), k82000–k83000 dense-near #82031 (a U-shaped outline both of whose
    // windows face into its notch, 0.61 m wide between walls 0.45 m thick: walled up), k84000–k113000 none,
    // k114000 open-ground #114031 (a U-shaped outline whose window opens into its notch, 0.74 m wide between
    // walls 0.40 m thick: walled up), k115000–k122000 none, k123000 dense-far #123000 (a U-shaped outline
    // whose window opens into its notch, 0.53 m wide between walls 0.47 m thick: walled up), k124000–k126000
    // none, k127000 balcony-thick #127002 (the same: a notch 0.53 m wide between walls 0.48 m thick),
    // k128000–k136000 none, k137000 angles-only #137013 (a C-shaped outline whose window faces its own
    // wall across a notch 1.06 m wide between walls 0.50 m thick: a 6 cm slot, read −0.015 % DF as #79032 below), k138000–k143000 none, k144000 reflectance-ends #144026 (a U-shaped outline whose window opens into its notch, 0.57 m wide between walls 0.38 m thick: walled up), k145000–k148000 none. Of the first fourteen, seven open a window into a gap between two of their own walls that the walls' thickness
    // closes (bodyOutline.ts): the engine gives them no light at all, the window being walled up (non-rect
    // #24018 read 0 before too). Seven C-shaped rooms' windows face a wall across a slot the walls all but
    // close (the engine's unbiased exterior estimate reads their nothing a hair either side of 0: #79032
    // −0.015, −0.017 and +0.029 % DF with three seeds, every cell of the room the same sign), and one
    // multi-facade room's mean the engine finds 0.
    expect(unlit.sort()).toEqual([
      'angles-only #137013 -0.0151',
      'balcony-thick #127002 0',
      'balcony-thick #16028 0',
      'balcony-thick #32021 -0.0002',
      'balcony-thick #33026 0',
      'balcony-thick #47011 -0.0007',
      'balcony-thick #48011 0',
      'balcony-thick #50005 -0.0001',
      'balcony-thick #75007 0',
      'dense-far #123000 0',
      'dense-far #14021 0',
      'dense-far #49005 0',
      'dense-far #63015 0',
      'dense-near #40026 0',
      'dense-near #82031 0',
      'multi-facade #38030 0',
      'non-rect #23026 -0.0004',
      'non-rect #24018 0',
      'non-rect #27031 -0.0017',
      'non-rect #44024 -0.0052',
      'non-rect #53038 0',
      'non-rect #70000 0',
      'non-rect #79032 -0.015',
      'non-rect #80012 0',
      'open-ground #114031 0',
      'reflectance-ends #144026 0',
      'reflectance-ends #26016 -0.0002',
      'reflectance-ends #62010 0',
      'reflectance-ends #75034 0',
    ]);
  });

  it('stores the engine at standard quality on the grid: a room labelled again gives the stored mean', () => {
    const stored = readGridClass(STRESS_GRID_DIRS[0]!, 'street-canyon')!.rooms[0]!;
    expect(labelGridRoom('street-canyon', stored.k)).toEqual(stored);
  }, 60_000);

  it('counts a class’s rooms within 5 %, its worst lit room and its mean |error|', () => {
    const s = gridSummary([
      { cls: 'deep', k: 0, meanTruth: 1, meanPred: 1.04, meanError: 0.04 },
      { cls: 'deep', k: 1, meanTruth: 0.2, meanPred: 0.1, meanError: -0.5 },
      { cls: 'deep', k: 2, meanTruth: 2, meanPred: 2.2, meanError: 0.1 },
      // Unlit by the engine (non-rect #24018, #23026 of the committed draws): not within 5 %, no error.
      { cls: 'deep', k: 3, meanTruth: 0, meanPred: 0, meanError: NaN },
      { cls: 'deep', k: 4, meanTruth: -0.0004, meanPred: 0, meanError: -1 },
    ]);
    expect(s.classes).toEqual([
      {
        cls: 'deep',
        rooms: 5,
        within5: 1,
        worstLit: 0.1,
        meanAbs: expect.closeTo(0.64 / 3, 9),
        bias: expect.closeTo(-0.36 / 3, 9),
      },
    ]);
  });
});
