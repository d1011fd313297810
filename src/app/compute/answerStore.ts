import { create } from 'zustand';
import type { RoomAnswer } from '../../core/api/roomAnswer';
import type { Scene } from '../scene/scene';

/**
 * The answer on screen. Small state lives in zustand (what is shown, what is running, a version counter);
 * the big arrays live beside it in this module, as zustand's guidance has it for large mutable data: views
 * subscribe to `version` and read `shownAnswer()`.
 *
 * An answer always belongs to a scene: it is shown only for the scene it was computed for, and it is cleared
 * the moment the scene on screen cannot be predicted (no window, a broken outline, a failed run).
 */
export interface ModelInfo {
  name: string;
  version: string;
  backend: string;
}

export interface Remote {
  url: string;
  token: string;
}

export interface Shown {
  answer: RoomAnswer;
  /** The scene it was computed for (exports and share links carry both). */
  scene: Scene;
  /** Wall time of the computation that gave it. */
  ms: number;
  /** 'browser', or the URL of the server that answered. */
  source: string;
  /** The model's answer for the same scene, kept when the engine's replaces it (the comparison). */
  preview: RoomAnswer | null;
  /**
   * A building's room computed among the building's own surfaces (building/editorMesh.ts), not from its
   * windows' angles of them: what the report page says of its surroundings.
   */
  amongBuilding?: true;
}

export type EngineQuality = 'draft' | 'standard';

/** The engine's progress on the scene on screen. */
export type EngineState =
  | { phase: 'idle' }
  | { phase: 'waiting' }
  | { phase: 'running'; quality: EngineQuality; progress: number }
  | { phase: 'done'; quality: EngineQuality }
  | { phase: 'cancelled' }
  | { phase: 'error'; message: string };

export interface AnswerState {
  /** Bumped whenever the shown answer changes (set or cleared). */
  version: number;
  status: 'idle' | 'loading' | 'predicting' | 'ready' | 'blocked' | 'error';
  problems: string[];
  error: string | null;
  engine: EngineState;
  model: ModelInfo | null;
  remote: Remote | null;
  setRemote: (r: Remote | null) => void;
}

export const useAnswer = create<AnswerState>()((set) => ({
  version: 0,
  status: 'idle',
  problems: [],
  error: null,
  engine: { phase: 'idle' },
  model: null,
  remote: null,
  setRemote: (remote) => set({ remote }),
}));

let shown: Shown | null = null;

export function shownAnswer(): Shown | null {
  return shown;
}

/** The shown answer, re-rendering when it changes. */
export function useShown(): Shown | null {
  useAnswer((s) => s.version);
  return shown;
}

export function show(next: Shown): void {
  shown = next;
  useAnswer.setState((s) => ({ version: s.version + 1, status: 'ready', error: null, problems: [] }));
}

/** Takes the answer off the screen, with the reason the scene has none. */
export function clearAnswer(
  why: { status: 'blocked'; problems: string[] } | { status: 'error'; error: string } | { status: 'idle' },
): void {
  shown = null;
  useAnswer.setState((s) => ({
    version: s.version + 1,
    problems: [],
    error: null,
    engine: { phase: 'idle' },
    ...why,
  }));
}
