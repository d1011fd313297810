import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { useAnswer } from './compute/answerStore';
import { restoreWeather } from './compute/climate';
import { takeMesh } from './compute/heldMesh';
import { ensureModel } from './compute/predictor';
import { meshWorker } from './compute/workers';
import { decodeShare, isShareFragment } from './share/codec';
import { forgetKept, keepScene, keptFragment, markLinked } from './share/keptScene';
import { useApp } from './state/store';
import { useMeshDisplay } from './ui/meshDisplay';
import { useProject } from './compute/project';
import { useBuilding } from './compute/building/store';
import './styles.css';

/**
 * The app's entry: restores a shared scene from the URL fragment (or says why it cannot), else the room kept
 * in this browser from the last visit (keptScene.ts), then renders and keeps the room from then on. The
 * restored scene replaces the default one without an undo step behind it; a link pasted into the address
 * bar of the open app (`over`) replaces the room on screen, which an undo gives back.
 */
function openShared(fragment: string, fromLink: boolean, over = false): void {
  const { scene, mesh, weather, project } = decodeShare(fragment, fromLink ? 'link' : 'kept');
  if (over) {
    useApp.getState().replaceScene(scene);
    useBuilding.setState({ view: 'room' });
  } else useApp.setState({ scene, past: [], future: [] });
  // A link's project details replace this device's (the report then says what the sender's said); the
  // room kept from the last visit leaves them as this device keeps them (newer than the room's last edit).
  if (project && fromLink) useProject.setState(project);
  // The link's year: its weather file from this device's store, or the panel asks for it.
  if (weather) void restoreWeather(weather);
  if (mesh) {
    // The link's small mesh: the angles from it at once, then the workers take it (heldMesh.ts).
    void meshWorker()
      .setMesh(mesh)
      .then(() => takeMesh())
      .then((meshId) => {
        if (meshId)
          useApp
            .getState()
            .edit(
              (s) =>
                s.surroundings.kind === 'mesh' ? { ...s, surroundings: { ...s.surroundings, meshId } } : s,
              { record: false },
            );
      })
      .catch(() => undefined);
    useMeshDisplay.getState().setMesh(mesh);
  } else if (scene.ifcRoom && scene.surroundings.kind === 'mesh') {
    // A room of a building not open here: its windows' angles came alone, and the panel says so.
    useMeshDisplay.getState().setMesh(null, true);
  }
}

let notice: string | null = null;
let linkOpened = false;
if (isShareFragment(location.hash)) {
  try {
    openShared(location.hash, true);
    markLinked(useApp.getState().scene);
    linkOpened = true;
  } catch (e) {
    notice = e instanceof Error ? e.message : String(e);
  }
}
// The room kept from the last visit, also when the address's link could not be opened (before, the default
// room was shown then, and its first edit was kept over the room of the last visit).
let keptOpened = false;
const kept = linkOpened ? null : keptFragment();
try {
  if (kept) {
    openShared(kept, false);
    keptOpened = true;
  }
} catch {
  // A kept room this version cannot read (or damaged storage): the default room, and nothing kept.
  forgetKept();
}
if (notice)
  notice += keptOpened
    ? ' The room kept from your last visit is shown instead.'
    : ' The default room is shown instead.';
keepScene();

// The model's card into the status line as soon as it is loaded (boot.ts started the loading).
if (!useAnswer.getState().remote) void ensureModel().catch(() => undefined);

const root = createRoot(document.getElementById('root')!);
const render = (): void =>
  root.render(
    <StrictMode>
      <App notice={notice} />
    </StrictMode>,
  );
render();

// A link pasted into the address bar of the open app changes only the fragment: no page load, so it is
// opened here (before, the room on screen stayed, and its next edit took the link off the address).
window.addEventListener('hashchange', () => {
  if (!isShareFragment(location.hash)) return;
  try {
    openShared(location.hash, true, true);
    markLinked(useApp.getState().scene);
    notice = null;
  } catch (e) {
    notice = `${e instanceof Error ? e.message : String(e)} The room on screen is kept.`;
  }
  render();
});

// Offline after the first visit (app.md §10): the service worker precaches the app, model and runtime.
if ('serviceWorker' in navigator && import.meta.env.PROD) void navigator.serviceWorker.register('/sw.js');
