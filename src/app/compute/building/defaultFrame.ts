import { meshWorker } from '../workers';
import { beginRemake, remakeAnswered, remakeFailed, takeRemade } from './remade';
import { cancelBuilding, isCurrent, readingFile, startRun } from './run';
import { useBuilding } from './store';

/** The ratio the worker was last asked for whose answer is not in yet: a later one's answer follows it. */
let asked: { ratio: number } | null = null;

/**
 * Another default frame ratio: kept for the next file, and with a building open its rooms are made again
 * (the windows whose frame the file gives keep theirs) and analysed again. Under way it shows so, with its
 * Cancel, which undoes it (remade.ts: the field reads the ratio before again). The worker keeps the rooms it
 * makes, so otherwise its answer is taken whatever happened meanwhile, and the year and proposals wait for
 * it (run.ts `remaking`): before 2026-12-07 a year or proposals started meanwhile dropped it, and the rooms
 * stayed at the old ratio under the new one.
 */
export async function setDefaultFrame(ratio: number): Promise<void> {
  const s = useBuilding.getState();
  if (
    readingFile() ||
    !s.building ||
    !s.building.rooms.some((r) => r.windows.some((w) => w.frameFrom === 'default'))
  ) {
    useBuilding.setState({ defaultFrame: ratio });
    return;
  }
  cancelBuilding();
  const mine = startRun();
  // Before the field takes the ratio: a Cancel puts the one before back.
  const epoch = beginRemake();
  const phase = useBuilding.getState().phase;
  const ask = { ratio };
  asked = ask;
  useBuilding.setState({ defaultFrame: ratio, frameBusy: ratio, phase: 'analysing', progress: 0 });
  let latest = false;
  const answer = await meshWorker()
    .reframe(ratio)
    .catch(remakeFailed)
    .finally(() => {
      latest = asked === ask;
      if (latest) {
        asked = null;
        useBuilding.setState({ frameBusy: null });
      }
    });
  if (!remakeAnswered(epoch) || !latest) return;
  if (!answer.ok) {
    // The rooms are as they were, and so is what they were doing, and the field reads the ratio they were
    // made with (the worker kept it); why is said.
    useBuilding.setState({ defaultFrame: s.defaultFrame });
    if (isCurrent(mine)) useBuilding.setState({ phase, message: answer.message });
    return;
  }
  await takeRemade(mine, { building: answer.building, requests: answer.requests });
}
