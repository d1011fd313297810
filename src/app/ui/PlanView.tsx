import { useCallback, useMemo, useRef, useState, type PointerEvent as RPointerEvent } from 'react';
import { scaleBarMetres } from '../../core/report/planMarks';
import { valueAt, type RoomMap } from '../compute/roomMap';
import { useShown } from '../compute/answerStore';
import { climateMap, climateOutdated, gridAsMap, useClimate } from '../compute/climate';
import { captionInSentence } from '../compute/climateText';
import { edgeFrame } from '../scene/geometry';
import { insertCorner, moveCorner, newWindow, removeCorner } from '../scene/corners';
import { nearEdge, nearVertex, snapPoint, snapToGrid, type Pt } from '../scene/snapping';
import { nextWindowId, useApp } from '../state/store';
import { cellValue, DF_METRIC, placeText, valueText, type Cell, type MapMetric } from './mapProbe';
import { useMapImage } from './useMapImage';
import { useMapProbe } from './useMapProbe';
import { cornerMarks, PLAN_MARKS_INSET, useShownBox } from './shownBox';
import { toolHint } from './toolHint';
import { useSettings } from './settings';

/**
 * The plan editor: the room outline (draw it point by point, drag its corners), windows on its walls
 * (click a wall to add one, drag it along the wall) and the DF map under it, with the value under the
 * cursor, or under the keyboard's probe while the map has focus (useMapProbe.ts). World coordinates are
 * metres, y up; the SVG's y runs down, so every point is flipped here.
 */
const PX_PER_M = 60;
const MARGIN = 1.5;
/**
 * The plan's SVG units on one screen pixel at which its handles and labels were drawn to size (the default
 * 6 × 4 m room on a desktop); a larger room or a narrower screen puts more units on a pixel, and they grow by
 * as much (`grow`), so that a 20 × 14 m room's corners are not 6 px dots and its labels not 6 px text.
 */
const DESIGN_UNITS_PER_PX = 0.8;
/** A corner's radius on a touch screen at least (px): a 24 px target for a finger. */
const TOUCH_RADIUS_PX = 12;

