import { describe, expect, it } from 'vitest';
import { buildingReportHtml } from '../../src/core/report/buildingReport';
import { DEFAULT_COMPLIANCE } from '../../src/core/stats/verdicts';
import { NO_PROJECT, type ProjectInfo } from '../../src/core/report/project';

const report = (enTarget: number, enMinimum: number, project?: ProjectInfo) =>
  buildingReportHtml({
    file: 'x.ifc',
    building: {
      schema: 'IFC4',
      storeys: [],
      rooms: [],
      unplaced: [],
      opaqueDoors: [],
      north: 0,
      northFromFile: false,
      terrainZ: 0,
      origin: [0, 0],
    } as never,
    triangles: 0,
    results: [],
    method: 'm',
    validation: 'v',
    stamp: '2026-01-01',
    thresholds: { ...DEFAULT_COMPLIANCE, enTarget, enMinimum },
    ...(project ? { project } : {}),
  });

describe('the building report’s method', () => {
  it('states EN 17037’s factors as the rooms were judged by them, never rounded', () => {
    // A target of 1.86 % read "DF ≥ 1.9 %" while every verdict compared with 1.86.
    expect(report(1.86, 0.62)).toContain(
      'DF ≥ 1.86 % over 50 % of the area (target; over 95 % in a room lit by rooflights alone)\nand DF ≥ 0.62 % over 95 %',
    );
    expect(report(2.04, 0.7)).toContain('DF ≥ 2.04 % over 50 % of the area');
    expect(report(2, 0.7)).toContain(
      'DF ≥ 2.0 % over 50 % of the area (target; over 95 % in a room lit by rooflights alone)\nand DF ≥ 0.7 % over 95 %',
    );
  });
});

const duplex: ProjectInfo = {
  ...NO_PROJECT,
  name: 'Duplex "A"',
  site: 'Lot 7 </style>',
  author: 'E. Arch',
  stage: 'Building permit',
};

describe('the building report’s sign-off', () => {
  /** The sign-off's rows: each cell's text, a line to write on as "___". */
  const rows = (html: string): string[][] => {
    const table = /data-stat="signoff">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)![1]!;
    return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((m) =>
      [...m[1]!.matchAll(/<td([^>]*)>([^<]*)<\/td>/g)].map((c) => (c[1]!.includes('blank') ? '___' : c[2]!)),
    );
  };

  it('leaves a place for the preparer’s and the checker’s name, signature and date', () => {
    // Before 2026-12-07 the report said who prepared it, with nowhere to sign or date it.
    expect(rows(report(2, 0.7, duplex))).toEqual([
      ['Prepared by', 'E. Arch', '___', '___'],
      ['Checked by', '___', '___', '___'],
    ]);
    // No author stated: a line for the name too.
    expect(rows(report(2, 0.7))).toEqual([
      ['Prepared by', '___', '___', '___'],
      ['Checked by', '___', '___', '___'],
    ]);
  });

  it('foots every printed page with the project, the report’s date and the page’s number of all', () => {
    // Plan pages carried no project and no page had a number: a page taken out could not be traced or cited.
    const html = report(2, 0.7, duplex);
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
    expect(style).toContain(
      '@bottom-left { content: "Duplex \\"A\\" · Lot 7 \\3C /style> · Daylight report of x.ifc · 2026-01-01";',
    );
    expect(style).toContain('@bottom-right { content: "Page " counter(page) " of " counter(pages);');
    expect(report(2, 0.7)).toContain('@bottom-left { content: "Daylight report of x.ifc · 2026-01-01";');
  });

  it('keeps a table’s row on one page and a heading with what follows it', () => {
    // The duplex's report.pdf split B101's three-line reason over pages 1 and 2, its last line alone under
    // the next page's header (before 2026-12-07; printed again with these rules by Chromium, the row moves whole).
    const style = /<style>([\s\S]*?)<\/style>/.exec(report(2, 0.7))![1]!;
    expect(style).toMatch(/\btr \{ break-inside: avoid; \}/);
    expect(style).toMatch(/\bh2 \{ break-after: avoid; \}/);
  });
});
