import { useState } from 'react';
import { roundedDown, udiWhole } from '../../core/stats/shareText';
import {
  climateMap,
  DA_THRESHOLDS,
  loadWeather,
  setDaLux,
  showMetric,
  useClimate,
  type ClimateMetric,
} from '../compute/climate';
import { utcOffsetText } from '../compute/climateText';
import { useApp } from '../state/store';
import { ClimateRun } from './ClimateRun';
import { Legend } from './Legend';
import { SunPath } from './SunPath';
import { useSettings } from './settings';

const MONTHS = ['J', 'F', 'M', 'A', 'M', 'J', 'J', 'A', 'S', 'O', 'N', 'D'];

const METRICS: [ClimateMetric, string][] = [
  ['df', 'Daylight factor'],
  ['da', 'Daylight autonomy'],
  ['daBlinds', 'DA with blinds (LM-83)'],
  ['aseHours', 'Direct sun (ASE hours)'],
  ['udiUseful', 'Useful daylight (UDI)'],
];

const degrees = (v: number, pos: string, neg: string): string =>
  `${Math.abs(v).toFixed(2)}° ${v >= 0 ? pos : neg}`;

/**
 * Climate-based daylight (issue 32): drop or pick the site's weather file (EPW), see where and what it is,
 * and a year of it in the room: daylight autonomy, sDA and ASE (LEED v4.1 / LM-83), UDI and EN 17037's
 * illuminance method, with their maps on the plan.
 */
