import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  fetchTransport,
  JobRefusal,
  runOnServer,
  type JobReply,
  type JobTransport,
} from '../../src/core/jobs/jobClient';

/**
 * A server's limit on job reads (LUX_JOB_READS_PER_MINUTE) answers a poll 429 with Retry-After: the job runs
 * on there, so the client waits and asks again rather than failing the building's run.
 */
const answer = {
  shape: [1, 1],
  result: [[1.5]],
  mask: [[true]],
  origin: { x: 0, y: 0.1 },
  resolution: 0.1,
  method: 'simulation',
  quality: 'draft',
};

/** A server of one job whose reads are refused `refusals` times (Retry-After `after`) before each answer. */
function limited(refusals: number, after: number | undefined) {
  const calls: string[] = [];
  let left = refusals;
  const t: JobTransport = {
    send(method, path): Promise<JobReply> {
      calls.push(`${method} ${path}`);
      if (method === 'POST') return Promise.resolve({ status: 202, body: { job_id: 'j1' } });
      if (left-- > 0)
        return Promise.resolve({
          status: 429,
          body: { error: 'rate_limited' },
          ...(after !== undefined ? { retryAfter: after } : {}),
        });
      left = refusals;
      return Promise.resolve(
        path.endsWith('/result')
          ? { status: 200, body: { rooms: [{ index: 0, status: 'done', answer }] } }
          : { status: 200, body: { state: 'done', progress: { done: 1, failed: 0, total: 1 } } },
      );
    },
  };
  return { t, calls };
}

describe('the job client under a limit on job reads', () => {
  it('waits out a 429 on the job’s state and result as Retry-After says, and gets the answers', async () => {
    const { t, calls } = limited(2, 0.02);
    const t0 = Date.now();
    const [r] = await runOnServer(t, { kind: 'run', rooms: [{}], context: null, pollMs: 1 });
    expect(r!.ok).toBe(true);
    expect(calls.filter((c) => c === 'GET /v2/jobs/j1')).toHaveLength(3);
    expect(calls.filter((c) => c === 'GET /v2/jobs/j1/result')).toHaveLength(3);
    // Four waits of 20 ms.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(75);
  });

  it('takes a wait past a minute as a refusal, said with the server’s words', async () => {
    const { t } = limited(1, 3600);
    await expect(runOnServer(t, { kind: 'run', rooms: [{}], context: null })).rejects.toMatchObject({
      status: 429,
      serverMessage: 'rate_limited',
    });
    await expect(
      runOnServer(limited(1, 3600).t, { kind: 'run', rooms: [{}], context: null }),
    ).rejects.toBeInstanceOf(JobRefusal);
  });

  it('reads Retry-After from the server’s 429 over fetch', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(JSON.stringify({ error: 'rate_limited' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await fetchTransport(url, 't').send('GET', '/v2/jobs/x')).toEqual({
        status: 429,
        body: { error: 'rate_limited' },
        retryAfter: 7,
      });
    } finally {
      server.close();
    }
  });
});
