import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildingFromIfc } from '../../src/core/ifc/building';
import { buildingNorth, northText } from '../../src/core/ifc/north';
import { readIfc } from '../../src/ifc/webIfcSource';
import { stepFile, type StepBuilding } from './stepFile';

/**
 * North as offices' exports state it: the model context's TrueNorth, an IFC4 IfcMapConversion's rotation
 * (grid north), both, or neither. Each file is stepFile's or a real export, its STEP text changed.
 */
const read = async (text: string) => buildingFromIfc(await readIfc(new TextEncoder().encode(text)));

const office: StepBuilding = {
  spaces: [{ name: '101', longName: 'Office', min: [0, 0, 0], max: [5, 4, 2.7] }],
  walls: [{ min: [0, -0.3, 0], max: [5, 0, 2.7] }],
  windows: [{ name: 'W-south', wall: 0, min: [1.5, -0.3, 0.9], max: [3.5, 0, 2.2] }],
};

/** The text with an IfcMapConversion of its model context: the plan's x axis at `deg` anticlockwise from east. */
function withMapConversion(text: string, deg: number, entity = 'IFCMAPCONVERSION'): string {
  const context = /#(\d+)\s*=\s*IFCGEOMETRICREPRESENTATIONCONTEXT\(/.exec(text)![1];
  const r = (deg * Math.PI) / 180;
  const crs = `#9001=IFCPROJECTEDCRS('EPSG:3006','SWEREF99 TM',$,$,$,$,$);`;
  const scaled = entity === 'IFCMAPCONVERSIONSCALED' ? ',1.,1.,1.' : '';
  const map = `#9002=${entity}(#${context},#9001,674032.5,6580821.25,12.,${Math.cos(r).toFixed(12)},${Math.sin(r).toFixed(12)},$${scaled});`;
  const at = text.lastIndexOf('ENDSEC;');
  return `${text.slice(0, at)}${crs}\n${map}\n${text.slice(at)}`;
}

/** TrueNorth `deg` clockwise from the plan's up, as a plan direction. */
const northAt = (deg: number): [number, number] => [
  +Math.sin((deg * Math.PI) / 180).toFixed(12),
  +Math.cos((deg * Math.PI) / 180).toFixed(12),
];

