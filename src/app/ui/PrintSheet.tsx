import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useAnswer } from '../compute/answerStore';
import { makePage, pageInputsNow, sameInputs, usePageInputs, type Page } from './reportPage';

/**
 * How long the inputs stand still before the page is made again: making it (a PNG of the map, the SVG)
 * costs the page's thread a few to tens of milliseconds, too much for every preview of a drag.
 */
const REMAKE_MS = 500;

/**
 * The report page of the answer on screen, shown only when printing (styles.css @media print): Print…
 * and the browser's own print both give it. It never leaves a blank page: the page made before stays
 * until the next is made, a print (`beforeprint`, or the print medium) makes it at once from the inputs of
 * that moment, and a page that is not the room as it stands says so (before 2026-12-07 the page was taken
 * away for 500 ms after every edit, and Ctrl+P then printed nothing; e2e/reportPrint.spec.ts).
 */
export function PrintSheet(): React.JSX.Element {
  const inputs = usePageInputs();
  const [page, setPage] = useState<Page | null>(null);
  const current = page !== null && sameInputs(page.inputs, inputs);

  useEffect(() => {
    if (current) return;
    const t = setTimeout(() => setPage(makePage(inputs)), REMAKE_MS);
    return () => clearTimeout(t);
  }, [current, inputs]);

  useEffect(() => {
    // Synchronously: the browser lays the page out for print right after these events.
    const now = (): void => flushSync(() => setPage(makePage(pageInputsNow())));
    const print = window.matchMedia('print');
    const onMedia = (e: MediaQueryListEvent): void => {
      if (e.matches) now();
    };
    window.addEventListener('beforeprint', now);
    print.addEventListener('change', onMedia);
    return () => {
      window.removeEventListener('beforeprint', now);
      print.removeEventListener('change', onMedia);
    };
  }, []);

  if (!inputs.shown) return <NoPage />;
  const updating = !current || page.updating;
  return (
    <div className="print-sheet" data-testid="print-sheet" data-state={updating ? 'updating' : 'current'}>
      {!current && (
        <p className="print-notice" data-role="updating">
          {page?.svg
            ? 'Being updated: this page is of the room or settings before the last change. Print again in a moment.'
            : 'The report page is being made: print again in a moment.'}
        </p>
      )}
      {page?.svg && <div dangerouslySetInnerHTML={{ __html: page.svg }} />}
    </div>
  );
}

/** What prints while the room has no map: why, never a blank sheet. */
function NoPage(): React.JSX.Element {
  const status = useAnswer((s) => s.status);
  const problems = useAnswer((s) => s.problems);
  const error = useAnswer((s) => s.error);
  const why =
    status === 'blocked'
      ? `the room cannot be computed: ${problems.join(' ')}`
      : status === 'error'
        ? `the computation failed: ${error ?? 'no reason given'}`
        : 'its map is being computed. Print again once it is on screen.';
  return (
    <div className="print-sheet" data-testid="print-sheet" data-state="none">
      <p className="print-notice" data-role="no-page">
        No report page: {why}
      </p>
    </div>
  );
}
