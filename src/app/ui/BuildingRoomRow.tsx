import { windowToFloor } from '../../core/ifc/roomRequest';
import { glazingCount, ifcRoomLabel, type IfcRoom } from '../../core/ifc/building';
import { proposalText } from '../../core/report/roomResult';
import { roundedDown } from '../../core/stats/shareText';
import { openRoom } from '../compute/building/roomEdits';
import { setApartment, type RoomOutcome } from '../compute/building/store';

/**
 * One room of the building's list (BuildingPanel): its figures, its map's mean and shares as the background
 * analysis fills them in, its verdicts, its year and proposals, the notes the report gives it, why it cannot
 * be analysed, and its apartment.
 */
export function BuildingRoomRow({
  room: r,
  index: i,
  outcome: o,
  apartment,
}: {
  room: IfcRoom;
  index: number;
  outcome: RoomOutcome | null;
  /** The apartment the user set (null: the file's zones). */
  apartment: string | null;
}): React.JSX.Element {
  const why = r.problem ?? o?.error ?? null;
  const st = o?.summary?.stats;
  return (
    <li data-testid="ifc-room" data-number={r.number} className={why ? 'problem' : ''}>
      <div className="room-head">
        <strong>{ifcRoomLabel(r)}</strong>
        {!r.problem && (
          <button type="button" onClick={() => openRoom(i)} data-testid={`ifc-open-${r.number}`}>
            Open
          </button>
        )}
      </div>
      <div className="room-figures">
        {r.area.toFixed(1)} m² · {glazingCount(r.windows, r.skylights.length)}
        {r.windows.length > 0 && ` · window/floor ${(windowToFloor(r) * 100).toFixed(0)} %`}
        {r.edited && <span data-testid="ifc-room-edited"> · changed in the editor</span>}
        {st && (
          <span data-testid="ifc-room-df" data-method={o?.method} data-quality={o?.quality}>
            {' '}
            · DF {st.mean.toFixed(2)} % · ≥ 1 %: {roundedDown(st.area_above['1']!, 0)} %
            {o?.method === 'model' ? ' (preview)' : o?.quality === 'draft' ? ' (draft)' : ''}
          </span>
        )}
      </div>
      {o?.climate && (
        <div className="room-figures" data-testid="ifc-room-year">
          A year: sDA {roundedDown(o.climate.summary.sda_blinds)} % · ASE{' '}
          {(Math.ceil(o.climate.summary.ase * 10) / 10).toFixed(1)} % · EN 17037{' '}
          {o.climate.summary.en17037.reached ?? 'not reached'}
        </div>
      )}
      {o?.summary && (
        <div className="room-verdicts">
          {o.summary.verdicts.map((v) => (
            <span key={v.id} className={v.pass ? 'pass' : 'fail'} data-verdict={v.id}>
              {v.pass ? '✓' : '✗'} {v.label}
            </span>
          ))}
        </div>
      )}
      {o?.proposals && (
        <div className="room-figures" data-testid="ifc-room-proposal">
          To pass: {proposalText(o.proposals)}
        </div>
      )}
      {r.notes.length > 0 && (
        // As the report's page and rooms.json give them (a sloped ceiling analysed in part, a stepped floor,
        // holes counted as floor, a floor above 10 m): what its figures stand for.
        <ul className="hint room-notes" data-testid="ifc-room-notes">
          {r.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      {why && (
        <div className="room-why" data-testid="ifc-room-why">
          {why}
        </div>
      )}
      <label className="apartment-field">
        Apartment{' '}
        <input
          list="ifc-apartments"
          value={apartment ?? r.zones.join(', ')}
          onChange={(e) => setApartment(i, e.target.value)}
          data-testid={`ifc-apartment-${r.number}`}
          aria-label={`Apartment of ${ifcRoomLabel(r)}`}
        />
      </label>
    </li>
  );
}
