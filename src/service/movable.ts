import { Piscina } from 'piscina';

/**
 * Marks a worker's result so that `buffers` travel back transferred, not copied. `Piscina.move` on a
 * plain object would put the object itself in the transfer list, which postMessage rejects ("Found
 * invalid object in transferList"); a value that carries piscina's two symbols is moved as intended.
 */
export function movable<T extends object>(value: T, buffers: readonly ArrayBuffer[]): T {
  const carrier = { [Piscina.transferableSymbol]: [...buffers], [Piscina.valueSymbol]: value };
  return Piscina.move(carrier as never) as unknown as T;
}

/** An ArrayBuffer holding exactly `bytes`: its own buffer when it owns it whole, else a copy. */
export function ownBuffer(bytes: Uint8Array): ArrayBuffer {
  const b = bytes.buffer;
  if (b instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === b.byteLength) return b;
  return bytes.slice().buffer as ArrayBuffer;
}
