import { describe, expect, it } from 'vitest';
import { buildingReportHtml } from '../../src/core/report/buildingReport';
import { DEFAULT_COMPLIANCE } from '../../src/core/stats/verdicts';

const report = (enTarget: number, enMinimum: number) =>
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
