import { ifcRoomLabel } from '../../core/ifc/building';
import { floorDrop, FLOOR_LIMIT, FLOOR_MAX } from '../../core/api/highFloor';
import { crownsNote, fromBuildingNote, type FromBuildingMethod } from './fromBuildingNote';
import { useApp } from '../state/store';
import { useState } from 'react';
import { parseOutline, removeCorner, withOutline } from '../scene/corners';
import { CompassRose } from './CompassRose';
import { editedRoom } from '../compute/building/editedRoom';
import { keepRoomEdits } from '../compute/building/roomEdits';
import { useBuilding } from '../compute/building/store';
import { lanesRefused } from '../compute/building/lanesMesh';
import { useAnswer } from '../compute/answerStore';
import { NumberField } from './NumberField';

/** Heights and the outline's exact coordinates (app.md §1: type exact coordinates). */
export function RoomPanel(): React.JSX.Element {
  const scene = useApp((s) => s.scene);
  const edit = useApp((s) => s.edit);
  const beginGesture = useApp((s) => s.beginGesture);
  const setPoint = (i: number, k: 0 | 1, v: number): void =>
    edit((s) => ({
      ...s,
      outline: s.outline.map((p, j) =>
        j === i ? ((k === 0 ? [v, p[1]] : [p[0], v]) as [number, number]) : p,
      ),
    }));
  return (
    <section aria-labelledby="room-h">
      <h2 id="room-h">Room</h2>
      <FromBuilding />
      <label className="room-name">
        Name (on its report page)
        <input
          type="text"
          value={scene.name ?? ''}
          maxLength={120}
          placeholder="A103 Kitchen"
          data-testid="room-name"
          // One undo step for the whole name: the scene before it is recorded when typing starts.
          onFocus={() => beginGesture()}
          onChange={(e) => edit((s) => ({ ...s, name: e.target.value }), { record: false })}
          onBlur={(e) => {
            edit((s) => ({ ...s, name: e.target.value.trim() || undefined }), { record: false });
            useApp.getState().endGesture();
          }}
        />
      </label>
      <NumberField
        label="Floor above terrain"
        unit="m"
        value={scene.floorZ}
        min={0}
        max={FLOOR_LIMIT}
        onCommit={(v) => edit((s) => ({ ...s, floorZ: v }))}
        testId="floor-z"
      />
      {floorDrop(scene.floorZ) > 0 && (
        <p className="hint" data-testid="floor-lowered">
          Above {FLOOR_MAX} m: the room is sent at {FLOOR_MAX} m, as the API takes it, with its windows’
          obstruction angles measured here; over open ground a window sees the same ground from any height.
        </p>
      )}
      <NumberField
        label="Floor to ceiling"
        unit="m"
        value={scene.height}
        min={0.5}
        max={30}
        onCommit={(v) => edit((s) => ({ ...s, height: v }))}
        testId="height"
      />
      <NumberField
        label="True north, clockwise from the plan's up"
        unit="°"
        value={scene.north ?? 0}
        min={-360}
        max={360}
        step={1}
        onCommit={(v) => edit((s) => ({ ...s, north: v }))}
        testId="north"
      />
      <CompassRose />
      <TypedOutline />
      <details>
        <summary>Outline coordinates ({scene.outline.length} corners)</summary>
        <table className="coords">
          <thead>
            <tr>
              <th>#</th>
              <th>x (m)</th>
              <th>y (m)</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {scene.outline.map((p, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>
                  <NumberField
                    label={`Corner ${i + 1} x`}
                    value={p[0]}
                    onCommit={(v) => setPoint(i, 0, v)}
                    testId={`corner-${i}-x`}
                  />
                </td>
                <td>
                  <NumberField
                    label={`Corner ${i + 1} y`}
                    value={p[1]}
                    onCommit={(v) => setPoint(i, 1, v)}
                    testId={`corner-${i}-y`}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    aria-label={`Remove corner ${i + 1}`}
                    disabled={scene.outline.length <= 3}
                    onClick={() => edit((s) => removeCorner(s, i)?.scene ?? s)}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}

/**
 * A room from scratch by keyboard: its outline typed as corners ("0 0; 6 0; 6 4; 0 4") or a rectangle
 * ("6 x 4"), applied with Enter or the button; what is wrong with it said beside the field.
 */
function TypedOutline(): React.JSX.Element {
  const edit = useApp((s) => s.edit);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = (): void => {
    const outline = parseOutline(text);
    if (typeof outline === 'string') return setError(outline);
    setError(null);
    edit((s) => withOutline(s, outline));
  };
  return (
    <div className="typed-outline">
      <label>
        Type an outline (corners “x y; x y; …” in metres, or “6 x 4”)
        <input
          type="text"
          value={text}
          placeholder="0 0; 6 0; 6 4; 0 4"
          data-testid="typed-outline"
          aria-invalid={error !== null}
          aria-describedby={error ? 'typed-outline-error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
      </label>
      <button type="button" data-testid="typed-outline-apply" onClick={apply}>
        Use this outline
      </button>
      {error && (
        <p className="hint" role="alert" id="typed-outline-error" data-testid="typed-outline-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A room opened from a building (issue 34 §2): where it came from, and its edits kept back in the building
 * on request — its row, the plan, the apartment totals and the report then show it as edited here.
 */
function FromBuilding(): React.JSX.Element | null {
  const scene = useApp((s) => s.scene);
  const building = useBuilding();
  const remote = useAnswer((s) => s.remote);
  const at = editedRoom(scene, building);
  if (!at) return null;
  const room = building.building!.rooms[at.index]!;
  const label = ifcRoomLabel(room);
  // Other surroundings chosen here (the open sky, typed angles, a mesh): the Surroundings panel says them.
  const method: FromBuildingMethod | null = !at.buildingAround
    ? null
    : at.reshaped
      ? 'reshaped'
      : remote
        ? 'server'
        : lanesRefused(building.message)
          ? 'refused'
          : 'among';
  const note = method && fromBuildingNote(room, method);
  const crowns = at.buildingAround ? building.building!.crowns : undefined;
  return (
    <div className="from-building" data-testid="from-building">
      <p>
        From {building.file}: {label}
        {room.storey ? `, ${room.storey}` : ''}.
      </p>
      {note && (
        <p className="hint" data-testid="from-building-method">
          {note}
        </p>
      )}
      {crowns && (
        <p className="hint" data-testid="from-building-crowns">
          {crownsNote(crowns.transmittance)}
        </p>
      )}
      {at.changed && (
        <>
          <button type="button" data-testid="keep-in-building" onClick={() => void keepRoomEdits()}>
            Keep these changes in the building
          </button>
          <p className="hint">
            The building’s table, plan, apartment totals and report then show this room as it is here (it is
            analysed again there), marked as changed from the file.
          </p>
        </>
      )}
      {/* In the page, empty, before "Keep these changes": a live region inserted with its words is not
          always read. */}
      <div role="status">
        {!at.changed && room.edited && (
          <p data-testid="kept-in-building">
            Kept in the building: its row, plan, totals and report show the room as edited here.
          </p>
        )}
      </div>
    </div>
  );
}
