import { useState } from 'react';
import { encodeShare, MESH_IN_LINK } from '../share/codec';
import { sharedWeather } from '../compute/climate';
import { projectNow } from '../compute/project';
import { meshWorker } from '../compute/workers';
import { withAngles } from '../compute/surroundings';
import { useApp } from '../state/store';

/** "Copy link" (app.md §8): the scene in the URL fragment, put in the address bar and on the clipboard. */
export function SharePanel(): React.JSX.Element {
  const [message, setMessage] = useState<string | null>(null);
  const copy = async (): Promise<void> => {
    try {
      const now = useApp.getState().scene;
      const mesh = now.surroundings.kind === 'mesh' ? await meshWorker().smallMesh(MESH_IN_LINK) : null;
      // A mesh too large to travel leaves its angles in the link: measured for the room as it is now.
      const scene = now.surroundings.kind === 'mesh' && !mesh ? await withAngles(now) : now;
      const weather = sharedWeather();
      const hash = encodeShare(scene, mesh, weather, projectNow());
      history.replaceState(null, '', hash);
      const url = location.href;
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      setMessage(
        `Link copied (${url.length.toLocaleString('en')} characters)${scene.surroundings.kind === 'mesh' && !mesh ? '; the mesh is too large to travel in a link: its angles do' : ''}. ` +
          'It holds the room, not its map: opened, it shows the model’s preview and settles to the engine.' +
          (weather
            ? ` It names the weather file (${weather.name}) without carrying it: opened on this device, the year runs again; elsewhere the file is asked for.`
            : ''),
      );
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <section aria-labelledby="share-h">
      <h2 id="share-h">Share</h2>
      <button type="button" onClick={() => void copy()} data-testid="copy-link">
        Copy link
      </button>
      {message && (
        <p role="status" data-testid="share-message">
          {message}
        </p>
      )}
    </section>
  );
}