export function PlanView(): React.JSX.Element {
  const scene = useApp((s) => s.scene);
  const tool = useApp((s) => s.tool);
  const drawing = useApp((s) => s.drawing);
  const selected = useApp((s) => s.selectedWindow);
  const shown = useShown();
  // A climate-based metric, when one is chosen and computed for the room as it is, takes the daylight
  // factor's place; a year of the room before an edit gives the plan back to the daylight factor.
  const climateState = useClimate();
  const climate = climateMap(climateState, scene);
  const yearOutdated = climateState.metric !== 'df' && climateOutdated(climateState, scene);
  // gridAsMap keeps one map per grid, so the canvas cache holds across renders.
  const metricMap = climate ? gridAsMap(climate.grid) : null;
  const map = metricMap ?? shown?.answer ?? null;
  const { palette, scaleMax } = useSettings();
  const image = useMapImage(map, palette, climate ? climate.max : scaleMax, false, true);
  const unit = climate ? (climate.max === 100 ? '%' : 'h') : '%';
  const metric: MapMetric = climate ? { caption: climate.caption, unit, digits: 0 } : DF_METRIC;
  // While a new outline is drawn the map on screen is the old room's: no value is read from it.
  const probe = useMapProbe(drawing ? null : map, metric);
  const svg = useRef<SVGSVGElement>(null);
  const [hover, setHover] = useState<{ p: Pt; df: number | null } | null>(null);
  const [notice, setNotice] = useState('');
  const [focusedCorner, setFocusedCorner] = useState<number | null>(null);
  const [drag, setDrag] = useState<
    { kind: 'vertex'; index: number } | { kind: 'window'; id: string; grab: number } | null
  >(null);

  const view = useMemo(() => {
    const pts = [...scene.outline, ...(drawing ?? [])];
    const xs = pts.map((p) => p[0]),
      ys = pts.map((p) => p[1]);
    const minX = Math.min(...xs) - MARGIN,
      maxX = Math.max(...xs) + MARGIN,
      minY = Math.min(...ys) - MARGIN,
      maxY = Math.max(...ys) + MARGIN;
    return { minX, maxY, w: (maxX - minX) * PX_PER_M, h: (maxY - minY) * PX_PER_M };
    // The frame follows the outline, not the pointer: recomputed only when a drag or drawing ends.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [drag === null ? scene.outline : null, drawing === null]);
  const sx = (x: number): number => (x - view.minX) * PX_PER_M;
  const sy = (y: number): number => (view.maxY - y) * PX_PER_M;
  // What the plan shows (its viewBox, and the spare width or height of its box beside it), measured.
  const box = useShownBox(svg, view.w, view.h) ?? { x: 0, y: 0, ...view, unitsPerPx: DESIGN_UNITS_PER_PX };
  const unitsPerPx = box.unitsPerPx;
  const grow = Math.max(1, unitsPerPx / DESIGN_UNITS_PER_PX);
  const marks = cornerMarks(box, grow, PLAN_MARKS_INSET);
  const cornerR = Math.max(6 * grow, coarsePointer() ? TOUCH_RADIUS_PX * unitsPerPx : 0);

  const toWorld = useCallback(
    (e: { clientX: number; clientY: number }): Pt => {
      const ctm = svg.current!.getScreenCTM()!.inverse();
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm);
      return [p.x / PX_PER_M + view.minX, view.maxY - p.y / PX_PER_M];
    },
    [view],
  );

  const st = useApp.getState;
  const onDown = (e: RPointerEvent<SVGSVGElement>): void => {
    const p = toWorld(e);
    const radius = Math.max(10 * grow, cornerR) / PX_PER_M;
    if (tool === 'draw') {
      const pts = drawing ?? [];
      if (pts.length >= 3 && nearVertex([pts[0]!], p, radius) === 0) {
        st().edit((s) => ({ ...s, outline: pts, windows: [] }));
        st().setTool('select');
        return;
      }
      st().setDrawing([...pts, snapPoint(p, pts[pts.length - 1] ?? null)]);
      return;
    }
    const v = nearVertex(scene.outline, p, radius);
    if (tool === 'select' && v >= 0) {
      st().beginGesture();
      setDrag({ kind: 'vertex', index: v });
      svg.current!.setPointerCapture(e.pointerId);
      return;
    }
    const hit = nearEdge(scene.outline, p, radius);
    if (!hit) {
      st().select(null);
      return;
    }
    const onWindow = scene.windows.find(
      (w) => w.edge === hit.edge && Math.abs(w.offset - hit.along) <= w.width / 2,
    );
    if (onWindow) {
      st().select(onWindow.id);
      st().beginGesture();
      setDrag({ kind: 'window', id: onWindow.id, grab: hit.along - onWindow.offset });
      svg.current!.setPointerCapture(e.pointerId);
      return;
    }
    if (tool === 'window') {
      const id = nextWindowId(scene);
      // On the 5 cm steps a drag moves it by (newWindow keeps it on its wall).
      const along = snapToGrid(hit.along);
      st().edit((s) => ({ ...s, windows: [...s.windows, newWindow(s, id, hit.edge, along)] }));
      st().select(id);
    }
  };

  const onMove = (e: RPointerEvent<SVGSVGElement>): void => {
    const p = toWorld(e);
    // While a new outline is drawn the map on screen is the old room's: the readout gives the point alone.
    setHover({ p, df: map && !drawing ? valueAt(map, p[0], p[1]) : null });
    if (!drag) return;
    if (drag.kind === 'vertex') {
      const n = scene.outline.length;
      const prev = scene.outline[(drag.index + n - 1) % n]!;
      const q = snapPoint(p, prev);
      st().edit((s) => ({ ...s, outline: s.outline.map((o, i) => (i === drag.index ? q : o)) }), {
        inGesture: true,
      });
    } else {
      const w = scene.windows.find((x) => x.id === drag.id);
      if (!w) return;
      const e0 = edgeFrame(scene.outline, w.edge);
      const along = (p[0] - e0.ax) * e0.ux + (p[1] - e0.ay) * e0.uy - drag.grab;
      const offset = snapToGrid(along);
      st().edit((s) => ({ ...s, windows: s.windows.map((x) => (x.id === w.id ? { ...x, offset } : x)) }), {
        inGesture: true,
      });
    }
  };

  const onUp = (): void => {
    if (drag) st().endGesture();
    setDrag(null);
  };

  /** A focused corner's keys; handled here, so the window shortcuts (Toolbar.tsx) do not see them. */
  const cornerKey = (e: React.KeyboardEvent, i: number): void => {
    const step = e.shiftKey ? 0.5 : 0.05;
    const move: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    // Focus follows what was made or what is left, never falling to the page.
    const focusCorner = (k: number): void => {
      requestAnimationFrame(() => svg.current?.querySelector<SVGElement>(`[data-corner="${k}"]`)?.focus());
    };
    if (move[e.key]) {
      const [dx, dy] = move[e.key]!;
      st().edit((s) => moveCorner(s, i, dx, dy));
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      const removed = removeCorner(st().scene, i);
      if (!removed) {
        setNotice('A room keeps at least three corners.');
      } else {
        st().edit(() => removed.scene);
        setNotice(
          `Corner ${i + 1} removed${removed.removedWindows.length ? `, with the windows on its walls (${removed.removedWindows.join(', ')}); Ctrl+Z brings them back` : ''}.`,
        );
        focusCorner((i + removed.scene.outline.length - 1) % removed.scene.outline.length);
      }
    } else if (e.key === 'Insert' || e.key === '+') {
      st().edit((s) => insertCorner(s, i));
      setNotice(`Corner ${i + 2} added in the middle of wall ${i + 1}: arrow keys move it.`);
      focusCorner(i + 1);
    } else if (e.key === 'w' || e.key === 'W') {
      const s0 = st().scene;
      const id = nextWindowId(s0);
      const len = edgeFrame(s0.outline, i).length;
      st().edit((s) => ({ ...s, windows: [...s.windows, newWindow(s, id, i, len / 2)] }));
      st().select(id);
      setNotice(`Window ${id} added in the middle of wall ${i + 1}: ←/→ move it, Enter edits it.`);
      requestAnimationFrame(() => {
        svg.current?.querySelector<SVGElement>(`[data-window="${id}"]`)?.focus();
      });
    } else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const hint = toolHint(tool, drawing?.length ?? 0);
  const poly = scene.outline.map(([x, y]) => `${sx(x)},${sy(y)}`).join(' ');

  /** The walls whose length the plan states: under the pointer, else the selected window's, else a focused corner's two. */
  const dimensionedWalls = (): number[] => {
    const n = scene.outline.length;
    const hovered = hover && !drawing ? nearEdge(scene.outline, hover.p, (10 * grow) / PX_PER_M) : null;
    if (hovered) return [hovered.edge];
    const w = scene.windows.find((x) => x.id === selected);
    if (w) return [w.edge];
    if (focusedCorner !== null && focusedCorner < n) return [(focusedCorner + n - 1) % n, focusedCorner];
    return [];
  };
  return (
    <div className="plan">
      <svg
        ref={svg}
        role="application"
        aria-label="Plan of the room: draw the outline, drag corners, click a wall to add a window"
        tabIndex={-1}
        viewBox={`0 0 ${view.w} ${view.h}`}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        onPointerLeave={() => setHover(null)}
        data-tool={tool}
      >
        <defs>
          <pattern
            id="grid"
            width={PX_PER_M}
            height={PX_PER_M}
            patternUnits="userSpaceOnUse"
            x={sx(0)}
            y={sy(0)}
          >
            <path d={`M ${PX_PER_M} 0 L 0 0 0 ${PX_PER_M}`} fill="none" stroke="#e3e6ea" strokeWidth="1" />
          </pattern>
        </defs>
        {/* The grid under all the plan shows, not the viewBox alone (it stopped short of a wide box's sides). */}
        <rect x={box.x} y={box.y} width={box.w} height={box.h} fill="url(#grid)" />
        {shown && (
          <clipPath id="plan-map-outline">
            <polygon points={shown.scene.outline.map(([x, y]) => `${sx(x)},${sy(y)}`).join(' ')} />
          </clipPath>
        )}
        {image && map && (
          <image
            data-testid="plan-map"
            data-metric={climate ? climateState.metric : 'df'}
            // The keyboard's probe (Tab to the map, arrows): the map layer alone takes its keys, so a focused
            // corner's or window's arrows stay theirs. The pointer passes through it to the plan, as before:
            // a click never focuses it.
            tabIndex={drawing ? undefined : 0}
            role="img"
            aria-label={`${climate ? climate.caption : 'Daylight factor'} map: arrow keys move a probe one cell (Shift: 1 m), Home and End to its row's first and last cell in the room, Page Up and Down its column's; the value at the probe is said`}
            pointerEvents="none"
            style={{ imageRendering: 'pixelated', outline: 'none' }}
            onKeyDown={probe.onKeyDown}
            onFocus={() => {
              // As a focused corner does: Delete here removes no window selected before.
              st().select(null);
              probe.onFocus();
            }}
            onBlur={probe.onBlur}
            // Cut along the outline the map was computed for: no staircase along slanted walls.
            clipPath="url(#plan-map-outline)"
            href={image}
            x={sx(map.origin.x)}
            y={sy(map.origin.y)}
            width={map.cols * map.resolution * PX_PER_M}
            height={map.rows * map.resolution * PX_PER_M}
            preserveAspectRatio="none"
          />
        )}
        <polygon points={poly} fill={image ? 'none' : '#f6f7f9'} stroke="#1d2733" strokeWidth={3 * grow} />
        {/* Skylights over the room, dashed as openings above the cut plane are drawn in plan. */}
        {(scene.skylights ?? []).map((k) => (
          <polygon
            key={k.id}
            data-skylight={k.id}
            points={k.polygon.map(([x, y]) => `${sx(x)},${sy(y)}`).join(' ')}
            fill="none"
            stroke="#2f6fb3"
            strokeWidth="2"
            strokeDasharray="6 4"
          >
            <title>{`Skylight ${k.id}`}</title>
          </polygon>
        ))}
        {scene.windows.map((w) => {
          const e = edgeFrame(scene.outline, w.edge);
          const a = [e.ax + e.ux * (w.offset - w.width / 2), e.ay + e.uy * (w.offset - w.width / 2)] as const;
          const b = [e.ax + e.ux * (w.offset + w.width / 2), e.ay + e.uy * (w.offset + w.width / 2)] as const;
          return (
            <line
              key={w.id}
              data-window={w.id}
              tabIndex={0}
              role="button"
              aria-label={`Window ${w.id}, ${w.width} m wide, on wall ${w.edge + 1}: ←/→ move it along the wall (Shift: 50 cm), Delete removes it, Enter edits it`}
              onFocus={() => st().select(w.id)}
              onKeyDown={(e) => {
                if (e.key === 'Delete' || e.key === 'Backspace') {
                  // Handled here, not by the toolbar's shortcut: the focus goes with the line removed.
                  e.preventDefault();
                  e.stopPropagation();
                  st().edit((s) => ({ ...s, windows: s.windows.filter((x) => x.id !== w.id) }));
                  st().select(null);
                  setNotice(`Window ${w.id} removed; Ctrl+Z brings it back.`);
                  // The corner its wall starts at, or the plan itself while another tool hides the corners.
                  requestAnimationFrame(() =>
                    (
                      svg.current?.querySelector<SVGElement>(`[data-corner="${w.edge}"]`) ?? svg.current
                    )?.focus(),
                  );
                  return;
                }
                if (e.key !== 'Enter') return;
                e.preventDefault();
                document.querySelector<HTMLInputElement>(`[data-testid="${w.id}-width"]`)?.focus();
              }}
              x1={sx(a[0])}
              y1={sy(a[1])}
              x2={sx(b[0])}
              y2={sy(b[1])}
              stroke={w.id === selected ? '#e8590c' : '#4dabf7'}
              strokeWidth={9 * grow}
              strokeLinecap="butt"
            >
              <title>{`Window ${w.id}: ${w.width} m wide`}</title>
            </line>
          );
        })}
        {tool === 'select' &&
          scene.outline.map(([x, y], i) => (
            <circle
              key={i}
              data-corner={i}
              tabIndex={0}
              role="button"
              aria-label={`Corner ${i + 1} at x ${x.toFixed(2)} m, y ${y.toFixed(2)} m: arrow keys move it 5 cm (Shift: 50 cm), Delete removes it, Insert adds a corner on the next wall, W adds a window on it`}
              cx={sx(x)}
              cy={sy(y)}
              r={cornerR}
              fill="#fff"
              stroke="#1d2733"
              strokeWidth={2 * grow}
              onFocus={() => {
                st().select(null);
                setFocusedCorner(i);
              }}
              onBlur={() => setFocusedCorner(null)}
              onKeyDown={(e) => cornerKey(e, i)}
            />
          ))}
        {dimensionedWalls().map((i) => (
          <WallDimension key={i} edge={i} outline={scene.outline} sx={sx} sy={sy} grow={grow} />
        ))}
        <NorthArrow x={marks.north[0]} y={marks.north[1]} north={scene.north ?? 0} grow={grow} />
        {hover?.df != null && !drag && (
          // The value under the pointer, beside it (the bar under the plan repeats it with x and y).
          <ValueTag
            testId="cursor-df"
            x={sx(hover.p[0]) + 14 * grow}
            y={sy(hover.p[1]) - 14 * grow}
            grow={grow}
            text={`${hover.df.toFixed(metric.digits)} ${unit}`}
          />
        )}
        {probe.cell && map && (
          <ProbeMark
            map={map}
            cell={probe.cell}
            metric={metric}
            sx={sx}
            sy={sy}
            grow={grow}
            viewWidth={view.w}
          />
        )}
        <ScaleBar x={marks.scaleBar[0]} y={marks.scaleBar[1]} viewWidth={view.w} grow={grow} />
        {drawing && drawing.length > 0 && (
          <polyline
            points={[...drawing, ...(hover ? [snapPoint(hover.p, drawing[drawing.length - 1]!)] : [])]
              .map(([x, y]) => `${sx(x)},${sy(y)}`)
              .join(' ')}
            fill="none"
            stroke="#e8590c"
            strokeWidth={2 * grow}
            strokeDasharray={`${6 * grow} ${4 * grow}`}
          />
        )}
      </svg>
      {climate && (
        <p className="plan-metric" data-testid="plan-metric">
          The plan shows {captionInSentence(climate.caption)} (Climate panel)
        </p>
      )}
      {hint && (
        <p className="plan-metric" data-testid="tool-hint">
          {hint}
        </p>
      )}
      {yearOutdated && (
        <p className="plan-metric" data-testid="plan-metric" data-outdated="true">
          The plan shows the daylight factor: the year in the Climate panel is of the room before your last
          edit (run it again for its map).
        </p>
      )}
      {/* The readout follows the pointer, so it is no live region (a screen reader read every move); what
          the keyboard did to the room is one, in the page from the start and shown under the pointer too. */}
      <div className="hover">
        {hover ? placeText(hover.p) : ' '}
        {hover?.df != null && <strong data-testid="hover-df">{` · ${valueText(hover.df, metric)}`}</strong>}
        <span role="status" className="plan-notice" data-testid="plan-notice">
          {notice}
        </span>
        {/* The keyboard probe's value and place, once a key press: empty until the first. */}
        <span role="status" className="plan-notice" data-testid="plan-probe">
          {probe.said}
        </span>
      </div>
    </div>
  );
}

/** A value in a white box at a point of the plan (beside the pointer, or the keyboard's probe). */
function ValueTag({
  testId,
  x,
  y,
  grow,
  text,
}: {
  testId: string;
  x: number;
  y: number;
  grow: number;
  text: string;
}): React.JSX.Element {
  return (
    <g data-testid={testId} transform={`translate(${x} ${y}) scale(${grow})`} pointerEvents="none">
      <rect
        x="-4"
        y="-15"
        width="74"
        height="20"
        rx="3"
        fill="#fff"
        fillOpacity="0.92"
        stroke="#1d2733"
        strokeWidth="0.75"
      />
      <text x="0" y="0" fontSize="13" fontWeight="600" fill="#1d2733">
        {text}
      </text>
    </g>
  );
}

/**
 * The keyboard's probe: its cell outlined in the plan's focus colour over a white halo (seen on any colour
 * of the map), the map's extent outlined as the layer's focus, and its value beside it as the pointer's is.
 */
function ProbeMark({
  map,
  cell,
  metric,
  sx,
  sy,
  grow,
  viewWidth,
}: {
  map: RoomMap;
  cell: Cell;
  metric: MapMetric;
  sx: (x: number) => number;
  sy: (y: number) => number;
  grow: number;
  viewWidth: number;
}): React.JSX.Element {
  const size = map.resolution * PX_PER_M;
  const x = sx(map.origin.x + cell.col * map.resolution),
    y = sy(map.origin.y - cell.row * map.resolution);
  const v = cellValue(map, cell);
  // The value to the cell's right, or to its left where the plan's edge would cut it (a 74-unit box).
  const right = x + size + 82 * grow <= viewWidth;
  return (
    <g data-testid="plan-probe-cell" data-col={cell.col} data-row={cell.row} pointerEvents="none">
      <rect
        x={sx(map.origin.x)}
        y={sy(map.origin.y)}
        width={map.cols * size}
        height={map.rows * size}
        fill="none"
        stroke="#e8590c"
        strokeWidth={2 * grow}
        strokeDasharray={`${6 * grow} ${4 * grow}`}
      />
      <rect x={x} y={y} width={size} height={size} fill="none" stroke="#fff" strokeWidth={5 * grow} />
      <rect
        data-testid="probe-square"
        x={x}
        y={y}
        width={size}
        height={size}
        fill="none"
        stroke="#e8590c"
        strokeWidth={2.5 * grow}
      />
      <ValueTag
        testId="probe-df"
        x={right ? x + size + 8 * grow : x - 78 * grow}
        y={y - 6 * grow}
        grow={grow}
        text={v === null ? 'outside' : `${v.toFixed(metric.digits)} ${metric.unit}`}
      />
    </g>
  );
}

/** True north on the plan: an arrow turned clockwise from the plan's up by the scene's north. */
function NorthArrow({
  x,
  y,
  north,
  grow,
}: {
  x: number;
  y: number;
  north: number;
  grow: number;
}): React.JSX.Element {
  // The letter stays upright beyond the arrow's tip, wherever the arrow points.
  const r = (north * Math.PI) / 180;
  return (
    <g
      data-testid="north-arrow"
      data-north={north}
      transform={`translate(${x} ${y}) scale(${grow})`}
      pointerEvents="none"
    >
      <title>{`North: ${north}° clockwise from the plan's up`}</title>
      <circle r="18" fill="#fff" fillOpacity="0.85" stroke="#1d2733" strokeWidth="1.5" />
      <path d="M 0 -15 L 6 7 L 0 2 L -6 7 Z" fill="#1d2733" transform={`rotate(${north})`} />
      <text
        x={27 * Math.sin(r)}
        y={-27 * Math.cos(r) + 4}
        textAnchor="middle"
        fontSize="12"
        fontWeight="700"
        fill="#1d2733"
      >
        N
      </text>
    </g>
  );
}

/** A bar of a round length, about a fifth of the plan's width, with its length written under it. */
function ScaleBar({
  x,
  y,
  viewWidth,
  grow,
}: {
  x: number;
  y: number;
  viewWidth: number;
  grow: number;
}): React.JSX.Element {
  const target = viewWidth / 5 / PX_PER_M;
  const metres = scaleBarMetres(target);
  const w = metres * PX_PER_M;
  // Its length is the plan's; its ticks, stroke and text grow with the handles.
  const g = grow;
  return (
    <g data-testid="scale-bar" data-metres={metres} transform={`translate(${x} ${y})`} pointerEvents="none">
      <rect x={-4 * g} y={-22 * g} width={w + 8 * g} height={26 * g} fill="#fff" fillOpacity="0.8" />
      <path
        d={`M 0 ${-6 * g} L 0 0 L ${w} 0 L ${w} ${-6 * g}`}
        fill="none"
        stroke="#1d2733"
        strokeWidth={2 * g}
      />
      <text x={w / 2} y={-9 * g} textAnchor="middle" fontSize={12 * g} fill="#1d2733">
        {metres} m
      </text>
    </g>
  );
}

/**
 * A wall's length as an architect's dimension line: parallel to the wall, 0.45 m outside it, with ticks at
 * its ends and the length in metres along it (turned to read from below or from the right).
 */
function WallDimension({
  edge,
  outline,
  sx,
  sy,
  grow,
}: {
  edge: number;
  outline: [number, number][];
  sx: (x: number) => number;
  sy: (y: number) => number;
  grow: number;
}): React.JSX.Element {
  const e = edgeFrame(outline, edge);
  const off = 0.45;
  const ax = sx(e.ax + e.nx * off),
    ay = sy(e.ay + e.ny * off);
  const bx = sx(e.ax + e.ux * e.length + e.nx * off),
    by = sy(e.ay + e.uy * e.length + e.ny * off);
  // Screen angle of the wall within [−90°, 90°): the text reads from below, or from the right for a
  // vertical wall (turned counter-clockwise), as on a drawing.
  let angle = (Math.atan2(by - ay, bx - ax) * 180) / Math.PI;
  if (angle >= 90) angle -= 180;
  if (angle < -90) angle += 180;
  const tick = (x: number, y: number) => {
    const t = 6 * grow;
    const dx = e.ux * t,
      dy = -e.uy * t;
    return (
      <line
        x1={x - dx + dy}
        y1={y - dy - dx}
        x2={x + dx - dy}
        y2={y + dy + dx}
        stroke="#1d2733"
        strokeWidth={1.5 * grow}
      />
    );
  };
  const mx = (ax + bx) / 2 + e.nx * 12 * grow,
    my = (ay + by) / 2 - e.ny * 12 * grow;
  return (
    <g data-testid="wall-dimension" data-edge={edge} data-length={e.length.toFixed(2)} pointerEvents="none">
      <line x1={ax} y1={ay} x2={bx} y2={by} stroke="#1d2733" strokeWidth={grow} />
      {tick(ax, ay)}
      {tick(bx, by)}
      <text
        x={mx}
        y={my}
        transform={`rotate(${angle} ${mx} ${my})`}
        textAnchor="middle"
        dominantBaseline="middle"
        fontSize={13 * grow}
        fill="#1d2733"
        stroke="#fff"
        strokeWidth={3 * grow}
        paintOrder="stroke"
      >
        {e.length.toFixed(2)} m
      </text>
    </g>
  );
}

/** A touch screen's pointer (a finger), where handles need a finger's size. */
const coarsePointer = (): boolean =>
  typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
