import { colour, divergingColour, type PaletteName } from '../../core/report/palette';

/**
 * The colour scale with its ticks (0 to max, % DF unless told); values above max take the top colour.
 * A climate-based metric passes its own caption and unit.
 */
export function Legend({
  palette,
  max,
  caption = 'Daylight factor (%)',
  unit = '%',
}: {
  palette: PaletteName;
  max: number;
  caption?: string;
  unit?: string;
}): React.JSX.Element {
  const stops = Array.from({ length: 11 }, (_, i) => {
    const [r, g, b] = colour(palette, (i / 10) * max, max);
    return `rgb(${r},${g},${b}) ${i * 10}%`;
  });
  return (
    <figure className="legend" aria-label={`Colour scale from 0 to ${max} ${unit}: ${caption}`}>
      <div className="bar" style={{ background: `linear-gradient(to right, ${stops.join(', ')})` }} />
      <div className="ticks">
        {[0, 0.2, 0.4, 0.6, 0.8, 1].map((t) => (
          <span key={t}>
            {(t * max).toFixed(0)}
            {t === 1 ? `+ ${unit}` : ''}
          </span>
        ))}
      </div>
      <figcaption>{caption}</figcaption>
    </figure>
  );
}

/** The difference map's own scale: engine − model in DF points, blue where the engine is lower. */
export function DifferenceLegend({ max }: { max: number }): React.JSX.Element {
  const stops = Array.from({ length: 11 }, (_, i) => {
    const [r, g, b] = divergingColour(((i - 5) / 5) * max, max);
    return `rgb(${r},${g},${b}) ${i * 10}%`;
  });
  return (
    <figure
      className="legend"
      aria-label={`Difference scale from −${max} to +${max} percentage points of daylight factor`}
      data-testid="diff-legend"
    >
      <div className="bar" style={{ background: `linear-gradient(to right, ${stops.join(', ')})` }} />
      <div className="ticks">
        <span>−{max}</span>
        <span>0</span>
        <span>+{max}</span>
      </div>
      <figcaption>
        Engine − model, in percentage points of daylight factor: blue where the engine is lower, orange where
        higher
      </figcaption>
    </figure>
  );
}
