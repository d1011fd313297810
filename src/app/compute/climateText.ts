import type { ClimateState } from './climate';

/**
 * What the Climate panel and the plan write about the year (issue 32): the status line, the progress beside
 * the bar, the weather file's time zone, a map's caption inside a sentence. Pure: the texts of a state.
 */

/**
 * The panel's line about the year: what runs, what stopped it, and what the figures below are when they are
 * not this room's whole year (a first estimate a cancel or an error left, a year of the room before an edit).
 * The line is a live region: it changes when a run starts, its estimate arrives, it ends or stops, never
 * with the progress (climatePercent, beside the bar): a screen reader read every percent of it aloud.
 */
export function climateStatusText(
  s: Pick<ClimateState, 'phase' | 'error' | 'result'>,
  outdated: boolean,
  /** climateRunOutdated: the run in progress is of the room before an edit. */
  runOutdated = false,
): string {
  const estimate = s.result?.estimate ?? false;
  if (s.phase === 'running') {
    if (runOutdated)
      return 'Computing the year of the room before your last edit: run it again for the room as it is now.';
    if (outdated) return 'Computing the year… (the figures below are of the room before your last edit)';
    return estimate
      ? 'A first estimate (every third cell and day) is shown; computing the whole year…'
      : 'Computing the year…';
  }
  const sentence = (t: string): string => (/[.!?…]$/.test(t) ? t : `${t}.`);
  return [
    s.phase === 'done' && !outdated ? 'The year is computed.' : '',
    s.phase === 'cancelled' ? 'Stopped.' : '',
    s.phase === 'error' ? sentence(`No result: ${s.error}`) : '',
    estimate ? 'The figures below are a first estimate (every third cell and day), not the whole year.' : '',
    outdated ? 'The room has changed since this year was computed: run it again.' : '',
  ]
    .filter((t) => t !== '')
    .join(' ');
}

/** The run's progress as the panel writes it beside the bar, out of the live region. */
export const climatePercent = (progress: number): string => `${Math.floor(100 * progress)} %`;

/** A weather file's time zone as clocks write it: UTC−6, UTC+5:30 (India), UTC+5:45 (Nepal). */
export function utcOffsetText(hours: number): string {
  const minutes = Math.round(Math.abs(hours) * 60);
  const mm = minutes % 60;
  return `UTC${hours < 0 ? '−' : '+'}${Math.floor(minutes / 60)}${mm ? `:${String(mm).padStart(2, '0')}` : ''}`;
}

/** A caption inside a sentence: its first word lower-cased, unless it is an abbreviation (DA300, UDI). */
export const captionInSentence = (caption: string): string =>
  /^[A-Z][a-z]/.test(caption) ? caption.charAt(0).toLowerCase() + caption.slice(1) : caption;
