import { useMemo } from 'react';
import type { WeatherLocation } from '../../core/climate/epw';
import { sunPathDiagram, type SkyCurve } from '../../core/climate/sunDiagram';

const R = 90;
const C = 100;

/** A sky point (azimuth, altitude in degrees) on the polar plot: the horizon on the rim, north up. */
function xy([az, alt]: [number, number]): [number, number] {
  const r = (R * (90 - alt)) / 90;
  const a = (az * Math.PI) / 180;
  return [C + r * Math.sin(a), C - r * Math.cos(a)];
}

const path = (c: SkyCurve): string =>
  c
    .map(
      (p, i) =>
        `${i ? 'L' : 'M'}${xy(p)
          .map((v) => v.toFixed(1))
          .join(' ')}`,
    )
    .join('');

const MONTH = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The weather file's sun path (issue 32): the sun's track on the 21st of December to June (the other
 * months retrace them) and the hour lines, on a polar plot of the sky with true north up.
 */
export function SunPath({ location }: { location: WeatherLocation }): React.JSX.Element {
  const d = useMemo(() => sunPathDiagram(location), [location]);
  return (
    <figure className="sun-path" data-testid="sun-path">
      <svg
        viewBox="0 0 200 200"
        role="img"
        aria-label={`Sun path at ${location.city}: the sun's tracks by month and the hours`}
      >
        {[0, 30, 60].map((alt) => (
          <circle key={alt} cx={C} cy={C} r={(R * (90 - alt)) / 90} className="ring" />
        ))}
        {d.hours.map((h) => (
          <path key={h.hour} d={path(h.curve)} className="hour" />
        ))}
        {d.days.map((day) => (
          <path
            key={day.month}
            d={path(day.curve)}
            className={day.month === 6 || day.month === 12 ? 'day solstice' : 'day'}
            data-month={day.month}
          >
            <title>21 {MONTH[day.month - 1]}</title>
          </path>
        ))}
        {d.hours.map((h) => {
          const [x, y] = xy(h.curve[h.curve.length - 1]!);
          return (
            <text key={h.hour} x={x} y={y - 2} className="hour-label">
              {h.hour}
            </text>
          );
        })}
        {(['N', 'E', 'S', 'W'] as const).map((label, i) => {
          const [x, y] = xy([i * 90, -6]);
          return (
            <text key={label} x={x} y={y + 3} className="compass">
              {label}
            </text>
          );
        })}
      </svg>
      <figcaption>
        The sun over {location.city}: its track on the 21st of each month (June and December bold) and the
        hours of local standard time; rings at 0°, 30° and 60° above the horizon.
      </figcaption>
    </figure>
  );
}
