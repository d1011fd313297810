import { meshWorker } from '../workers';
import { takeRemade } from './remade';
import { cancelBuilding, readingFile, startRun } from './run';
import { useBuilding } from './store';

/** The ratio the worker was last asked for whose answer is not in yet: a later one's answer follows it. */
let asked: { ratio: number } | null = null;

/**
 * Another default frame ratio: kept for the next file, and with a building open its rooms are made again
 * (the windows whose frame the file gives keep theirs) and analysed again. The worker keeps the rooms it
 * makes, so its answer is taken whatever happened meanwhile (a Cancel stops their analysis, not the
 * making), and the year and proposals wait for it (run.ts `remaking`): before 2026-12-07 a Cancel, a year or
 * proposals started meanwhile dropped it, and the rooms stayed at the old ratio under the new one.
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
  const ask = { ratio };
  asked = ask;
  useBuilding.setState({ frameBusy: ratio });
  let latest = false;
  const answer = await meshWorker()
    .reframe(ratio)
    .finally(() => {
      latest = asked === ask;
      if (latest) {
        asked = null;
        useBuilding.setState({ frameBusy: null });
      }
    });
  if (!latest || !answer.ok) return;
  await takeRemade(mine, { building: answer.building, requests: answer.requests });
}
