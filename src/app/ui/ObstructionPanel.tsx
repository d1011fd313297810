import { useEffect, useRef, useState } from 'react';
import type { WindowSummary as WindowAngles } from '../../core/api/roomAnswer';
import { formatBearing } from '../../core/geometry/bearing';
import { useShown } from '../compute/answerStore';
import { useApp } from '../state/store';

const STEP = 145 / 63;
/** Azimuth of direction i relative to the window normal, degrees, positive to the left looking out. */
const rel = (i: number): number => -72.5 + i * STEP;

/** The 64-direction profile (conventions.md order): horizon from below, zenith from above, left to right as seen from inside. */
function ProfileChart({ a }: { a: WindowAngles }): React.JSX.Element {
  const W = 300,
    H = 120;
  // Looking out, index 63 (left-hand end) is drawn on the left.
  const x = (i: number): number => ((63 - i) / 63) * W;
  const y = (elev: number): number => H - (elev / 90) * H;
  const below = a.horizon.map((h, i) => `${x(i)},${y(h)}`).join(' ');
  const above = a.zenith.map((z, i) => `${x(i)},${y(90 - z)}`).join(' ');
  return (
    <svg
      viewBox={`-28 -6 ${W + 34} ${H + 26}`}
      className="chart"
      role="img"
      aria-label="Horizon and zenith angles over the 64 directions"
      data-testid="profile-chart"
    >
      <rect width={W} height={H} fill="#e7f1fb" />
      <polygon points={`0,${H} ${below} ${W},${H}`} fill="#7b8794" />
      <polygon points={`0,0 ${above} ${W},0`} fill="#a5b0bb" />
      {[0, 30, 60, 90].map((e) => (
        <g key={e}>
          <line x1={0} x2={W} y1={y(e)} y2={y(e)} stroke="#fff" strokeWidth="0.5" />
          <text x={-4} y={y(e) + 3} textAnchor="end" fontSize="9">
            {e}°
          </text>
        </g>
      ))}
      {/* The ends' labels run inwards from the chart's edges: centred there, they were cut off. */}
      {[72.5, 0, -72.5].map((d) => (
        <text
          key={d}
          x={((72.5 - d) / 145) * W}
          y={H + 12}
          textAnchor={d === 0 ? 'middle' : d > 0 ? 'start' : 'end'}
          fontSize="9"
        >
          {d === 0 ? 'normal' : d > 0 ? '← left' : 'right →'}
        </text>
      ))}
    </svg>
  );
}

/**
 * Fisheye of the sky in front of the window (equidistant: the zenith in the centre, the horizon on the
 * rim, the window's normal up). Behind the facade is grey; in each of the 64 directions the obstructed
 * elevations are drawn over the sky.
 */
function Fisheye({ a }: { a: WindowAngles }): React.JSX.Element {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const c = ref.current!;
    const g = c.getContext('2d')!;
    const S = c.width,
      R = S / 2 - 4,
      cx = S / 2,
      cy = S / 2;
    g.clearRect(0, 0, S, S);
    g.fillStyle = '#cfd4da';
    g.beginPath();
    g.arc(cx, cy, R, 0, 2 * Math.PI);
    g.fill();
    // Sky in front of the facade: relative azimuth −90…90°, drawn up (canvas angle −90° = normal).
    g.fillStyle = '#cfe6fa';
    g.beginPath();
    g.moveTo(cx, cy);
    g.arc(cx, cy, R, Math.PI, 2 * Math.PI);
    g.fill();
    const r = (elev: number): number => ((90 - elev) / 90) * R;
    g.fillStyle = '#6b7784';
    for (let i = 0; i < 64; i++) {
      // Positive relative azimuth (left looking out) is to the left of "up" on the canvas.
      const mid = -Math.PI / 2 - (rel(i) * Math.PI) / 180;
      const half = ((STEP / 2) * Math.PI) / 180;
      const wedge = (e0: number, e1: number): void => {
        if (e1 <= e0) return;
        g.beginPath();
        g.arc(cx, cy, r(e0), mid - half, mid + half);
        g.arc(cx, cy, r(e1), mid + half, mid - half, true);
        g.closePath();
        g.fill();
      };
      wedge(0, a.horizon[i]!);
      wedge(90 - a.zenith[i]!, 90);
    }
    g.strokeStyle = '#1d2733';
    g.beginPath();
    g.moveTo(cx - R, cy);
    g.lineTo(cx + R, cy);
    g.stroke();
  }, [a]);
  return (
    <canvas
      ref={ref}
      width={220}
      height={220}
      className="fisheye"
      role="img"
      aria-label="Fisheye view of the sky in front of the window"
      data-testid="fisheye"
    />
  );
}

/** Obstruction per window (app.md §6), from the angles the last prediction used. */
export function ObstructionPanel(): React.JSX.Element {
  const windows: Record<string, WindowAngles> = useShown()?.answer.windows ?? {};
  const north = useApp((s) => s.scene.north ?? 0);
  const ids = Object.keys(windows);
  const [chosen, setChosen] = useState<string | null>(null);
  const id = chosen && windows[chosen] ? chosen : ids[0];
  const a = id ? windows[id] : undefined;
  return (
    <section aria-labelledby="obs-h">
      <h2 id="obs-h">Obstruction</h2>
      {ids.length > 1 && (
        <label className="field">
          <span>Window</span>
          <select value={id} onChange={(e) => setChosen(e.target.value)}>
            {ids.map((w) => (
              <option key={w}>{w}</option>
            ))}
          </select>
        </label>
      )}
      {a && (
        <>
          <p className="hint">
            Facing <span data-testid="facing">{formatBearing(a.direction_angle, north)}</span> (from true
            north, clockwise). Highest horizon{' '}
            <span data-testid="max-horizon">{Math.max(...a.horizon).toFixed(1)}</span>°.
          </p>
          <ProfileChart a={a} />
          <Fisheye a={a} />
        </>
      )}
    </section>
  );
}
