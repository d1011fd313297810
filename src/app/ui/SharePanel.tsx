import { useState } from 'react';
import { sharedWeather } from '../compute/climate';
import { markLinked, shareFragment } from '../share/keptScene';
import { useApp } from '../state/store';

/** "Copy link" (app.md §8): the scene in the URL fragment, put in the address bar and on the clipboard. */
export function SharePanel(): React.JSX.Element {
  const [message, setMessage] = useState<string | null>(null);
  const copy = async (): Promise<void> => {
    try {
      const now = useApp.getState().scene;
      const { fragment: hash, meshTravels } = await shareFragment(now);
      const weather = sharedWeather();
      history.replaceState(null, '', hash);
      // The address now stands for this scene, until it changes (keptScene.ts).
      markLinked(now);
      const url = location.href;
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      setMessage(
        `Link copied (${url.length.toLocaleString('en')} characters)${meshTravels ? '' : '; the mesh is too large to travel in a link: its angles do'}. ` +
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
      {/* The live region is in the page, empty, before the link is copied: one inserted with its words is not
          read by every screen reader. */}
      <div role="status" data-testid="share-said">
        {message && <p data-testid="share-message">{message}</p>}
      </div>
    </section>
  );
}
