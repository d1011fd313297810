import { useEffect, useRef } from 'react';
import { startPredictor } from './compute/predictor';
import { followBuildingCrowns } from './compute/building/editorCrowns';
import { startSurroundings } from './compute/surroundings';
import { showView, useBuilding } from './compute/building/store';
import { BuildingPanel } from './ui/BuildingPanel';
import { ClimatePanel } from './ui/ClimatePanel';
import { ExportPanel } from './ui/ExportPanel';
import { PrintSheet } from './ui/PrintSheet';
import { InstallButton } from './ui/InstallButton';
import { MaterialsPanel } from './ui/MaterialsPanel';
import { ObstructionPanel } from './ui/ObstructionPanel';
import { PlanView } from './ui/PlanView';
import { ResultsPanel } from './ui/ResultsPanel';
import { ServerPanel } from './ui/ServerPanel';
import { RoomPanel } from './ui/RoomPanel';
import { SharePanel } from './ui/SharePanel';
import { SurroundingsPanel } from './ui/SurroundingsPanel';
import { Toolbar } from './ui/Toolbar';
import { VerifyPanel } from './ui/VerifyPanel';
import { LazyBuildingView, RoomView3D } from './ui/Views3D';
import { WindowsPanel } from './ui/WindowsPanel';

/** With a building open, the views show either the editor's room or the building's rooms. */
function ViewSwitch(): React.JSX.Element | null {
  const view = useBuilding((s) => s.view);
  const open = useBuilding((s) => s.building !== null);
  const group = useRef<HTMLDivElement>(null);
  // A room opened from the building (its shape or its row's Open) goes with the view it was in: the focus
  // goes to the view switch, which says which view is shown, not to the page's top.
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) group.current?.querySelector<HTMLElement>('[aria-pressed="true"]')?.focus();
  }, [view]);
  if (!open) return null;
  return (
    <div role="group" aria-label="Views" className="toolbar" ref={group}>
      {(['room', 'building'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          onClick={() => showView(v)}
          data-testid={`view-${v}`}
        >
          {v === 'room' ? 'Room' : 'Building'}
        </button>
      ))}
    </div>
  );
}

export function App({ notice }: { notice: string | null }): React.JSX.Element {
  const view = useBuilding((s) => s.view);
  useEffect(() => {
    const a = startSurroundings();
    const c = followBuildingCrowns();
    const b = startPredictor();
    return () => {
      a();
      b();
      c();
    };
  }, []);
  return (
    <div className="app">
      <header>
        <h1>Lux</h1>
        {view === 'room' && <Toolbar />}
        <ViewSwitch />
        <nav>
          <InstallButton />
          <a href="/v2/docs">API</a>
        </nav>
      </header>
      {notice && (
        <p className="notice" role="alert" data-testid="notice">
          {notice}
        </p>
      )}
      <main>
        <div className="views">
          {view === 'building' ? (
            <LazyBuildingView />
          ) : (
            <>
              <PlanView />
              <RoomView3D />
            </>
          )}
        </div>
        {view === 'building' ? (
          // The building's list and totals beside its plan; the room panels return with the room.
          // Keyed apart from the room's panel: each view gets a panel of its own, scrolled to its top, so a
          // room opened from far down the building's list shows its answer first (issue 34).
          <aside className="wide" key="building">
            <BuildingPanel />
            <ClimatePanel room={false} />
            <ServerPanel />
          </aside>
        ) : (
          <aside key="room">
            <ResultsPanel />
            <VerifyPanel />
            <ClimatePanel />
            <RoomPanel />
            <WindowsPanel />
            <SurroundingsPanel />
            <ObstructionPanel />
            <MaterialsPanel />
            <SharePanel />
            <ExportPanel />
            <BuildingPanel />
            <ServerPanel />
          </aside>
        )}
      </main>
      <PrintSheet />
    </div>
  );
}
