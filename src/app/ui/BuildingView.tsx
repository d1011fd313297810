import { roundedDown } from '../../core/stats/shareText';
import { Canvas, useThree, type ThreeEvent } from '@react-three/fiber';
import { useEffect, useMemo, useRef, useState } from 'react';
import { BufferAttribute, BufferGeometry, DoubleSide, ExtrudeGeometry, Shape, Vector2 } from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { ifcRoomLabel, type IfcRoom } from '../../core/ifc/building';
import { scaleBarMetres } from '../../core/report/planMarks';
import {
  COLOUR_BY,
  labelPoint,
  roomStanding,
  STANDING,
  storeyFrame,
  type Standing,
} from '../../core/report/storeyPlan';
import { openRoom } from '../compute/building/roomEdits';
import { colourBy, showStorey, useBuilding, type RoomOutcome } from '../compute/building/store';
import { useMeshDisplay } from './meshDisplay';
import {
  LABEL_NUMBER_SIZE,
  LABEL_SECOND_DY,
  LABEL_SECOND_SIZE,
  labelBaseline,
  roomLabelFit,
} from './roomLabelFit';
import { BUILDING_MARKS_INSET, cornerMarks, useShownBox } from './shownBox';

/**
 * The building view (issue 20 §2): the open IFC building's rooms coloured by how they stand against one
 * rule, a storey at a time in plan and all storeys in 3D. A room opens in the editor on a click (or Enter
 * on its plan shape). Rooms still showing the model's preview are drawn lighter until the engine's map
 * replaces it.
 */
const PX_PER_M = 40;

interface Shown {
  room: IfcRoom;
  index: number;
  standing: Standing;
  preview: boolean;
  outcome: RoomOutcome | null;
}

function useShownRooms(): Shown[] {
  const building = useBuilding((s) => s.building);
  const outcomes = useBuilding((s) => s.outcomes);
  const by = useBuilding((s) => s.colourBy);
  return useMemo(
    () =>
      (building?.rooms ?? []).map((room, index) => {
        const outcome = outcomes[index] ?? null;
        const standing = roomStanding(
          { room, summary: outcome?.summary ?? null, error: outcome?.error ?? null },
          by,
        );
        return { room, index, standing, preview: outcome?.method === 'model', outcome };
      }),
    [building, outcomes, by],
  );
}

function describe(r: Shown, rule: string): string {
  const head = ifcRoomLabel(r.room);
  if (r.standing === 'none') return `${head}: cannot be analysed (${r.room.problem})`;
  if (r.standing === 'error') return `${head}: computation failed (${r.outcome?.error})`;
  if (r.standing === 'pending') return `${head}: not computed yet`;
  const st = r.outcome!.summary!.stats;
  return `${head}: ${r.standing === 'pass' ? 'passes' : 'fails'} ${rule}, mean DF ${st.mean.toFixed(2)} %, DF ≥ 1 % on ${roundedDown(st.area_above['1']!, 0)} %${r.preview ? ' (model preview)' : ''}. Open in the editor`;
}

export function BuildingView(): React.JSX.Element {
  return (
    <>
      <BuildingPlan />
      <Building3D />
    </>
  );
}

