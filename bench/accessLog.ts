import type { Readable } from 'node:stream';

/**
 * The server's own timing of each request, read from its access log on stdout (app.ts: one line per
 * request, `POST /v2/run 200 12.3ms`, measured from the request's arrival to its answer: the body read,
 * the wait for a thread and the compute). What a client measures adds its own event loop and the
 * network; on one 2-core machine with 50 clients in the same process that is not the server's doing.
 */
export interface LoggedRequest {
  method: string;
  path: string;
  status: number;
  ms: number;
}

const LINE = /^(GET|POST|DELETE|OPTIONS|HEAD|PUT|PATCH) (\S+) (\d{3}) ([\d.]+)ms$/;

export class AccessLog {
  private entries: LoggedRequest[] = [];
  private partial = '';

  constructor(stdout: Readable) {
    stdout.setEncoding('utf8');
    stdout.on('data', (chunk: string) => {
      const lines = (this.partial + chunk).split('\n');
      this.partial = lines.pop() ?? '';
      for (const line of lines) {
        const m = LINE.exec(line.trim());
        if (m) this.entries.push({ method: m[1]!, path: m[2]!, status: Number(m[3]), ms: Number(m[4]) });
      }
    });
  }

  /** The requests answered since the last call (their lines read so far). */
  take(): LoggedRequest[] {
    const out = this.entries;
    this.entries = [];
    return out;
  }
}
