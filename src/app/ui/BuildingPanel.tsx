import { useState } from 'react';
import { useClimate } from '../compute/climate';
import { partOf, roundedDown } from '../../core/stats/shareText';
import { glazingSummary } from '../../core/ifc/building';
import { download } from './download';
import { NumberField } from './NumberField';
import { BuildingNotes } from './BuildingNotes';
import { BuildingRoomRow } from './BuildingRoomRow';
import { BuildingStatus, underWay } from './BuildingStatus';
import { VegetationSetting } from './VegetationSetting';
import { addContext, removeContext } from '../compute/building/contexts';
import { setDefaultFrame } from '../compute/building/defaultFrame';
import { apartmentCsv, buildingApartments, buildingCsv, buildingReport } from '../compute/building/exports';
import { openIfc } from '../compute/building/openIfc';
import { proposeForBuilding } from '../compute/building/proposals';
import { cancelBuildingWork } from '../compute/building/remade';
import { remakingIn } from '../compute/building/run';
import { setSiteFactors } from '../compute/building/siteFactors';
import { useBuilding, zonesAsApartments } from '../compute/building/store';
import { runBuildingYear } from '../compute/building/year';

/**
 * A whole building from IFC (issue 20): open a file, see every room per storey with its area, window-to-
 * floor ratio, mean DF, share ≥ 1 % and verdicts as the background analysis fills them in, the reason
 * for each room that cannot be analysed, open any room in the editor, and download the table or the report.
 */
