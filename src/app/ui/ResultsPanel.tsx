import { interreflectionText } from '../../core/report/engineMethod';
import { useMemo } from 'react';
import { useAnswer, useShown, type AnswerState, type Shown } from '../compute/answerStore';
import type { MapSummary, Verdict } from '../../core/stats/verdicts';
import { analysedOf, partlyAnalysed, shareParts } from '../../core/stats/analysedPlane';
import { answerSummary } from '../compute/sheet';
import { applyProposal, findProposals, useProposals } from '../compute/proposals';
import { errorBandText } from '../../core/model/errorBand';
import { climateMap, useClimate } from '../compute/climate';
import { siteBasisText } from '../../core/climate/en17037';
import { answerKey } from '../scene/geometry';
import { engineLine } from './engineLine';
import { PALETTES, type PaletteName } from '../../core/report/palette';
import { useApp } from '../state/store';
import { Legend } from './Legend';
import { NumberField } from './NumberField';
import { useSettings } from './settings';

/** Statistics and compliance badges of the current map (app.md §4), thresholds editable. */
export function ResultsPanel(): React.JSX.Element {
  const { status, error, problems, model, engine } = useAnswer();
  const shown = useShown();
  const map = shown?.answer ?? null;
  const thresholds = useApp((s) => s.scene.thresholds);
  const edit = useApp((s) => s.edit);
  const settings = useSettings();
  // Of the room the map was computed for, as the report page (not the outline an edit has since moved).
  const summary = useMemo(() => (shown ? answerSummary(shown, thresholds) : null), [shown, thresholds]);
  const f = (v: number): string => v.toFixed(2);
  return (
    <section aria-labelledby="res-h" className="results">
      <h2 id="res-h" tabIndex={-1}>
        Daylight
      </h2>
      <p
        role="status"
        data-testid="status"
        data-status={status}
        data-answer={shown?.answer.method.kind ?? 'none'}
        data-engine={engine.phase}
        data-quality={shown?.answer.method.kind === 'engine' ? shown.answer.method.quality : undefined}
      >
        {status === 'loading' && 'Loading the model…'}
        {status === 'predicting' && 'Predicting…'}
        {status === 'ready' && shown && answerLine(shown, model)}
        {status === 'blocked' && problems.join(' ')}
        {status === 'error' && `No map: ${error}`}
        {status !== 'blocked' && engineLine(engine, shown)}
      </p>
      {status !== 'blocked' && map && map.warnings.length > 0 && (
        // What the answer says of the drawing (a window walled up by a notch its walls close, reflectances
        // df_default ignores): beside the map it qualifies, in the answer's own words.
        <ul className="answer-warnings" aria-label="Warnings" data-testid="answer-warnings">
          {map.warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      )}
      {/* The bar keeps its row while the engine is idle: the statistics under it do not jump each time the
          engine starts and finishes (on a phone they are under the map, in sight). */}
      {engine.phase === 'running' ? (
        <progress
          className="engine-progress"
          value={engine.progress}
          max={1}
          aria-label={`Engine, ${engine.quality} quality`}
          data-testid="engine-progress"
        />
      ) : (
        <progress className="engine-progress idle" value={0} max={1} aria-hidden="true" />
      )}
      <PlanLegend />
      <label className="field">
        <span>Colour scale</span>
        <select
          value={settings.palette}
          onChange={(e) => settings.set({ palette: e.target.value as PaletteName })}
          data-testid="palette"
        >
          {PALETTES.map((p) => (
            <option key={p} value={p}>
              {p === 'viridis' ? 'viridis (colour-blind safe)' : 'classic DF'}
            </option>
          ))}
        </select>
      </label>
      {summary && (
        <>
          <dl className="stats" data-testid="stats">
            <dt>Mean</dt>
            <dd data-testid="stat-mean">{f(summary.stats.mean)} %</dd>
            <dt>Median</dt>
            <dd data-testid="stat-median">{f(summary.stats.median)} %</dd>
            <dt>Min</dt>
            <dd>{f(summary.stats.min)} %</dd>
            <dt>Max</dt>
            <dd>{f(summary.stats.max)} %</dd>
            <dt>Spread (standard deviation)</dt>
            <dd>{f(summary.stats.std)} %</dd>
            <dt>Floor area</dt>
            <dd data-testid="stat-area">{summary.floor.toFixed(2)} m²</dd>
            {partlyAnalysed(summary) && (
              <>
                <dt>Analysed (ceiling above the work plane)</dt>
                <dd data-testid="stat-analysed">{analysedOf(summary).toFixed(2)} m²</dd>
              </>
            )}
            {Object.entries(summary.stats.area_above).map(([t, v]) => (
              <FragmentRow key={t} t={t} v={v} summary={summary} />
            ))}
          </dl>
          <ul className="badges">
            {summary.verdicts.map((v) => (
              <li
                key={v.id}
                className={v.pass ? 'pass' : 'fail'}
                data-testid={`verdict-${v.id}`}
                data-pass={v.pass}
              >
                <strong>
                  {v.pass ? '✓' : '✗'} {v.label}
                </strong>
                <span>{v.detail}</span>
              </li>
            ))}
          </ul>
          <Proposals verdicts={summary.verdicts} />
        </>
      )}
      <details data-testid="glossary">
        <summary>What these rules are</summary>
        <dl className="glossary">
          <dt>BFS 2024:8</dt>
          <dd>
            Boverket’s Swedish building regulations: a daylight factor of at least 1 % over at least half the
            floor of a dwelling’s rooms for daily living. Judged here room by room; the Building view adds up
            the rooms of each apartment.
          </dd>
          <dt>EN 17037</dt>
          <dd>
            The European standard for daylight in buildings. Its minimum level, by the daylight-factor method,
            asks two things: a target DF over half the floor and a minimum target DF over 95 % of it (both
            verdicts above; the Climate panel's "minimum (illuminance)" is the same level by a year of
            weather). The daylight factors that stand for its illuminances depend on how bright the site’s sky
            is (the standard’s national annexes), so set them for your site below.
          </dd>
          <dt>Daylight factor (DF)</dt>
          <dd>
            The share of the light of an unobstructed overcast sky that reaches the work plane, 0.8 m above
            the floor.
          </dd>
        </dl>
      </details>
      <details>
        <summary>Compliance thresholds</summary>
        <NumberField
          label="BFS: DF at least"
          unit="%"
          value={thresholds.bfsDf}
          min={0}
          max={20}
          onCommit={(v) => edit((s) => ({ ...s, thresholds: { ...s.thresholds, bfsDf: v } }))}
        />
        <NumberField
          label="BFS: over share of floor"
          unit="%"
          value={thresholds.bfsShare}
          min={0}
          max={100}
          step={1}
          onCommit={(v) => edit((s) => ({ ...s, thresholds: { ...s.thresholds, bfsShare: v } }))}
        />
        <NumberField
          label="EN 17037 target DF (50 % of area)"
          unit="%"
          value={thresholds.enTarget}
          min={0}
          max={20}
          onCommit={(v) =>
            edit((s) => ({ ...s, thresholds: { ...s.thresholds, enTarget: v, enBasis: undefined } }))
          }
        />
        <NumberField
          label="EN 17037 minimum target DF (95 % of area)"
          unit="%"
          value={thresholds.enMinimum}
          min={0}
          max={20}
          onCommit={(v) =>
            edit((s) => ({ ...s, thresholds: { ...s.thresholds, enMinimum: v, enBasis: undefined } }))
          }
        />
        <SiteTargets />
        {thresholds.enBasis && (
          <p className="hint" data-testid="en-basis">
            EN 17037 targets for {thresholds.enBasis}.
          </p>
        )}
      </details>
    </section>
  );
}

const where = (source: string): string =>
  source === 'browser' ? 'in this browser' : `on the server ${source}`;

/** What the map on screen is: the model's preview or the engine's physics, how it was computed. */
function answerLine(shown: Shown, model: AnswerState['model']): string {
  const m = shown.answer.method;
  const t = shown.ms < 1000 ? `${shown.ms.toFixed(0)} ms` : `${(shown.ms / 1000).toFixed(1)} s`;
  if (m.kind === 'engine')
    return `Engine: physics-accurate (${m.quality} quality, ${interreflectionText(m.ambientBounces)}, ${t} ${where(shown.source)}).`;
  // The runtime in words: "WebAssembly" or "WebGPU", not the library's backend name.
  const runtime = model?.backend === 'webgpu' ? 'WebGPU' : 'WebAssembly';
  const backend = shown.source === 'browser' && model ? `, ${runtime}` : '';
  const band = m.errorBand ? ` ${errorBandText(m.errorBand)}` : '';
  return `Model: a quick preview by the neural model ${m.name} ${m.version} (${t}${backend}) ${where(shown.source)}.${band}`;
}

/** A share of the floor, in % and in m² ("66.2 % · 15.89 of 24.00 m²", as the original's tool gives it). */
function FragmentRow({ t, v, summary }: { t: string; v: number; summary: MapSummary }): React.JSX.Element {
  // Of the analysed plane, as the report page writes it (shareWithArea); each part has its own test id.
  const { percent, area } = shareParts(v, summary);
  return (
    <>
      <dt>Area DF ≥ {t} %</dt>
      <dd>
        <span data-testid={`stat-above-${t}`}>{percent}</span>
        <span className="m2" data-testid={`stat-above-${t}-m2`}>
          {area}
        </span>
      </dd>
    </>
  );
}

/**
 * What would make it pass (issue 34): for a rule the room fails, changes found on the preview and
 * confirmed by the engine, the least glazing first, each applied with one click.
 */
function Proposals({ verdicts }: { verdicts: readonly Verdict[] }): React.JSX.Element | null {
  const p = useProposals();
  const scene = useApp((s) => s.scene);
  const failing = verdicts.filter((v) => !v.pass);
  const current = p.key !== null && p.key === answerKey(scene);
  if (failing.length === 0 && !current) return null;
  const label = (id: Verdict['id'] | null): string => verdicts.find((v) => v.id === id)?.label ?? '';
  return (
    <div className="proposals" data-testid="proposals" data-phase={current ? p.phase : 'idle'}>
      {failing.map((v) => (
        <button
          key={v.id}
          type="button"
          data-testid={`propose-${v.id}`}
          // aria-disabled: a disabled button drops the focus on it to the page's top.
          aria-disabled={current && p.phase === 'searching'}
          onClick={() => !(current && p.phase === 'searching') && void findProposals(v.id)}
        >
          What would make {v.label} pass?
        </button>
      ))}
      {/* One live region, in the page before the question is asked (one inserted with its words is not
          read); the count of changes tried is beside it, not read at each change. */}
      <p role="status" data-testid="proposals-status">
        {current && p.phase === 'searching' && 'Trying changes on the preview, confirming with the engine…'}
        {current && p.phase === 'error' && `No proposals: ${p.error}`}
        {current &&
          p.phase === 'done' &&
          p.proposals.length === 0 &&
          `Nothing Lux tries makes ${label(p.rule)} pass: not its windows at their largest within their walls, nor lighter surfaces, clearer glass or a second window, alone or all together. The room needs a change of its shape (shallower, or glazed on another side).`}
        {current &&
          p.phase === 'done' &&
          p.proposals.length > 0 &&
          `Each makes ${label(p.rule)} pass by the engine (standard quality), the least glazing first:`}
      </p>
      {current && p.phase === 'searching' && <p aria-hidden="true">{p.tried} computed</p>}
      {current && p.phase === 'done' && p.proposals.length > 0 && (
        <>
          <ol>
            {p.proposals.map((x, i) => (
              <li key={i} data-testid="proposal" data-kind={x.change.kind}>
                <strong>{x.label}</strong>
                <span>
                  {x.addedGlazing > 0 ? `+${x.addedGlazing.toFixed(2)} m² of opening` : 'no glazing added'} ·{' '}
                  {x.verdict.detail}
                </span>
                <button
                  type="button"
                  data-testid="proposal-apply"
                  onClick={() => {
                    applyProposal(x);
                    // The list goes with the room it was for: the focus to the answer's heading, whose
                    // status line says the new answer.
                    document.getElementById('res-h')?.focus();
                  }}
                >
                  Apply
                </button>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}

/**
 * EN 17037's daylight-factor targets for the site of the weather file loaded (its Annex A: the daylight
 * factors that stand for 300 and 100 lx under the site's median diffuse illuminance), one click to use.
 */
function SiteTargets(): React.JSX.Element | null {
  const weather = useClimate((s) => s.weather);
  const edit = useApp((s) => s.edit);
  const t = weather?.enTargets;
  const level = t?.levels.find((l) => l.level === 'minimum');
  if (!weather || !t || !level || !(t.medianDiffuse > 0)) return null;
  const lux = Math.round(t.medianDiffuse).toLocaleString('en');
  const basis = siteBasisText(weather.location.city, t.medianDiffuse);
  return (
    <p className="hint" data-testid="site-targets">
      {weather.location.city}’s weather file: median diffuse illuminance {lux} lx, so EN 17037’s minimum level
      is DF {level.target.toFixed(1)} % over half the floor and {level.minimum.toFixed(1)} % over 95 %.{' '}
      <button
        type="button"
        data-testid="use-site-targets"
        onClick={() =>
          edit((s) => ({
            ...s,
            thresholds: { ...s.thresholds, enTarget: level.target, enMinimum: level.minimum, enBasis: basis },
          }))
        }
      >
        Use these
      </button>
    </p>
  );
}

/**
 * The scale of the map on the plan: the daylight factor's, or the climate-based metric the plan shows in its
 * place — whose legend is otherwise far down the Climate panel (on a phone, a screen or two below the map) —
 * with a word that the 3D view keeps the daylight factor.
 */
function PlanLegend(): React.JSX.Element {
  const settings = useSettings();
  const climate = useClimate();
  const scene = useApp((s) => s.scene);
  const metric = climateMap(climate, scene);
  if (!metric) return <Legend palette={settings.palette} max={settings.scaleMax} />;
  return (
    <>
      <Legend
        palette={settings.palette}
        max={metric.max}
        caption={`The plan: ${metric.caption}`}
        unit={metric.max === 100 ? '%' : 'h'}
      />
      <p className="hint" data-testid="legend-3d">
        The 3D view shows the daylight factor, on the same colours from 0 to {settings.scaleMax} %.
      </p>
    </>
  );
}
