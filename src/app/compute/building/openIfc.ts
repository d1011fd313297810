import * as Comlink from 'comlink';
import { useMeshDisplay } from '../../ui/meshDisplay';
import { engineLanes, meshWorker } from '../workers';
import { analyse } from './analyse';
import { setDefaultFrame } from './defaultFrame';
import { forgetRemakes } from './remade';
import { setVegetation } from './vegetation';
import { isCurrent, remakingIn, startRun } from './run';
import { EMPTY, useBuilding, type BuildingState } from './store';

/** What the open building was doing when a file began to be read: resumed if that file is refused. */
let beforeReading: BuildingState['phase'] = 'idle';

/**
 * Reads an IFC file in the mesh worker; once its rooms are listed they are analysed in the background
 * (analyse.ts). A refused file leaves the open building as it was (refuse).
 */
export async function openIfc(file: File): Promise<void> {
  const mine = startRun();
  // The last file's engine runs stop: their answers would be dropped, and the new file's passes wait on them.
  engineLanes.started()?.cancelAll();
  const was = useBuilding.getState();
  // A making still to answer (a context file, a frame ratio, trees) lands while the file is read: its rooms
  // are analysed if the file is refused (remade.ts leaves them to it).
  if (was.phase !== 'reading')
    beforeReading =
      was.yearRunning || was.proposing ? 'cancelled' : remakingIn(was) ? 'analysing' : was.phase;
  // The open building stays shown while the file is read: the worker keeps it until another is read (a
  // refused file leaves it open there), so the page does too.
  useBuilding.setState({
    phase: 'reading',
    reading: file.name,
    refused: null,
    progress: 0,
    stage: 'reading',
    yearRunning: false,
    proposing: null,
  });
  const bytes = new Uint8Array(await file.arrayBuffer());
  // Another file opened meanwhile is the one to read: the worker keeps the file asked for last, so this one
  // is not asked for after it (a large file's bytes can come after a small one's).
  if (!isCurrent(mine)) return;
  const { defaultFrame: frame, vegetation, crownTransmittance } = useBuilding.getState();
  const answer = await meshWorker().importIfc(
    file.name,
    Comlink.transfer(bytes, [bytes.buffer]),
    { defaultFrameRatio: frame, vegetation, crownTransmittance },
    Comlink.proxy((f: number, stage: 'reading' | 'angles') => {
      if (isCurrent(mine)) useBuilding.setState({ progress: f, stage });
    }),
  );
  if (!isCurrent(mine)) return;
  // Unreadable, or without rooms: the worker keeps the building it had, and its mesh; so does the page.
  if (!answer.ok) return refuse(mine, file.name, answer.message);
  // The open building's remakes still to answer were of the building before: not taken (the worker made
  // them there, or dropped a context file still read).
  forgetRemakes();
  // The building stands around every room opened from it; hidden in 3D until asked for (it would wall
  // the room in).
  useMeshDisplay.getState().setMesh(answer.display);
  useMeshDisplay.getState().setVisible(false);
  const { building, requests } = answer;
  // The plan opens on the lowest storey with a room to analyse (the ground floor's shop before the
  // basement's store rooms).
  const first = building.rooms.find((r, i) => requests[i]) ?? building.rooms[0];
  useBuilding.setState({
    ...EMPTY,
    file: file.name,
    view: 'building',
    storey: first?.storey ?? null,
    phase: 'analysing',
    progress: 0,
    building,
    requests,
    triangles: answer.triangles,
    outcomes: requests.map(() => null),
  });
  // The default frame ratio changed while the file was read: its rooms are made again with it.
  if (useBuilding.getState().defaultFrame !== frame)
    return setDefaultFrame(useBuilding.getState().defaultFrame);
  // So did the vegetation setting: its rooms are measured again with it.
  const now = useBuilding.getState();
  if (now.vegetation !== vegetation || now.crownTransmittance !== crownTransmittance)
    return setVegetation(now.vegetation, now.crownTransmittance);
  await analyse(mine);
}

/**
 * A file refused (not IFC, cut short, no rooms): said, and the building open before stays, its analysis
 * taken up again where reading the file stopped it (its rooms not yet at standard quality).
 */
async function refuse(mine: number, file: string, message: string): Promise<void> {
  const s = useBuilding.getState();
  if (!s.building) {
    useBuilding.setState({ phase: 'error', message });
    return;
  }
  // Also where rooms were made again while it was read (a room kept from the editor): a finished analysis
  // leaves no analysable room without an outcome.
  const resume =
    beforeReading === 'analysing' ||
    beforeReading === 'settling' ||
    (beforeReading !== 'cancelled' && s.requests.some((r, j) => r !== null && !s.outcomes[j]));
  useBuilding.setState({
    reading: null,
    refused: `${file}: ${message}`,
    phase: resume ? 'analysing' : beforeReading,
    progress: 0,
  });
  if (resume) await analyse(mine, (j) => s.outcomes[j]?.quality !== 'standard');
}