export function BuildingPanel(): React.JSX.Element {
  const s = useBuilding();
  const [siteError, setSiteError] = useState<string | null>(null);
  // The climate panel's weather file, for a year per room.
  const climate = useClimate();
  const rooms = s.building?.rooms ?? [];
  const analysable = s.requests.filter((r) => r).length;
  const done = s.outcomes.filter((o) => o?.summary).length;
  // While settling: the rooms the engine's current pass has reached; after it: those at standard quality.
  const pass = s.phase === 'settling' ? s.quality : 'standard';
  const byEngine = s.outcomes.filter((o) => o?.method === 'engine' && o.quality === pass).length;
  const storeys = [...new Set(rooms.map((r) => r.storey))];
  const base = (s.file ?? 'building').replace(/\.ifc$/i, '');
  const apartments = s.building ? buildingApartments() : [];
  const frameCounts = { glass: 0, lining: 0, default: 0, editor: 0 };
  for (const r of rooms) for (const w of r.windows) frameCounts[w.frameFrom]++;
  const remaking = remakingIn(s);
  const names = [...new Set([...(s.apartments ?? []), ...rooms.flatMap((r) => r.zones)].filter(Boolean))];
  return (
    <section aria-labelledby="bld-h">
      <h2 id="bld-h">Building (IFC)</h2>
      <label className="file-field">
        <span>Open an IFC file: every room is listed and analysed</span>
        <input
          type="file"
          accept=".ifc"
          data-testid="ifc-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void openIfc(f);
            e.target.value = '';
          }}
        />
      </label>
      <NumberField
        label="Frame ratio where the file gives none"
        unit="%"
        value={Math.round(s.defaultFrame * 1000) / 10}
        min={0}
        max={95}
        step={1}
        onCommit={(v) => void setDefaultFrame(v / 100)}
        testId="ifc-default-frame"
      />
      <VegetationSetting />
      <fieldset className="site-factors">
        <legend>EN 17037 for the site (daylight factors for 300 lx and 100 lx at its median sky)</legend>
        {(
          [
            ['Target', 'target', 'enTarget'],
            ['Minimum', 'minimum', 'enMinimum'],
          ] as const
        ).map(([label, which, key]) => (
          <NumberField
            key={which}
            label={label}
            unit="%"
            value={s.thresholds[key]}
            min={0.1}
            max={20}
            step={0.1}
            onCommit={(v) => setSiteError(setSiteFactors({ [which]: v }))}
            testId={`ifc-en-${which}`}
          />
        ))}
        {siteError && (
          <p className="error" role="alert" data-testid="ifc-en-error">
            {siteError}
          </p>
        )}
      </fieldset>
      {s.building && (
        <p className="hint" data-testid="ifc-frame-sources">
          Frames: {frameCounts.glass} from the glass in the file, {frameCounts.lining} from its lining data,{' '}
          {frameCounts.default} at this default
          {frameCounts.editor > 0 ? `, ${frameCounts.editor} set in the editor` : ''}.
        </p>
      )}
      {s.building && <BuildingNotes building={s.building} />}
      <BuildingStatus
        rooms={rooms.length}
        analysable={analysable}
        done={done}
        byEngine={byEngine}
        city={climate.weather?.location.city ?? null}
      />
      {s.refused && (
        // A file refused while a building is open: the building stays, as the worker keeps it.
        <p className="error" role="alert" data-testid="ifc-refused">
          {s.refused} ({s.file} stays open.)
        </p>
      )}
      {s.server && (s.phase === 'analysing' || s.phase === 'settling') && (
        <p className="hint" data-testid="ifc-server">
          Computing on {s.server.url}
          {s.server.job ? ` as job ${s.server.job}` : ''}: the rooms' maps arrive as each pass's job ends.
        </p>
      )}
      {s.message && s.phase !== 'error' && (
        <p className="hint" data-testid="ifc-notice">
          {s.message}
        </p>
      )}
      {s.phase === 'reading' && (
        <div className="progress">
          <progress
            value={s.progress}
            max={1}
            aria-label={s.stage === 'reading' ? 'Share of the file read' : 'Share of the rooms measured'}
          />
        </div>
      )}
      {underWay(s) && (
        <div className="progress">
          <progress
            // Indeterminate while the building is made again: the worker gives no progress of it.
            value={remaking ? undefined : s.progress}
            max={1}
            aria-label={
              remaking
                ? 'The building made again'
                : s.phase === 'analysing'
                  ? 'Rooms predicted by the model'
                  : s.proposing
                    ? 'Failing rooms searched for what would make them pass'
                    : s.yearRunning
                      ? 'Rooms with their year computed'
                      : `Rooms computed by the engine at ${s.quality} quality`
            }
          />
          <button type="button" onClick={cancelBuildingWork} data-testid="ifc-cancel">
            Cancel
          </button>
        </div>
      )}
      <div className="building-context">
        {s.building && (
          <label className="file-field">
            <span>
              Add surroundings: neighbours as IFC, or a city as OBJ, STL or glTF, in the building’s
              coordinates
            </span>
            <input
              type="file"
              accept=".ifc,.obj,.stl,.gltf,.glb"
              data-testid="ifc-context-file"
              disabled={s.contextBusy !== null || s.phase === 'reading'}
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void addContext(f);
                e.target.value = '';
              }}
            />
          </label>
        )}
        {/* In the page, empty, before any building or context file: a live region inserted with its words is
            not always read. */}
        <div role="status" data-testid="ifc-context-said">
          {s.contextBusy && <p>Reading {s.contextBusy}…</p>}
        </div>
        {s.contextError && (
          <p className="error" role="alert" data-testid="ifc-context-error">
            {s.contextError}
          </p>
        )}
        {s.contexts.length > 0 && (
          <ul className="rooms" data-testid="ifc-contexts">
            {s.contexts.map((c, i) => (
              <li key={`${i}-${c}`} className="room-head">
                <span>{c}</span>
                <button
                  type="button"
                  onClick={() => void removeContext(i)}
                  aria-label={`Remove ${c}`}
                  // One change of the surroundings at a time, none while a file is read (contexts.ts).
                  disabled={s.contextBusy !== null || s.phase === 'reading'}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {s.building && (
          <p className="hint" data-testid="ifc-triangles">
            The rooms see {s.triangles.toLocaleString('en')} triangles: the building’s own
            {s.contexts.length
              ? ` and ${s.contexts.length} context file${s.contexts.length > 1 ? 's' : ''}`
              : ''}
            .
          </p>
        )}
      </div>
      {storeys.map((storey) => (
        <div key={storey} className="storey">
          <h3>{storey || 'No storey'}</h3>
          <ul className="rooms">
            {rooms.map((r, i) =>
              r.storey !== storey ? null : (
                <BuildingRoomRow
                  key={r.ifcId}
                  room={r}
                  index={i}
                  outcome={s.outcomes[i] ?? null}
                  apartment={s.apartments ? s.apartments[i]! : null}
                />
              ),
            )}
          </ul>
        </div>
      ))}
      <datalist id="ifc-apartments">
        {names.map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      {s.building && (
        <div className="apartments" data-testid="ifc-apartments">
          <h3>Apartments (BFS 2024:8)</h3>
          <p className="hint">
            {s.apartments
              ? 'Grouped by hand. '
              : rooms.some((r) => r.zones.length)
                ? 'Grouped by the file’s zones (IfcZone). '
                : 'The file groups no rooms into zones. '}
            Type an apartment’s name in a room’s row to group rooms: its rooms’ floor with DF ≥ 1 % over their
            floor, rooms without windows not counted.
          </p>
          {apartments.length > 0 && (
            <table className="apartment-table">
              <thead>
                <tr>
                  <th>Apartment</th>
                  <th>Rooms</th>
                  <th>DF ≥ 1 %</th>
                  <th>BFS</th>
                </tr>
              </thead>
              <tbody>
                {apartments.map((a) => (
                  <tr key={a.name} data-testid="ifc-apartment-row" data-name={a.name}>
                    <td>{a.name}</td>
                    <td>
                      {a.rooms.join(', ') || '–'}
                      {a.notCounted.length > 0 && (
                        <span className="hint"> (not counted: {a.notCounted.join(', ')})</span>
                      )}
                    </td>
                    <td className="n" data-testid="ifc-apartment-share">
                      {roundedDown(a.share, 0)} %
                      <div className="hint">
                        {partOf(a.compliant, a.area)} of {a.area.toFixed(2)} m²
                      </div>
                    </td>
                    {a.unjudged.length > 0 ? (
                      // A room with windows not analysed (yet, or it failed): its light is unknown.
                      <td className="hint" data-testid="ifc-apartment-verdict">
                        not judged: {a.unjudged.join(', ')} not analysed
                        {s.phase === 'analysing' || s.phase === 'settling' ? ' yet' : ''}
                      </td>
                    ) : (
                      <td className={a.pass ? 'pass' : 'fail'} data-testid="ifc-apartment-verdict">
                        {a.pass ? '✓ pass' : '✗ fail'}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className="buttons">
            {apartments.length > 0 && (
              <button
                type="button"
                data-testid="ifc-apartments-csv"
                onClick={() =>
                  download(`${base}-apartments.csv`, new Blob([apartmentCsv()], { type: 'text/csv' }))
                }
              >
                Apartments (CSV)
              </button>
            )}
            {s.apartments && (
              <button type="button" onClick={zonesAsApartments}>
                Group by the file’s zones again
              </button>
            )}
          </div>
        </div>
      )}
      {s.building && <p data-testid="ifc-glazing">Glazing: {glazingSummary(s.building)}.</p>}
      {s.building && s.building.unplaced.length > 0 && (
        <details>
          <summary>Glazing not analysed ({s.building.unplaced.length})</summary>
          <ul className="rooms">
            {s.building.unplaced.map((u) => (
              <li key={u.ifcId}>
                {u.name} ({u.kind}): {u.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {s.building && s.outcomes.some((o) => o?.summary?.verdicts.some((v) => v.id === 'bfs' && !v.pass)) && (
        <p>
          <button
            type="button"
            data-testid="ifc-proposals"
            disabled={
              s.phase === 'analysing' || s.phase === 'settling' || s.phase === 'reading' || remakingIn(s)
            }
            onClick={() => void proposeForBuilding('bfs')}
          >
            What would make the rooms that fail BFS 2024:8 pass?
          </button>
        </p>
      )}
      {s.building && climate.weather && (
        <p>
          <button
            type="button"
            data-testid="ifc-year"
            disabled={
              s.phase === 'analysing' || s.phase === 'settling' || s.phase === 'reading' || remakingIn(s)
            }
            onClick={() => void runBuildingYear()}
          >
            A year of {climate.weather.location.city} for every room
          </button>
        </p>
      )}
      {s.building && (
        <div className="buttons">
          <button
            type="button"
            data-testid="ifc-csv"
            onClick={() => download(`${base}-rooms.csv`, new Blob([buildingCsv()], { type: 'text/csv' }))}
          >
            Rooms (CSV)
          </button>
          <button
            type="button"
            data-testid="ifc-report"
            disabled={s.phase === 'analysing' || s.phase === 'settling'}
            onClick={() =>
              download(`${base}-report.html`, new Blob([buildingReport()], { type: 'text/html' }))
            }
          >
            Report (HTML, prints to PDF)
          </button>
        </div>
      )}
    </section>
  );
}
