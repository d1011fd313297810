import { useRef, type PointerEvent as RPointerEvent } from 'react';
import { useApp } from '../state/store';

/**
 * The site's true north, dragged on a compass rose (issue 19 §1): the needle points where north is on
 * the plan (turned clockwise from the plan's up). A drag is one undo step; with the keyboard it is a
 * slider: ←/→ (or ↓/↑) turn it by 1°, Page Down/Page Up by 15°.
 */
const SIZE = 76;
const R = 30;

const wrap = (deg: number): number => ((Math.round(deg) % 360) + 360) % 360;

/** Where the rose's centre was when the drag began, and how far its ancestors were scrolled then. */
interface Grab {
  cx: number;
  cy: number;
  sx: number;
  sy: number;
}

/** How far everything around an element is scrolled (its ancestors and the page), in CSS pixels. */
function scrolled(el: Element): [number, number] {
  let x = window.scrollX,
    y = window.scrollY;
  // The page's own scroller is window.scroll*: not counted twice.
  for (let p = el.parentElement; p && p !== document.scrollingElement; p = p.parentElement) {
    x += p.scrollLeft;
    y += p.scrollTop;
  }
  return [x, y];
}

export function CompassRose(): React.JSX.Element {
  const north = useApp((s) => s.scene.north ?? 0);
  const ref = useRef<SVGSVGElement>(null);
  /**
   * The rose's centre when the drag began: the whole drag turns about it, moved only by scrolling. Each
   * step of the drag changes the scene, and the panel above the rose (the model-vs-engine comparison) may
   * change height as the answers come, moving the rose under a pointer that has not moved.
   */
  const grab = useRef<Grab | null>(null);
  const st = useApp.getState;

  /** The needle's bearing at the pointer, about the grabbed centre moved by any scroll since (drags only). */
  const angleAt = (e: { clientX: number; clientY: number }, g: Grab): number => {
    const [sx, sy] = scrolled(ref.current!);
    const cx = g.cx - (sx - g.sx),
      cy = g.cy - (sy - g.sy);
    return wrap((Math.atan2(e.clientX - cx, -(e.clientY - cy)) * 180) / Math.PI);
  };
  const onDown = (e: RPointerEvent<SVGSVGElement>): void => {
    const b = ref.current!.getBoundingClientRect();
    const [sx, sy] = scrolled(ref.current!);
    const g = { cx: b.left + b.width / 2, cy: b.top + b.height / 2, sx, sy };
    grab.current = g;
    ref.current!.setPointerCapture(e.pointerId);
    st().beginGesture();
    const v = angleAt(e, g);
    st().edit((s) => ({ ...s, north: v }), { inGesture: true });
  };
  const onMove = (e: RPointerEvent<SVGSVGElement>): void => {
    if (!grab.current) return;
    const v = angleAt(e, grab.current);
    st().edit((s) => ({ ...s, north: v }), { inGesture: true });
  };
  const onKey = (e: React.KeyboardEvent): void => {
    const step = { ArrowRight: 1, ArrowUp: 1, ArrowLeft: -1, ArrowDown: -1, PageUp: 15, PageDown: -15 }[
      e.key
    ];
    if (step === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    st().edit((s) => ({ ...s, north: wrap((s.north ?? 0) + step) }));
  };
  const c = SIZE / 2;
  return (
    <svg
      ref={ref}
      className="compass-rose"
      width={SIZE}
      height={SIZE}
      viewBox={`0 0 ${SIZE} ${SIZE}`}
      role="slider"
      tabIndex={0}
      aria-label="True north on the plan: drag the needle, or use the arrow keys"
      aria-valuemin={0}
      aria-valuemax={359}
      aria-valuenow={wrap(north)}
      aria-valuetext={`${wrap(north)}° clockwise from the plan's up`}
      data-testid="compass-rose"
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={() => {
        if (grab.current) st().endGesture();
        grab.current = null;
      }}
      onPointerCancel={() => {
        if (grab.current) st().endGesture();
        grab.current = null;
      }}
      onKeyDown={onKey}
    >
      <circle cx={c} cy={c} r={R} fill="#fff" stroke="#1d2733" strokeWidth="1.5" />
      {Array.from({ length: 12 }, (_, i) => {
        const a = (i * 30 * Math.PI) / 180;
        const inner = i % 3 === 0 ? R - 7 : R - 4;
        return (
          <line
            key={i}
            x1={c + Math.sin(a) * inner}
            y1={c - Math.cos(a) * inner}
            x2={c + Math.sin(a) * R}
            y2={c - Math.cos(a) * R}
            stroke="#5c6b7a"
          />
        );
      })}
      <g transform={`rotate(${north} ${c} ${c})`} data-testid="compass-needle">
        {/* The letter beyond the needle's tip, inside the ring: it turns with the needle. */}
        <path d={`M ${c} ${c - R + 15} L ${c + 6} ${c} L ${c} ${c + 4} L ${c - 6} ${c} Z`} fill="#c92a2a" />
        <path d={`M ${c} ${c + R - 4} L ${c + 6} ${c} L ${c} ${c + 4} L ${c - 6} ${c} Z`} fill="#adb5bd" />
        <text x={c} y={c - R + 13} fontSize="11" fontWeight="700" textAnchor="middle" fill="#c92a2a">
          N
        </text>
      </g>
    </svg>
  );
}
