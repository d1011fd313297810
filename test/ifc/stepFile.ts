/**
 * Small IFC4 files written as STEP text, for exact cases: one storey at a given elevation, box-shaped
 * spaces (rectangular floor, extruded), walls as boxes, and windows as boxes with a glass pane, each set
 * in an opening of its host wall (IfcRelVoidsElement, IfcRelFillsElement). Everything is placed in world
 * coordinates (metres, z up), so the expected polygons and window corners are the numbers given here; but
 * a space drawn in plan only (`footprint`), which is placed by its own placement, as exporters write it.
 */
export interface StepBox {
  /** Min and max corners (m). */
  min: [number, number, number];
  max: [number, number, number];
}

export interface StepSpace extends StepBox {
  name: string;
  longName: string;
  /**
   * Written with only a 2D footprint (a 'FootPrint' 'Curve2D' IfcPolyline, no body), placed at its floor
   * (min z): its outline (default: the box's rectangle), in the space's own frame, turned `turn`° about z.
   */
  footprint?: {
    outline?: [number, number][];
    turn?: number;
    /** IFC4's IfcIndexedPolyCurve over an IfcCartesianPointList2D, with one IfcLineIndex, instead. */
    indexed?: boolean;
  };
  /** Its Qto_SpaceBaseQuantities (m). */
  quantities?: { Height?: number; FinishCeilingHeight?: number };
}

export interface StepWindow extends StepBox {
  name: string;
  /** Index of the host wall in `walls`. */
  wall: number;
  /** The glass pane, a thin box inside the window's box; absent: a window without glass in the file. */
  glass?: StepBox;
  /**
   * Its frame as the file states it (m): IfcWindowLiningProperties and IfcWindowPanelProperties on an
   * IfcWindowType with this partitioning (and on the window, as IFC4 repeats it).
   */
  lining?: { lining: number; mullion?: number; transom?: number; frame?: number; partitioning: string };
  /** Written without a body of its own (Representation $): only its opening has geometry. */
  noBody?: boolean;
  /** The opening it fills, when not its own box (through a thick wall, say). */
  opening?: StepBox;
  /** Written as an IfcDoor (with its glass pane, if any) instead of an IfcWindow. */
  door?: boolean;
  /** Written without its opening's relations (no IfcRelVoidsElement / IfcRelFillsElement): no host wall. */
  unhosted?: boolean;
  /** IfcRelSpaceBoundary entries: the spaces (indices into `spaces`) it bounds, and on which side. */
  bounds?: { space: number; side: 'EXTERNAL' | 'INTERNAL' | 'NOTDEFINED' }[];
  /** The element its boundaries name: the window (default) or the opening it fills. */
  boundsOn?: 'window' | 'opening';
}

/**
 * A wall; with `parts`, written as a wall without a body of its own aggregating IfcBuildingElementParts
 * (IfcRelAggregates) that carry its geometry, as a wall exported as its parts (layers) is.
 */
export interface StepWall extends StepBox {
  parts?: StepBox[];
}

/** A curtain wall: its panels (IfcPlate, glazed ones with the glass style) and mullions (IfcMember). */
export interface StepCurtainWall {
  name: string;
  panels: (StepBox & { glazed: boolean })[];
  mullions: StepBox[];
  /** IfcRelSpaceBoundary entries naming the curtain wall itself. */
  bounds?: { space: number; side: 'EXTERNAL' | 'INTERNAL' | 'NOTDEFINED' }[];
}

/** An IfcBuildingElementProxy or IfcGeographicElement: its Name, ObjectType, PredefinedType and type's Name. */
export interface StepElement extends StepBox {
  entity: 'IFCBUILDINGELEMENTPROXY' | 'IFCGEOGRAPHICELEMENT';
  name: string;
  objectType?: string;
  /** Written as given (NOTDEFINED when absent): TERRAIN, VEGETATION, USERDEFINED… */
  predefinedType?: string;
  /** The name of an IfcBuildingElementProxyType / IfcGeographicElementType defining it. */
  typeName?: string;
}

