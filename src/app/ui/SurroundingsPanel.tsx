import * as Comlink from 'comlink';
import { useState } from 'react';
import { takeMesh } from '../compute/heldMesh';
import { invalidateAngles } from '../compute/surroundings';
import { meshWorker } from '../compute/workers';
import type { UpAxis } from '../../importers/importMesh';
import { useApp } from '../state/store';
import { outlineCentre } from '../scene/geometry';
import { useMeshDisplay } from './meshDisplay';

const parseAngles = (text: string): number[] | string => {
  const v = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  if (v.length !== 64)
    return `needs 64 values (across the window’s view, from its right to its left looking out), ${v.length} were given`;
  const bad = v.findIndex((x) => !Number.isFinite(x) || x < 0 || x > 90);
  if (bad >= 0)
    return `value ${bad + 1} (“${text.split(/[\s,;]+/).filter(Boolean)[bad]}”) is not an angle of 0–90°`;
  return v;
};

/** Surroundings (app.md §3): open sky, an imported mesh, or typed horizon/zenith angles. */
export function SurroundingsPanel(): React.JSX.Element {
  const s = useApp((st) => st.scene.surroundings);
  const ifcRoom = useApp((st) => st.scene.ifcRoom);
  const notHere = useMeshDisplay((st) => st.notHere);
  const handOverFailed = useMeshDisplay((st) => st.handOverFailed);
  const edit = useApp((st) => st.edit);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [up, setUp] = useState<UpAxis | 'auto'>('auto');
  const [horizon, setHorizon] = useState('');
  const [zenith, setZenith] = useState('');

  const onFile = async (file: File): Promise<void> => {
    setError(null);
    setBusy(`Reading ${file.name}…`);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const centre = outlineCentre(useApp.getState().scene.outline);
      const answer = await meshWorker().importFile(
        file.name,
        Comlink.transfer(bytes, [bytes.buffer]),
        up,
        centre,
      );
      if (!answer.ok) {
        setError(answer.message);
        return;
      }
      useMeshDisplay.getState().setMesh(answer.display);
      setShown(
        answer.shown < answer.mesh.triangles
          ? `The 3D view shows the ${answer.shown.toLocaleString('en')} triangles nearest the room; the angles use all of them.`
          : null,
      );
      // The model and engine workers take the mesh itself; should they fail to, the angles still answer
      // (and the panel says so).
      const meshId = await takeMesh();
      edit((sc) => ({
        ...sc,
        surroundings: {
          kind: 'mesh',
          name: file.name,
          triangles: answer.mesh.triangles,
          perWindow: {},
          ...(meshId ? { meshId } : {}),
        },
      }));
      invalidateAngles();
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      setError(`${file.name} cannot be read: ${why}. Export it again as OBJ, STL or glTF and import that.`);
    } finally {
      setBusy(null);
    }
  };

  const applyAngles = (): void => {
    const h = parseAngles(horizon),
      z = parseAngles(zenith);
    if (typeof h === 'string' || typeof z === 'string') {
      const said = [
        typeof h === 'string' ? `the horizon ${h}` : '',
        typeof z === 'string' ? `the zenith ${z}` : '',
      ]
        .filter(Boolean)
        .join('; ');
      setError(`These angles cannot be used: ${said}.`);
      return;
    }
    setError(null);
    edit((sc) => ({ ...sc, surroundings: { kind: 'angles', angles: { horizon: h, zenith: z } } }));
  };

  return (
    <section aria-labelledby="sur-h">
      <h2 id="sur-h">Surroundings</h2>
      <p data-testid="surroundings">
        {s.kind === 'open' && 'Open sky: no obstructions.'}
        {s.kind === 'angles' && 'Typed horizon and zenith angles, for every window.'}
        {s.kind === 'mesh' && `Mesh ${s.name}: ${s.triangles.toLocaleString('en')} triangles.`}
      </p>
      {s.kind === 'mesh' && (notHere || s.notCarried) && (
        <p className="hint" data-testid="surroundings-missing">
          {ifcRoom
            ? `Its building (${ifcRoom.file}) is not open here: the windows keep the angles measured among it. Open the file again to measure a new window's.`
            : s.notCarried === 'link'
              ? "The link carried the windows' angles, not the mesh (too many triangles for a link): import it again to see it and to measure a new window's."
              : s.notCarried === 'kept'
                ? "Kept from your last visit with the windows' angles, not the mesh (too many triangles to keep in the browser): import it again to see it and to measure a new window's."
                : "It is no longer loaded here: the windows keep the angles measured among it. Import it again to measure a new window's."}
        </p>
      )}
      {s.kind === 'mesh' && !s.meshId && handOverFailed && (
        <p className="hint" data-testid="surroundings-angles-only">
          {`The model and the engine could not take the mesh itself (${handOverFailed}): each window's answer reads its angles only, which can read a room among buildings brighter than they let it be. Import it again to try once more.`}
        </p>
      )}
      <label className="field column">
        <span>Import mesh (OBJ, STL, glTF/GLB, JSON)</span>
        <input
          type="file"
          data-testid="mesh-file"
          accept=".obj,.stl,.gltf,.glb,.json"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void onFile(f);
            e.target.value = '';
          }}
        />
      </label>
      <label className="field">
        <span>Which way is up in the file</span>
        <select value={up} onChange={(e) => setUp(e.target.value as UpAxis | 'auto')}>
          <option value="auto">As the format says (glTF: Y; OBJ, STL: Z)</option>
          <option value="z">Z is up</option>
          <option value="y">Y is up</option>
        </select>
      </label>
      {/* In the page, empty, before a file is read: a live region inserted with its words is not always read. */}
      <div role="status" data-testid="surroundings-said">
        {busy && <p>{busy}</p>}
      </div>
      {shown && s.kind === 'mesh' && <p className="hint">{shown}</p>}
      {error && (
        <p className="error" role="alert" data-testid="import-error">
          {error}
        </p>
      )}
      <details>
        <summary>Type horizon and zenith angles</summary>
        <label className="field column">
          <span>
            Height of the skyline in 64 directions (° above the horizontal), from the right to the left as
            seen looking out
          </span>
          <textarea
            rows={3}
            value={horizon}
            onChange={(e) => setHorizon(e.target.value)}
            data-testid="horizon-text"
          />
        </label>
        <label className="field column">
          <span>Overhang in the same 64 directions (° down from straight up; 0 where none)</span>
          <textarea
            rows={3}
            value={zenith}
            onChange={(e) => setZenith(e.target.value)}
            data-testid="zenith-text"
          />
        </label>
        <button type="button" onClick={applyAngles}>
          Use these angles
        </button>
      </details>
      {s.kind !== 'open' && (
        <button
          type="button"
          onClick={() => {
            void meshWorker().clear();
            useMeshDisplay.getState().setMesh(null);
            edit((sc) => ({ ...sc, surroundings: { kind: 'open' } }));
          }}
        >
          Back to open sky
        </button>
      )}
    </section>
  );
}