describe('north from an IFC file', () => {
  it('takes the map’s grid north from an IfcMapConversion when the context states no TrueNorth', async () => {
    // The plan's x axis 30° anticlockwise from the map's easting: the map's north is 30° clockwise from the
    // plan's up (a building turned 30° left on the map sees north turned 30° right on its plan).
    const b = await read(withMapConversion(stepFile(office), 30));
    expect([b.north, b.northFromFile, b.northFrom]).toEqual([30, true, 'IfcMapConversion']);
    expect(b.notes).toEqual([
      "North: 30.0° clockwise from the plan's up, from the IfcMapConversion's rotation: the map's grid north, which differs from true north by the projection's convergence at the site (a few degrees at most); the file states no TrueNorth.",
    ]);
    // Turned the other way, and a quarter turn (abscissa 0: a test of `!abscissa` would read it as absent).
    expect((await read(withMapConversion(stepFile(office), -30))).north).toBe(330);
    expect((await read(withMapConversion(stepFile(office), 90))).north).toBe(90);
    // The rooms are the file's as before: a map conversion moves nothing in the plan.
    const plain = await read(stepFile(office));
    expect(b.rooms).toEqual(plain.rooms);
    expect([plain.north, plain.northFrom]).toEqual([0, null]);
    expect(plain.notes[0]).toMatch(/^North: the file states none/);
  });

  it('reads IFC4.3’s IfcMapConversionScaled as a map conversion', async () => {
    const text = withMapConversion(stepFile(office), 30, 'IFCMAPCONVERSIONSCALED').replace(
      "FILE_SCHEMA(('IFC4'))",
      "FILE_SCHEMA(('IFC4X3'))",
    );
    expect(text).toContain("FILE_SCHEMA(('IFC4X3'))");
    expect((await read(text)).north).toBe(30);
  });

  it('takes TrueNorth where it is the only statement', async () => {
    const b = await read(stepFile({ ...office, trueNorth: northAt(25) }));
    expect([b.north, b.northFrom]).toEqual([25, 'TrueNorth']);
    expect(b.notes).toEqual([
      "North: 25.0° clockwise from the plan's up, from the model context's TrueNorth.",
    ]);
  });

  it('takes TrueNorth where the map’s grid north confirms it within a projection’s convergence', async () => {
    // Both say 30°: they agree.
    const same = await read(withMapConversion(stepFile({ ...office, trueNorth: northAt(30) }), 30));
    expect([same.north, same.northFrom]).toEqual([30, 'TrueNorth']);
    expect(same.notes[0]).toContain("the IfcMapConversion's grid north agrees");
    // True north 2.6° from grid north (SWEREF 99 TM's convergence near Göteborg): true north is the sun's.
    const converged = await read(withMapConversion(stepFile({ ...office, trueNorth: northAt(32.6) }), 30));
    expect([converged.north, converged.northFrom]).toEqual([32.6, 'TrueNorth']);
    expect(converged.notes[0]).toContain("the IfcMapConversion's grid north (30.0°) is 2.6° from it");
  });

  it('takes the map conversion where TrueNorth disagrees with it by more than any convergence, and says so', async () => {
    // An export that writes TrueNorth as the plan's up while its survey point turns the plan 40° on the map.
    const b = await read(withMapConversion(stepFile({ ...office, trueNorth: [0, 1] }), 40));
    expect([b.north, b.northFrom]).toEqual([40, 'IfcMapConversion']);
    expect(b.notes[0]).toContain("The model context's TrueNorth says 0.0°: 40.0° apart");
    expect(b.notes[0]).toContain("Check the export's north.");
  });

  it('reads an IFC2x3 export’s TrueNorth (web-ifc gives its ratios bare): FZK-Haus turned 30°', async () => {
    // FZK-Haus (ArchiCAD 14) states TrueNorth (6.1e-17, 1): the plan's up. Before, IFC2x3's TrueNorth was
    // never read, and a turned one was taken as the plan's up too.
    const text = readFileSync('test/fixtures/ifc/fzk-haus.ifc', 'latin1');
    const as = await read(text);
    expect([as.north, as.northFromFile, as.northFrom]).toEqual([0, true, 'TrueNorth']);
    const turned = text.replace(
      '#47= IFCDIRECTION((6.1232340E-17,1.));',
      '#47= IFCDIRECTION((-0.5,0.8660254));',
    );
    expect(turned).not.toBe(text);
    const b = await read(turned);
    expect([b.north, b.northFrom]).toEqual([330, 'TrueNorth']);
    expect(b.rooms).toEqual(as.rooms);
  });

  it('reads a real IFC4 export with a map conversion added: SampleHouse4 (Revit 2015)', async () => {
    const text = readFileSync('test/fixtures/ifc/SampleHouse4.ifc', 'latin1');
    const as = await read(text);
    // Revit's TrueNorth (6.1e-17, 1) against a map turned 40°: the map conversion decides; turned 3°, the
    // TrueNorth stands (a convergence).
    const b = await read(withMapConversion(text, 40));
    expect([b.north, b.northFrom]).toEqual([40, 'IfcMapConversion']);
    expect(b.rooms).toEqual(as.rooms);
    const c = await read(withMapConversion(text, 3));
    expect([c.north, c.northFrom]).toEqual([0, 'TrueNorth']);
  });
});

describe('buildingNorth', () => {
  it('reads directions clockwise from the plan’s up, each source alone and both', () => {
    expect(buildingNorth(null, null)).toMatchObject({ north: 0, from: null });
    expect(buildingNorth([-1, 0], null)).toMatchObject({ north: 270, from: 'TrueNorth' });
    expect(buildingNorth(null, [1, 0])).toMatchObject({ north: 90, from: 'IfcMapConversion' });
    // 359° and 5° are 6° apart, not 354°: within the convergence, TrueNorth stands.
    expect(buildingNorth(northAt(359), northAt(5))).toMatchObject({ north: 359, from: 'TrueNorth' });
    expect(buildingNorth(northAt(0), northAt(10.5))).toMatchObject({ north: 10.5, from: 'IfcMapConversion' });
  });

  it('writes a north just short of 360° as 0.0°, not 360.0°', () => {
    expect(northText(359.96)).toBe('0.0°');
    expect(northText(359.94)).toBe('359.9°');
    expect(northText(-30)).toBe('330.0°');
    expect(buildingNorth(northAt(359.97), null).note).toContain('North: 0.0° clockwise');
  });
});