function BuildingPlan(): React.JSX.Element {
  const building = useBuilding((s) => s.building);
  const storey = useBuilding((s) => s.storey);
  const by = useBuilding((s) => s.colourBy);
  const rooms = useShownRooms();
  const [hover, setHover] = useState<string>('');
  // Label points depend on the outlines alone: found once a building, not on every answer or hover.
  const labels = useMemo(
    () =>
      new Map(
        (building?.rooms ?? [])
          .filter((r) => r.room_polygon.length >= 3)
          .map((r) => [r.ifcId, labelPoint(r.room_polygon)]),
      ),
    [building],
  );
  const storeys = useMemo(() => [...new Set(rooms.map((r) => r.room.storey))], [rooms]);
  const onStorey = rooms.filter((r) => r.room.storey === storey && r.room.room_polygon.length >= 3);
  const rule = COLOUR_BY.find((c) => c.id === by)!.label;
  const f = storeyFrame(
    onStorey.map((r) => r.room),
    1.5,
  );
  const w = (f.maxX - f.minX) * PX_PER_M,
    h = (f.maxY - f.minY) * PX_PER_M;
  const sx = (x: number): number => (x - f.minX) * PX_PER_M;
  const sy = (y: number): number => (f.maxY - y) * PX_PER_M;
  const counts = Object.fromEntries(
    (Object.keys(STANDING) as Standing[]).map((k) => [k, onStorey.filter((r) => r.standing === k).length]),
  );
  const bar = scaleBarMetres(w / 5 / PX_PER_M);
  // Labels, marks and strokes keep their size on screen when a large building's plan is shrunk to fit.
  const svg = useRef<SVGSVGElement>(null);
  const box = useShownBox(svg, w, h) ?? { x: 0, y: 0, w, h, unitsPerPx: 1 };
  const k = Math.max(1, box.unitsPerPx);
  // In the corners of what the plan shows, clear of the rooms where the box is wider or taller than the plan.
  const marks = cornerMarks(box, k, BUILDING_MARKS_INSET);
  return (
    <div className="plan building-plan" data-testid="building-plan">
      <div className="building-bar">
        <div role="group" aria-label="Storey" className="storeys">
          {storeys.map((s) => (
            <button
              key={s}
              type="button"
              aria-pressed={s === storey}
              onClick={() => showStorey(s)}
              data-testid="storey"
            >
              {s || 'No storey'}
            </button>
          ))}
        </div>
        <label>
          Colour by{' '}
          <select value={by} onChange={(e) => colourBy(e.target.value as typeof by)} data-testid="colour-by">
            {COLOUR_BY.map((c) => (
              <option key={c.id} value={c.id}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <svg
        ref={svg}
        viewBox={`0 0 ${w} ${h}`}
        data-units-per-pixel={k}
        role="group"
        aria-label={`Plan of ${storey || 'the rooms without a storey'}: rooms coloured by ${rule}`}
        data-counts={JSON.stringify(counts)}
      >
        {onStorey.map((r) => {
          const d =
            r.room.room_polygon.map(([x, y], i) => `${i ? 'L' : 'M'} ${sx(x)} ${sy(y)}`).join(' ') + ' Z';
          const open = r.standing !== 'none';
          return (
            <path
              key={r.room.ifcId}
              d={d}
              fill={STANDING[r.standing].fill}
              fillOpacity={r.preview ? 0.55 : 1}
              stroke="#1d2733"
              strokeWidth={1.5 * k}
              strokeDasharray={r.standing === 'none' ? `${5 * k} ${4 * k}` : undefined}
              data-room={r.room.number}
              data-standing={r.standing}
              data-preview={r.preview || undefined}
              className={open ? 'room-shape' : undefined}
              role={open ? 'button' : 'img'}
              tabIndex={open ? 0 : undefined}
              aria-label={describe(r, rule)}
              onClick={open ? () => openRoom(r.index) : undefined}
              onKeyDown={
                open
                  ? (e) => {
                      if (e.key === 'Enter' || e.key === ' ') {
                        e.preventDefault();
                        openRoom(r.index);
                      }
                    }
                  : undefined
              }
              onPointerEnter={() => setHover(describe(r, rule))}
              onPointerLeave={() => setHover('')}
              onFocus={() => setHover(describe(r, rule))}
            >
              <title>{describe(r, rule)}</title>
            </path>
          );
        })}
        {onStorey.flatMap((r) =>
          r.room.windows.map((wd) => (
            <line
              key={`${r.room.ifcId}-${wd.id}`}
              x1={sx(wd.inner[0][0])}
              y1={sy(wd.inner[0][1])}
              x2={sx(wd.inner[1][0])}
              y2={sy(wd.inner[1][1])}
              stroke="#1c7ed6"
              strokeWidth={5 * k}
              pointerEvents="none"
            />
          )),
        )}
        {onStorey.map((r) => {
          const [lx, ly] = labels.get(r.room.ifcId)!;
          const st = r.outcome?.summary?.stats;
          const second = `${STANDING[r.standing].mark}${st ? ` ${st.mean.toFixed(1)} %` : ''}`;
          // Only what the shape has room for around the label point: labels run over their neighbours' in
          // small rooms, and out over the notch of an L-shaped one.
          const fit = roomLabelFit(r.room.room_polygon, [lx, ly], PX_PER_M, k, r.room.number, second);
          if (fit === 'none') return null;
          return (
            <text
              key={`l${r.room.ifcId}`}
              x={sx(lx)}
              y={sy(ly) + labelBaseline(fit) * k}
              textAnchor="middle"
              fontSize={LABEL_NUMBER_SIZE * k}
              pointerEvents="none"
              fill="#1d2733"
              data-testid="room-label"
              data-fit={fit}
            >
              <tspan fontWeight="700">{r.room.number}</tspan>
              {fit === 'full' && (
                <tspan x={sx(lx)} dy={LABEL_SECOND_DY * k} fontSize={LABEL_SECOND_SIZE * k}>
                  {second}
                </tspan>
              )}
            </text>
          );
        })}
        {building && (
          <g
            transform={`translate(${marks.north[0]} ${marks.north[1]}) scale(${k})`}
            pointerEvents="none"
            data-testid="building-north"
          >
            <circle r="18" fill="#fff" fillOpacity="0.85" stroke="#1d2733" strokeWidth="1.5" />
            <path d="M 0 -15 L 6 7 L 0 2 L -6 7 Z" fill="#1d2733" transform={`rotate(${building.north})`} />
          </g>
        )}
        <g transform={`translate(${marks.scaleBar[0]} ${marks.scaleBar[1]})`} pointerEvents="none">
          <path
            d={`M 0 ${-6 * k} L 0 0 L ${bar * PX_PER_M} 0 L ${bar * PX_PER_M} ${-6 * k}`}
            fill="none"
            stroke="#1d2733"
            strokeWidth={2 * k}
          />
          <text x={(bar * PX_PER_M) / 2} y={-9 * k} textAnchor="middle" fontSize={12 * k}>
            {bar} m
          </text>
        </g>
      </svg>
      {/* No live region: it follows the pointer; a focused room's name is read from the room itself. */}
      <div className="hover building-key">
        {hover || (
          <span>
            {(['pass', 'fail', 'pending', 'error', 'none'] as const).map((k) => (
              <span key={k} className="key">
                <i style={{ background: STANDING[k].fill }} /> {STANDING[k].mark} {STANDING[k].label}
              </span>
            ))}
            <span className="key">lighter: model preview</span>
          </span>
        )}
      </div>
    </div>
  );
}

function Orbit({ target, size }: { target: [number, number, number]; size: number }): null {
  const { camera, gl, invalidate } = useThree();
  useEffect(() => {
    // Far enough back that the building's extent fits the view's narrower side (fov 45°, with a margin).
    const aspect = gl.domElement.clientWidth / Math.max(1, gl.domElement.clientHeight);
    const distance = (0.6 * size) / Math.tan((22.5 * Math.PI) / 180) / Math.min(1, aspect) + 4;
    camera.up.set(0, 0, 1);
    camera.position.set(target[0] - 0.45 * distance, target[1] - 0.7 * distance, target[2] + 0.55 * distance);
    const c = new OrbitControls(camera, gl.domElement);
    c.target.set(...target);
    c.update();
    const onChange = (): void => invalidate();
    c.addEventListener('change', onChange);
    invalidate();
    return () => c.dispose();
  }, [camera, gl, target, size, invalidate]);
  return null;
}

/** Every room as a block on its floor, coloured by its standing; the building's shell when asked for. */
function Building3D(): React.JSX.Element {
  const rooms = useShownRooms();
  const building = useBuilding((s) => s.building);
  const storey = useBuilding((s) => s.storey);
  const mesh = useMeshDisplay();
  const [shell, setShell] = useState(false);
  const drawn = rooms.filter((r) => r.room.room_polygon.length >= 3);
  const blocks = useMemo(
    () =>
      new Map(
        drawn.map((r) => {
          const g = new ExtrudeGeometry(new Shape(r.room.room_polygon.map(([x, y]) => new Vector2(x, y))), {
            depth: Math.max(0.1, r.room.height_roof_over_floor - 0.05),
            bevelEnabled: false,
          });
          g.translate(0, 0, r.room.floor_height_above_terrain);
          return [r.room.ifcId, g] as const;
        }),
      ),
    // Geometry follows the building, not the analysis.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [building],
  );
  useEffect(() => () => blocks.forEach((g) => g.dispose()), [blocks]);
  const { target, size } = useMemo(() => {
    const f = storeyFrame(
      drawn.map((r) => r.room),
      0,
    );
    const top = Math.max(
      1,
      ...drawn.map((r) => r.room.floor_height_above_terrain + r.room.height_roof_over_floor),
    );
    return {
      target: [(f.minX + f.maxX) / 2, (f.minY + f.maxY) / 2, top / 3] as [number, number, number],
      size: Math.max(Math.hypot(f.maxX - f.minX, f.maxY - f.minY), top),
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocks]);
  const shellGeometry = useMemo(() => {
    if (!shell || !mesh.positions) return null;
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(mesh.positions, 3));
    return g;
  }, [shell, mesh.positions]);
  useEffect(() => () => shellGeometry?.dispose(), [shellGeometry]);
  const counts = Object.fromEntries(
    (Object.keys(STANDING) as Standing[]).map((k) => [k, drawn.filter((r) => r.standing === k).length]),
  );
  return (
    <div
      className="view3d"
      role="region"
      aria-label="3D view of the building's rooms, coloured as in the plan"
      data-testid="building-3d"
      data-counts={JSON.stringify(counts)}
    >
      {mesh.positions && (
        <label className="overlay">
          <input type="checkbox" checked={shell} onChange={(e) => setShell(e.target.checked)} />
          Show the building ({(mesh.positions.length / 9).toLocaleString('en')} triangles)
        </label>
      )}
      <Canvas
        camera={{ fov: 45, near: 0.1, far: 5000 }}
        frameloop="demand"
        dpr={1}
        gl={{ antialias: false, powerPreference: 'high-performance' }}
      >
        <Orbit target={target} size={size} />
        <ambientLight intensity={0.8} />
        <directionalLight position={[30, -40, 60]} intensity={1.4} />
        {drawn.map((r) => (
          <mesh
            key={r.room.ifcId}
            geometry={blocks.get(r.room.ifcId)!}
            onClick={(e: ThreeEvent<MouseEvent>) => {
              e.stopPropagation();
              if (r.standing !== 'none') openRoom(r.index);
            }}
          >
            <meshStandardMaterial
              color={STANDING[r.standing].fill}
              transparent
              opacity={r.room.storey === storey ? 0.95 : 0.35}
              depthWrite={r.room.storey === storey}
            />
          </mesh>
        ))}
        {shellGeometry && (
          <mesh geometry={shellGeometry} frustumCulled={false} raycast={() => null}>
            <meshStandardMaterial
              color="#9aa5b1"
              side={DoubleSide}
              transparent
              opacity={0.18}
              depthWrite={false}
              flatShading
            />
          </mesh>
        )}
      </Canvas>
    </div>
  );
}
