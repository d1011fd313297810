import { useEffect } from 'react';
import { startPredictor } from './compute/predictor';
import { startSurroundings } from './compute/surroundings';
import { BuildingPanel } from './ui/BuildingPanel';
import { ExportPanel, PrintSheet } from './ui/ExportPanel';
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
import { View3D } from './ui/View3D';
import { WindowsPanel } from './ui/WindowsPanel';

export function App({ notice }: { notice: string | null }): React.JSX.Element {
  useEffect(() => {
    const a = startSurroundings();
    const b = startPredictor();
    return () => {
      a();
      b();
    };
  }, []);
  return (
    <div className="app">
      <header>
        <h1>Lux</h1>
        <Toolbar />
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
          <PlanView />
          <View3D />
        </div>
        <aside>
          <ResultsPanel />
          <VerifyPanel />
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
      </main>
      <PrintSheet />
    </div>
  );
}
