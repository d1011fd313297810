import { simulateRoom } from '../../src/core/engine/simulate';
import type { EngineRoom } from '../../src/core/engine/model';
import { coarseRoomTerms } from '../../src/core/model/roomTerms';
import { attic, canyonRoom, notchRoom, skylitOffice } from './scenes';

/**
 * The engine's answers for four rooms of different kinds, to the last digit: what pinnedAnswers.test.ts
 * holds a change that claims not to move any answer (a speed-up, a refactor) to. Written again, when a
 * change means to move them, with `npx tsx test/engine/pinnedAnswers.ts > test/engine/pinnedAnswers.json`
 * (the commit then says why they moved).
 */
export const PINNED_ROOMS: Readonly<Record<string, () => EngineRoom>> = {
  canyon: canyonRoom,
  notch: notchRoom,
  skylitOffice: () => skylitOffice(),
  attic: () => attic(),
};

const POINTS: [number, number][] = [
  [0.6, 0.6],
  [1.5, 1.2],
  [2.4, 2.1],
  [1.1, 2.8],
];

export interface PinnedAnswer {
  /** simulateRoom at draft: the room's mean DF, and each window's terms at POINTS. */
  mean: number;
  terms: number[][][];
  /** The model's coarse solve (the card's method): each window's room-term means over its lattice. */
  roomTerms: number[][];
}

export function pinnedAnswer(room: EngineRoom): PinnedAnswer {
  const r = simulateRoom(room, { quality: 'draft', seed: 7, points: POINTS, terms: true });
  let sum = 0;
  let n = 0;
  r.df.data.forEach((v, i) => {
    if (r.mask.data[i]) {
      sum += v;
      n++;
    }
  });
  return {
    mean: sum / n,
    terms: r.perWindow.map((w) => (w.terms ?? []).map((t) => Array.from(t))),
    roomTerms: coarseRoomTerms(room, 'coarse-radiosity/8').map((l) => Array.from(l.means)),
  };
}

if (process.argv[1]?.endsWith('pinnedAnswers.ts')) {
  const out = Object.fromEntries(Object.entries(PINNED_ROOMS).map(([k, f]) => [k, pinnedAnswer(f())]));
  process.stdout.write(JSON.stringify(out, null, 1) + '\n');
}
