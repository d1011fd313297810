/**
 * Command-line simulation: reads a /run-style request JSON, writes the /simulate response JSON.
 *
 *   npm run simulate -- request.json [response.json]     (stdout when no output file is given)
 *
 * Progress goes to stderr; Ctrl-C cancels cleanly. Exit code 2 for an invalid request (the message is
 * the API's), 1 for anything else.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { simulateAsync } from '../core/api/simulateOps';
import { isLuxError } from '../core/errors';

async function main(argv: string[]): Promise<number> {
  const [input, output] = argv;
  if (!input || input === '--help' || input === '-h') {
    console.error('usage: npm run simulate -- <request.json> [response.json]');
    return input ? 0 : 2;
  }
  const body: unknown = JSON.parse(readFileSync(input, 'utf8'));
  const signal = { aborted: false };
  process.once('SIGINT', () => (signal.aborted = true));
  const t0 = performance.now();
  let shown = -1;
  const response = await simulateAsync(body, {
    signal,
    onProgress: (f) => {
      const pct = Math.floor(f * 100);
      if (pct !== shown && process.stderr.isTTY) process.stderr.write(`\rsimulating… ${(shown = pct)} %`);
    },
  });
  const text = JSON.stringify(response);
  if (output) writeFileSync(output, text + '\n');
  else process.stdout.write(text + '\n');
  console.error(
    `${process.stderr.isTTY ? '\r' : ''}simulated in ${((performance.now() - t0) / 1000).toFixed(2)} s`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    if (isLuxError(e)) console.error(`${e.type}: ${e.message}`);
    else console.error(e instanceof Error && e.name === 'AbortError' ? 'cancelled' : e);
    process.exit(isLuxError(e) ? 2 : 1);
  },
);
