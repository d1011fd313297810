import type { AnswerState, Shown } from '../compute/answerStore';

/**
 * What the engine is doing about the scene on screen, as the Results panel's status line (a live region)
 * ends. Its progress is the bar's, not the line's: a screen reader read the whole line again at every
 * percent of every run (before 2026-12-07), and a run starts whenever an edit pauses.
 */
export function engineLine(e: AnswerState['engine'], shown: Shown | null): string {
  switch (e.phase) {
    case 'waiting':
      return ' The engine starts when you pause.';
    case 'running':
      return ` Engine at ${e.quality} quality…`;
    case 'cancelled':
      return shown?.answer.method.kind === 'engine'
        ? ' Engine stopped before standard quality.'
        : ' Engine stopped: the map is the model’s preview.';
    case 'error':
      return ` The engine failed: ${e.message}`;
    default:
      return '';
  }
}