export interface StepBuilding {
  storeyElevation?: number;
  spaces: StepSpace[];
  walls: StepWall[];
  windows: StepWindow[];
  slabs?: StepBox[];
  curtainWalls?: StepCurtainWall[];
  /** True north as a plan direction (x, y). */
  trueNorth?: [number, number];
  /** IfcZones grouping spaces (indices into `spaces`), as apartments are exported. */
  zones?: { name: string; spaces: number[] }[];
  /** Proxies and geographic elements (a tree's crown as a box), named as exporters name them. */
  elements?: StepElement[];
  /** Length unit: metres (default) or millimetres (coordinates are then written ×1000). */
  millimetres?: boolean;
  /**
   * Where the site stands in survey coordinates (m): the site's placement, so that every element is
   * there plus its own coordinates, as a georeferenced export writes it.
   */
  siteOrigin?: [number, number, number];
}

export function stepFile(b: StepBuilding): string {
  const lines: string[] = [];
  let n = 0;
  const add = (s: string): number => {
    lines.push(`#${++n}=${s};`);
    return n;
  };
  const k = b.millimetres ? 1000 : 1;
  const f = (v: number): string => {
    const t = (v * k).toString();
    return t.includes('.') || t.includes('e') ? t : `${t}.`;
  };
  const point3 = (p: [number, number, number]) => add(`IFCCARTESIANPOINT((${p.map(f).join(',')}))`);
  const origin = point3([0, 0, 0]);
  const zAxis = add('IFCDIRECTION((0.,0.,1.))');
  const xAxis = add('IFCDIRECTION((1.,0.,0.))');
  const worldPlacement = add(`IFCAXIS2PLACEMENT3D(#${origin},#${zAxis},#${xAxis})`);
  const north = b.trueNorth
    ? add(`IFCDIRECTION((${b.trueNorth.map((v) => (`${v}`.includes('.') ? `${v}` : `${v}.`)).join(',')}))`)
    : null;
  const context = add(
    `IFCGEOMETRICREPRESENTATIONCONTEXT($,'Model',3,1.E-05,#${worldPlacement},${north ? `#${north}` : '$'})`,
  );
  const body = add(
    `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('Body','Model',*,*,*,*,#${context},$,.MODEL_VIEW.,$)`,
  );
  const unit = add(
    b.millimetres ? 'IFCSIUNIT(*,.LENGTHUNIT.,.MILLI.,.METRE.)' : 'IFCSIUNIT(*,.LENGTHUNIT.,$,.METRE.)',
  );
  const units = add(`IFCUNITASSIGNMENT((#${unit}))`);
  const project = add(
    `IFCPROJECT('0Lux0000000000000000P1',$,'Test project',$,$,$,$,(#${context}),#${units})`,
  );
  const place = (rel: number | null) => add(`IFCLOCALPLACEMENT(${rel ? `#${rel}` : '$'},#${worldPlacement})`);
  const sitePlace = b.siteOrigin
    ? add(`IFCLOCALPLACEMENT($,#${add(`IFCAXIS2PLACEMENT3D(#${point3(b.siteOrigin)},#${zAxis},#${xAxis})`)})`)
    : place(null);
  const site = add(`IFCSITE('0Lux0000000000000000S1',$,'Site',$,$,#${sitePlace},$,$,.ELEMENT.,$,$,$,$,$)`);
  const buildingPlace = place(sitePlace);
  const building = add(
    `IFCBUILDING('0Lux0000000000000000B1',$,'Building',$,$,#${buildingPlace},$,$,.ELEMENT.,$,$,$)`,
  );
  const storeyPlace = place(buildingPlace);
  const storey = add(
    `IFCBUILDINGSTOREY('0Lux0000000000000000L1',$,'Level 1',$,$,#${storeyPlace},$,$,.ELEMENT.,${f(b.storeyElevation ?? 0)})`,
  );
  let guid = 0;
  const id = (): string => `'1Lux${String(++guid).padStart(18, '0')}'`;
  add(`IFCRELAGGREGATES(${id()},$,$,$,#${project},(#${site}))`);
  add(`IFCRELAGGREGATES(${id()},$,$,$,#${site},(#${building}))`);
  add(`IFCRELAGGREGATES(${id()},$,$,$,#${building},(#${storey}))`);

  /** A box as an extruded rectangle, placed at its min corner. */
  const boxShape = (bx: StepBox, kind = 'Body'): number => boxRep(bx, kind).rep;
  const boxRep = (bx: StepBox, kind = 'Body'): { rep: number; solid: number } => {
    const [x0, y0, z0] = bx.min,
      [x1, y1, z1] = bx.max;
    const centre = add(`IFCCARTESIANPOINT((${f((x1 - x0) / 2)},${f((y1 - y0) / 2)}))`);
    const p2 = add(`IFCAXIS2PLACEMENT2D(#${centre},$)`);
    const profile = add(`IFCRECTANGLEPROFILEDEF(.AREA.,$,#${p2},${f(x1 - x0)},${f(y1 - y0)})`);
    const at = point3([x0, y0, z0]);
    const solidPlace = add(`IFCAXIS2PLACEMENT3D(#${at},#${zAxis},#${xAxis})`);
    const solid = add(`IFCEXTRUDEDAREASOLID(#${profile},#${solidPlace},#${zAxis},${f(z1 - z0)})`);
    return { rep: add(`IFCSHAPEREPRESENTATION(#${body},'${kind}','SweptSolid',(#${solid}))`), solid };
  };
  const product = (...reps: number[]) =>
    add(`IFCPRODUCTDEFINITIONSHAPE($,$,(${reps.map((r) => `#${r}`).join(',')}))`);
  /** A space with only its footprint: a closed polyline in its own frame, at its floor, turned about z. */
  const footprintSpace = (s: StepSpace, fp: NonNullable<StepSpace['footprint']>): number => {
    const [x0, y0, z0] = s.min,
      [x1, y1] = s.max;
    const a = ((fp.turn ?? 0) * Math.PI) / 180;
    const ratio = (v: number): string => {
      const t = (Math.round(v * 1e12) / 1e12).toString();
      return t.includes('.') || t.includes('e') ? t : `${t}.`;
    };
    const dir = add(`IFCDIRECTION((${ratio(Math.cos(a))},${ratio(Math.sin(a))},0.))`);
    const at = add(`IFCAXIS2PLACEMENT3D(#${point3([x0, y0, z0])},#${zAxis},#${dir})`);
    const local = add(`IFCLOCALPLACEMENT(#${storeyPlace},#${at})`);
    const outline = fp.outline ?? [
      [0, 0],
      [x1 - x0, 0],
      [x1 - x0, y1 - y0],
      [0, y1 - y0],
    ];
    const closed = [...outline, outline[0]!];
    const curve = fp.indexed
      ? add(
          `IFCINDEXEDPOLYCURVE(#${add(`IFCCARTESIANPOINTLIST2D((${outline.map(([x, y]) => `(${f(x)},${f(y)})`).join(',')}))`)},(IFCLINEINDEX((${closed.map((_, n) => (n % outline.length) + 1).join(',')}))),.F.)`,
        )
      : add(
          `IFCPOLYLINE((${closed.map(([x, y]) => `#${add(`IFCCARTESIANPOINT((${f(x)},${f(y)}))`)}`).join(',')}))`,
        );
    const plan = add(
      `IFCGEOMETRICREPRESENTATIONSUBCONTEXT('FootPrint','Model',*,*,*,*,#${context},$,.MODEL_VIEW.,$)`,
    );
    const rep = add(`IFCSHAPEREPRESENTATION(#${plan},'FootPrint','Curve2D',(#${curve}))`);
    return add(
      `IFCSPACE(${id()},$,'${s.name}',$,$,#${local},#${product(rep)},'${s.longName}',.ELEMENT.,.INTERNAL.,$)`,
    );
  };

  const contained: number[] = [];
  const spaces = b.spaces.map((s) => {
    const e = s.footprint
      ? footprintSpace(s, s.footprint)
      : add(
          `IFCSPACE(${id()},$,'${s.name}',$,$,#${place(storeyPlace)},#${product(boxShape(s))},'${s.longName}',.ELEMENT.,.INTERNAL.,$)`,
        );
    const q = Object.entries(s.quantities ?? {});
    if (q.length) {
      const lengths = q.map(([name, v]) => add(`IFCQUANTITYLENGTH('${name}',$,$,${f(v)},$)`));
      const set = add(
        `IFCELEMENTQUANTITY(${id()},$,'Qto_SpaceBaseQuantities',$,$,(${lengths.map((x) => `#${x}`).join(',')}))`,
      );
      add(`IFCRELDEFINESBYPROPERTIES(${id()},$,$,$,(#${e}),#${set})`);
    }
    return e;
  });
  if (spaces.length)
    add(`IFCRELAGGREGATES(${id()},$,$,$,#${storey},(${spaces.map((s) => `#${s}`).join(',')}))`);
  for (const z of b.zones ?? []) {
    const zone = add(`IFCZONE(${id()},$,'${z.name}',$,$,$)`);
    add(`IFCRELASSIGNSTOGROUP(${id()},$,$,$,(${z.spaces.map((i) => `#${spaces[i]}`).join(',')}),$,#${zone})`);
  }
  const walls = b.walls.map((w, i) => {
    const shape = w.parts ? '$' : `#${product(boxShape(w))}`;
    const e = add(`IFCWALL(${id()},$,'Wall ${i + 1}',$,$,#${place(storeyPlace)},${shape},$,.STANDARD.)`);
    contained.push(e);
    const parts = (w.parts ?? []).map((p, k) =>
      add(
        `IFCBUILDINGELEMENTPART(${id()},$,'Wall ${i + 1} layer ${k + 1}',$,$,#${place(storeyPlace)},#${product(boxShape(p))},$,.NOTDEFINED.)`,
      ),
    );
    if (parts.length) add(`IFCRELAGGREGATES(${id()},$,$,$,#${e},(${parts.map((x) => `#${x}`).join(',')}))`);
    return e;
  });
  for (const [i, s] of (b.slabs ?? []).entries()) {
    contained.push(
      add(`IFCSLAB(${id()},$,'Slab ${i + 1}',$,$,#${place(storeyPlace)},#${product(boxShape(s))},$,.FLOOR.)`),
    );
  }
  // A transparent style for the glass, an opaque one for the frame.
  const glassColour = add('IFCCOLOURRGB($,0.6,0.8,0.9)');
  const glassRendering = add(`IFCSURFACESTYLERENDERING(#${glassColour},0.7,$,$,$,$,$,$,.NOTDEFINED.)`);
  const glassStyle = add(`IFCSURFACESTYLE('Glass',.BOTH.,(#${glassRendering}))`);
  const boundaries = (element: number, bounds: StepWindow['bounds']): void => {
    for (const x of bounds ?? [])
      add(`IFCRELSPACEBOUNDARY(${id()},$,$,$,#${spaces[x.space]},#${element},$,.PHYSICAL.,.${x.side}.)`);
  };
  for (const w of b.windows) {
    const opening = add(
      `IFCOPENINGELEMENT(${id()},$,'Opening',$,$,#${place(storeyPlace)},#${product(boxShape(w.opening ?? w))},$,.OPENING.)`,
    );
    if (!w.unhosted) add(`IFCRELVOIDSELEMENT(${id()},$,$,$,#${walls[w.wall]},#${opening})`);
    // The frame: the window's box less nothing (a test needs its extent, not its detail); the glass apart.
    const reps = [boxShape(w)];
    const glassSolids: number[] = [];
    if (w.glass) {
      const g = boxRep(w.glass);
      reps.push(g.rep);
      glassSolids.push(g.solid);
    }
    const shape = w.noBody ? '$' : `#${product(...reps)}`;
    const size = `${f(w.max[2] - w.min[2])},${f(Math.max(w.max[0] - w.min[0], w.max[1] - w.min[1]))}`;
    const win = add(
      w.door
        ? `IFCDOOR(${id()},$,'${w.name}',$,$,#${place(storeyPlace)},${shape},$,${size},.DOOR.,.SINGLE_SWING_LEFT.,$)`
        : `IFCWINDOW(${id()},$,'${w.name}',$,$,#${place(storeyPlace)},${shape},$,${size},.WINDOW.,.${w.lining?.partitioning ?? 'SINGLE_PANEL'}.,$)`,
    );
    boundaries(w.boundsOn === 'opening' ? opening : win, w.bounds);
    if (w.lining) {
      const l = w.lining;
      const opt = (v: number | undefined): string => (v === undefined ? '$' : f(v));
      const lining = add(
        `IFCWINDOWLININGPROPERTIES(${id()},$,$,$,${f(0.1)},${f(l.lining)},${opt(l.transom)},${opt(l.mullion)},$,$,$,$,$,$,$,$)`,
      );
      const sets = [lining];
      if (l.frame !== undefined)
        sets.push(
          add(`IFCWINDOWPANELPROPERTIES(${id()},$,$,$,.SIDEHUNGLEFTHAND.,.LEFT.,${f(0.07)},${f(l.frame)},$)`),
        );
      const type = add(
        `IFCWINDOWTYPE(${id()},$,'Window type',$,$,(${sets.map((x) => `#${x}`).join(',')}),$,$,$,.WINDOW.,.${l.partitioning}.,$,$)`,
      );
      add(`IFCRELDEFINESBYTYPE(${id()},$,$,$,(#${win}),#${type})`);
    }
    for (const solid of glassSolids) add(`IFCSTYLEDITEM(#${solid},(#${glassStyle}),$)`);
    if (!w.unhosted) add(`IFCRELFILLSELEMENT(${id()},$,$,$,#${opening},#${win})`);
    contained.push(win);
  }
  for (const e of b.elements ?? []) {
    const text = (v: string | undefined) => (v === undefined ? '$' : `'${v}'`);
    const el = add(
      `${e.entity}(${id()},$,'${e.name}',$,${text(e.objectType)},#${place(storeyPlace)},#${product(boxShape(e))},$,.${e.predefinedType ?? 'NOTDEFINED'}.)`,
    );
    if (e.typeName !== undefined) {
      const type = add(`${e.entity}TYPE(${id()},$,'${e.typeName}',$,$,$,$,$,$,.NOTDEFINED.)`);
      add(`IFCRELDEFINESBYTYPE(${id()},$,$,$,(#${el}),#${type})`);
    }
    contained.push(el);
  }
  for (const c of b.curtainWalls ?? []) {
    const wall = add(`IFCCURTAINWALL(${id()},$,'${c.name}',$,$,#${place(storeyPlace)},$,$,.NOTDEFINED.)`);
    contained.push(wall);
    boundaries(wall, c.bounds);
    const parts = c.panels.map((p, i) => {
      const { rep, solid } = boxRep(p);
      if (p.glazed) add(`IFCSTYLEDITEM(#${solid},(#${glassStyle}),$)`);
      return add(
        `IFCPLATE(${id()},$,'Panel ${i + 1}',$,$,#${place(storeyPlace)},#${product(rep)},$,.CURTAIN_PANEL.)`,
      );
    });
    for (const m of c.mullions)
      parts.push(
        add(`IFCMEMBER(${id()},$,'Mullion',$,$,#${place(storeyPlace)},#${product(boxShape(m))},$,.MULLION.)`),
      );
    add(`IFCRELAGGREGATES(${id()},$,$,$,#${wall},(${parts.map((x) => `#${x}`).join(',')}))`);
  }
  add(
    `IFCRELCONTAINEDINSPATIALSTRUCTURE(${id()},$,$,$,(${contained.map((c) => `#${c}`).join(',')}),#${storey})`,
  );
  return [
    'ISO-10303-21;',
    'HEADER;',
    "FILE_DESCRIPTION(('ViewDefinition [DesignTransferView]'),'2;1');",
    "FILE_NAME('test.ifc','2026-11-25T00:00:00',(''),(''),'Lux test writer','Lux','');",
    "FILE_SCHEMA(('IFC4'));",
    'ENDSEC;',
    'DATA;',
    ...lines,
    'ENDSEC;',
    'END-ISO-10303-21;',
    '',
  ].join('\n');
}

/**
 * Two rooms side by side (what would make it pass, issue 34): a deep one (4 × 7 m) lit by a 1.2 m window,
 * which fails BFS 2024:8, and a shallow one (3 × 3 m) with a 2.4 m window, which passes.
 */
export function deepAndBright(): string {
  return stepFile({
    spaces: [
      { name: '101', longName: 'Deep', min: [0, 0, 0], max: [4, 7, 2.7] },
      { name: '102', longName: 'Bright', min: [5, 0, 0], max: [8, 3, 2.7] },
    ],
    walls: [
      { min: [0, -0.3, 0], max: [4, 0, 2.7] },
      { min: [5, -0.3, 0], max: [8, 0, 2.7] },
    ],
    windows: [
      { name: 'Small', wall: 0, min: [1.4, -0.3, 0.9], max: [2.6, 0, 2.1] },
      { name: 'Wide', wall: 1, min: [5.3, -0.3, 0.6], max: [7.7, 0, 2.5] },
    ],
  });
}

/** `n` offices of 3 × 5 m side by side along one facade, each with its 2 m window. */
export function officeRow(n: number): string {
  return stepFile({
    spaces: Array.from({ length: n }, (_, i) => ({
      name: String(101 + i),
      longName: 'Office',
      min: [3 * i, 0, 0] as [number, number, number],
      max: [3 * i + 3, 5, 2.7] as [number, number, number],
    })),
    walls: [{ min: [0, -0.3, 0], max: [3 * n, 0, 2.7] }],
    windows: Array.from({ length: n }, (_, i) => ({
      name: `W${i}`,
      wall: 0,
      min: [3 * i + 0.5, -0.3, 0.9] as [number, number, number],
      max: [3 * i + 2.5, 0, 2.2] as [number, number, number],
    })),
  });
}
