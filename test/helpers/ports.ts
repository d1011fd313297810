import { createServer, type Server } from 'node:net';

/**
 * `n` distinct ports that were free a moment ago (the OS picks them; all are held open together so
 * none repeats). Another process could still take one before the server binds it; the start-up wait
 * then fails with the server's own message.
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    const ports: number[] = [];
    for (let i = 0; i < n; i++) {
      const s = createServer();
      servers.push(s);
      await new Promise<void>((resolve, reject) => s.once('error', reject).listen(0, '127.0.0.1', resolve));
      const addr = s.address();
      if (addr === null || typeof addr === 'string') throw new Error('no port from the OS');
      ports.push(addr.port);
    }
    return ports;
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}
