import { describe, expect, it } from 'vitest';
import { remoteAnswer, serverRefusal } from '../../src/app/compute/remote';
import { startServer } from '../helpers/server';

describe('a remote server’s refusals, in sentences', () => {
  it('says what to do for each kind of refusal, keeping the server’s words', () => {
    expect(serverRefusal(401, 'Missing bearer token')).toBe(
      'The server refused the request. The server said: “Missing bearer token” (401). Check the token in the Server panel.',
    );
    expect(serverRefusal(413, 'too big')).toMatch(/^The room is too large for this server\./);
    expect(serverRefusal(503, 'busy')).toMatch(/^The server is busy\..*Edit again in a moment/);
    expect(serverRefusal(504, 'slow')).toMatch(/^The server ran out of time\./);
    expect(serverRefusal(500, 'bug')).toMatch(/^The server failed\./);
    expect(serverRefusal(400, "Parameter 'x' bad")).toBe(
      "The server cannot compute this room. The server said: “Parameter 'x' bad” (400).",
    );
  });

  it('an unreachable server is named, with the way out', async () => {
    await expect(remoteAnswer({ url: 'http://127.0.0.1:9', token: '' }, '/v2/run', {})).rejects.toThrow(
      'The server http://127.0.0.1:9 cannot be reached. Check its address in the Server panel',
    );
  });

  it('a real server’s refusal keeps its own words (the service says why in `error`)', async () => {
    const server = await startServer();
    try {
      await expect(
        remoteAnswer({ url: server.url, token: '' }, '/v2/run', { model_type: 'df_default' }),
      ).rejects.toThrow(
        /^The server cannot compute this room\. The server said: “Missing required parameters: parameters, mesh” \(400\)\.$/,
      );
    } finally {
      await server.stop();
    }
  }, 60_000);
});
