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

/**
 * An IFC2x3 text with an ePSet_MapConversion (buildingSMART's geo-referencing guide for IFC2x3) on its
 * `holder` (IFCPROJECT or IFCSITE): the plan's x axis at `deg` anticlockwise from east; `deg` null writes the
 * set without XAxisAbscissa and XAxisOrdinate.
 */
function withEPSetMapConversion(
  text: string,
  deg: number | null,
  holder = 'IFCPROJECT',
  name = 'ePSet_MapConversion',
): string {
  const [, of, owner] = new RegExp(`#(\\d+)\\s*=\\s*${holder}\\('[^']*',(#\\d+)`).exec(text)!;
  const r = ((deg ?? 0) * Math.PI) / 180;
  const value = (id: number, prop: string, v: string) => `#${id}=IFCPROPERTYSINGLEVALUE('${prop}',$,${v},$);`;
  const props = [
    value(990001, 'Eastings', 'IFCLENGTHMEASURE(674032.5)'),
    value(990002, 'Northings', 'IFCLENGTHMEASURE(6580821.25)'),
    value(990003, 'OrthogonalHeight', 'IFCLENGTHMEASURE(12.)'),
    value(990004, 'Scale', 'IFCREAL(1.)'),
    ...(deg === null
      ? []
      : [
          value(990005, 'XAxisAbscissa', `IFCREAL(${Math.cos(r).toFixed(12)})`),
          value(990006, 'XAxisOrdinate', `IFCREAL(${Math.sin(r).toFixed(12)})`),
        ]),
  ];
  const ids = props.map((p) => /^#\d+/.exec(p)![0]).join(',');
  const lines = [
    ...props,
    `#990010=IFCPROPERTYSET('0Lux00000000000000MC01',${owner},'${name}',$,(${ids}));`,
    `#990011=IFCRELDEFINESBYPROPERTIES('0Lux00000000000000MC02',${owner},$,$,(#${of}),#990010);`,
  ];
  const at = text.lastIndexOf('ENDSEC;');
  return `${text.slice(0, at)}${lines.join('\n')}\n${text.slice(at)}`;
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

  it('reads an IFC2x3 export’s ePSet_MapConversion as IFC4’s IfcMapConversion: the duplex (Revit 2011)', async () => {
    // The duplex states no TrueNorth: the property set's rotation is the map's grid north, named as such.
    const text = readFileSync('test/fixtures/ifc/duplex.ifc', 'latin1');
    const as = await read(text);
    expect([as.north, as.northFrom]).toEqual([0, null]);
    const b = await read(withEPSetMapConversion(text, 30));
    expect([b.north, b.northFromFile, b.northFrom]).toEqual([30, true, 'ePSet_MapConversion']);
    expect(b.notes).toEqual([
      "North: 30.0° clockwise from the plan's up, from the ePSet_MapConversion's rotation: the map's grid north, which differs from true north by the projection's convergence at the site (a few degrees at most); the file states no TrueNorth.",
    ]);
    expect(b.rooms).toEqual(as.rooms);
    expect((await read(withEPSetMapConversion(text, -30))).north).toBe(330);
    // Without a rotation the map's axes are the plan's (θ = 0), as for the entity; spelt as some tools do.
    const plain = await read(withEPSetMapConversion(text, null, 'IFCPROJECT', 'EPset_MapConversion'));
    expect([plain.north, plain.northFrom]).toEqual([0, 'ePSet_MapConversion']);
    // A property set of another name is not a map conversion.
    expect((await read(withEPSetMapConversion(text, 30, 'IFCPROJECT', 'Pset_Other'))).northFrom).toBeNull();
  });

  it('weighs an ePSet_MapConversion against TrueNorth by IFC4’s rules: FZK-Haus (ArchiCAD 14), on its site', async () => {
    // FZK-Haus's TrueNorth is the plan's up: 40° from the map's grid north is more than a convergence, and
    // the map conversion decides; 3° is one, and TrueNorth stands.
    const text = readFileSync('test/fixtures/ifc/fzk-haus.ifc', 'latin1');
    const b = await read(withEPSetMapConversion(text, 40, 'IFCSITE'));
    expect([b.north, b.northFrom]).toEqual([40, 'ePSet_MapConversion']);
    expect(b.notes[0]).toContain("from the ePSet_MapConversion's rotation (the map's grid north)");
    const c = await read(withEPSetMapConversion(text, 3, 'IFCSITE'));
    expect([c.north, c.northFrom]).toEqual([0, 'TrueNorth']);
    expect(c.notes[0]).toContain("the ePSet_MapConversion's grid north (3.0°) is 3.0° from it");
  });

  it('leaves north and plan as they are under a turned or moved WorldCoordinateSystem', async () => {
    // The context's WorldCoordinateSystem establishes the project's engineering frame: products placed
    // without PlacementRelTo are in it, TrueNorth is "within the xy-plane of the project coordinate system",
    // and IfcMapConversion converts that frame ("the local engineering coordinate system, often called world
    // coordinate system"). Geometry, TrueNorth and the map's axes are thus all in one frame, and web-ifc
    // applies no WCS to the geometry: turning the WCS 90° (RefDirection (0, 1, 0)) or moving it changes
    // neither the rooms nor north. Were web-ifc to start turning geometry by it, this test would fail and
    // north would have to turn with it.
    const turnWcs = (text: string, at: string): string => {
      const m = /(#\d+=IFCGEOMETRICREPRESENTATIONCONTEXT\(\$,'Model',3,1\.E-05,)#\d+,/.exec(text)!;
      const wcs = [
        `#9101=IFCCARTESIANPOINT((${at}));`,
        '#9102=IFCDIRECTION((0.,0.,1.));',
        '#9103=IFCDIRECTION((0.,1.,0.));',
        '#9104=IFCAXIS2PLACEMENT3D(#9101,#9102,#9103);',
      ].join('\n');
      const t = text.replace(m[0], `${m[1]}#9104,`);
      const end = t.lastIndexOf('ENDSEC;');
      return `${t.slice(0, end)}${wcs}\n${t.slice(end)}`;
    };
    const text = stepFile({ ...office, trueNorth: northAt(25) });
    const as = await read(text);
    for (const at of ['0.,0.,0.', '100.,50.,0.']) {
      const turned = turnWcs(text, at);
      expect(turned).toContain('#9104,');
      const b = await read(turned);
      expect([b.north, b.northFrom]).toEqual([25, 'TrueNorth']);
      expect(b.rooms).toEqual(as.rooms);
      expect((await read(withMapConversion(turnWcs(stepFile(office), at), 30))).north).toBe(30);
    }
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