export function ClimatePanel({ room = true }: { room?: boolean }): React.JSX.Element {
  const c = useClimate();
  const scene = useApp((s) => s.scene);
  const settings = useSettings();
  const [dragging, setDragging] = useState(false);
  const shown = climateMap(c, scene);
  const s = c.result?.summary ?? null;
  const maxGlobal = c.weather ? Math.max(...c.weather.months.map((m) => m.global)) : 1;
  return (
    <section
      aria-labelledby="climate-h"
      className={dragging ? 'drop-target' : undefined}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        const f = e.dataTransfer.files[0];
        if (f) void loadWeather(f, room);
      }}
      data-testid="climate-panel"
    >
      <h2 id="climate-h">Climate: a year of sun and sky</h2>
      <label className="field">
        <span>Weather file (EnergyPlus .epw, or the .zip it came in), or drop it here</span>
        <input
          type="file"
          accept=".epw,.zip"
          data-testid="weather-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            // Emptied, so that the same file picked again (mended after a refusal) is read again.
            e.target.value = '';
            if (f) void loadWeather(f, room);
          }}
        />
      </label>
      {/* One live region, in the page and empty from the panel's first render (a link's weather file is
          looked for after it): one inserted with its words is not read by every screen reader. */}
      <div role="status" data-testid="weather-said">
        {c.wanted && !c.weather && (
          <p data-testid="weather-wanted">
            This link’s year was computed with the weather file {c.wanted.name} ({c.wanted.city}), which this
            device does not hold: pick it to see the year.
          </p>
        )}
        {c.weatherNote && (
          <p className="note" data-testid="weather-same">
            {c.weatherNote}
          </p>
        )}
      </div>
      {c.weatherError && (
        <p role="alert" className="error" data-testid="weather-error">
          {c.weatherError}
        </p>
      )}
      {c.weather && (
        <>
          <p data-testid="weather-location">
            {c.weather.location.city}
            {c.weather.location.country ? `, ${c.weather.location.country}` : ''}:{' '}
            {degrees(c.weather.location.latitude, 'N', 'S')},{' '}
            {degrees(c.weather.location.longitude, 'E', 'W')}, {utcOffsetText(c.weather.location.timeZone)},{' '}
            {c.weather.location.elevation} m ({c.weather.name})
          </p>
          <figure className="months" aria-label="Global horizontal irradiation by month">
            <div className="bars">
              {c.weather.months.map((m) => (
                <span
                  key={m.month}
                  title={`${m.global.toFixed(0)} kWh/m², ${m.diffuseShare.toFixed(0)} % diffuse, ${m.sunHours} hours of sun`}
                  style={{ height: `${(100 * m.global) / maxGlobal}%` }}
                />
              ))}
            </div>
            <div className="ticks">
              {MONTHS.map((m, i) => (
                <span key={i}>{m}</span>
              ))}
            </div>
            <figcaption>
              Sun and sky by month: {c.weather.months.reduce((a, m) => a + m.global, 0).toFixed(0)} kWh/m² a
              year on the ground, {c.weather.months.reduce((a, m) => a + m.sunHours, 0)} hours of sun
            </figcaption>
          </figure>
          <SunPath location={c.weather.location} />
          {c.weather.notes.map((n) => (
            <p key={n} className="note">
              {n}
            </p>
          ))}
        </>
      )}
      {room && <ClimateRun />}
      {room && s && (
        <>
          <fieldset className="metric-switch">
            <legend>The plan shows</legend>
            {METRICS.map(([m, label]) => (
              <label key={m}>
                <input
                  type="radio"
                  name="metric"
                  checked={c.metric === m}
                  onChange={() => showMetric(m)}
                  data-testid={`metric-${m}`}
                />
                {label}
              </label>
            ))}
          </fieldset>
          {shown && (
            <Legend
              palette={settings.palette}
              max={shown.max}
              caption={shown.caption}
              unit={shown.max === 100 ? '%' : 'h'}
            />
          )}
          <dl className="stats" data-testid="climate-stats">
            <dt>sDA300/50% (blinds, LM-83)</dt>
            <dd data-testid="climate-sda">{roundedDown(s.sda_blinds)} %</dd>
            <dt>sDA, blinds open</dt>
            <dd>{roundedDown(s.sda)} %</dd>
            <dt>ASE1000,250h</dt>
            {/* Rounded up, as its verdict states it: an ASE just over a limit never reads as under it. */}
            <dd data-testid="climate-ase">{(Math.ceil(s.ase * 10) / 10).toFixed(1)} %</dd>
            <dt>
              <label htmlFor="climate-da-lux">DA threshold</label>
            </dt>
            <dd>
              <select
                id="climate-da-lux"
                data-testid="climate-da-lux"
                value={c.daLux}
                onChange={(e) => void setDaLux(Number(e.target.value))}
              >
                {DA_THRESHOLDS.map((lux) => (
                  <option key={lux} value={lux}>
                    {lux} lx
                  </option>
                ))}
              </select>
            </dd>
            <dt>DA{s.da_lux}, room mean</dt>
            <dd data-testid="climate-da-mean">{s.da_mean.toFixed(0)} %</dd>
            <dt>UDI 100–3000 lx</dt>
            <dd>
              <UdiBands udi={s.udi} />
            </dd>
            <dt>LEED v4.1 (this room)</dt>
            <dd>
              {s.leed_points} point{s.leed_points === 1 ? '' : 's'}
            </dd>
            <dt>EN 17037, illuminance</dt>
            <dd data-testid="climate-en">{s.en17037.reached ?? 'not reached'}</dd>
          </dl>
          <ul className="badges" data-testid="climate-verdicts">
            {s.verdicts.map((v) => (
              <li key={v.id} className={v.pass ? 'pass' : 'fail'} data-verdict={v.id} data-pass={v.pass}>
                <strong>
                  {v.pass ? '✓' : '✗'} {v.label}
                </strong>{' '}
                {v.detail}
              </li>
            ))}
          </ul>
          <p className="note">
            {s.hours.occupied} occupied hours (8:00–18:00 local standard time), {s.hours.daylight} daylight
            hours; the physics engine's daylight coefficients under the Perez sky of every hour, the sun
            traced for each (docs/climate.md).
          </p>
        </>
      )}
    </section>
  );
}

/** UDI's three bands in whole percents that add up to the hours' 100 % (udiWhole). */
function UdiBands({ udi }: { udi: { low: number; useful: number; high: number } }): React.JSX.Element {
  const { useful, low, high } = udiWhole(udi);
  return (
    <>
      {useful} % (below {low} %, above {high} %)
    </>
  );
}
