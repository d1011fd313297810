import { meshWorker } from '../workers';
import { analyse } from './analyse';
import { cancelBuilding, isCurrent, readingFile, startRun } from './run';
import { useBuilding } from './store';

/**
 * Another default frame ratio: kept for the next file, and with a building open its rooms are made again
 * (the windows whose frame the file gives keep theirs) and analysed again.
 */
export async function setDefaultFrame(ratio: number): Promise<void> {
  useBuilding.setState({ defaultFrame: ratio });
  const s = useBuilding.getState();
  if (
    readingFile() ||
    !s.building ||
    !s.building.rooms.some((r) => r.windows.some((w) => w.frameFrom === 'default'))
  )
    return;
  cancelBuilding();
  const mine = startRun();
  const answer = await meshWorker().reframe(ratio);
  if (!isCurrent(mine) || !answer.ok) return;
  useBuilding.setState({
    building: answer.building,
    requests: answer.requests,
    outcomes: answer.requests.map(() => null),
    phase: 'analysing',
    progress: 0,
  });
  await analyse(mine);
}
