import { ifcRooms, type IfcJobParams } from './ifcRooms';

/**
 * The thread that reads a building's IFC file for a job (ifcThread.ts). Its own thread, not a compute one:
 * web-ifc's WebAssembly module, once loaded in a thread, turns that thread's heap limit into a fatal error
 * for the whole process, so the compute threads (whose heap limit refuses a too-large request with 413)
 * never load it. Answers the job's rooms as JSON, the context as base64 float32.
 */
export default async function readIfcJob(t: { bytes: Uint8Array; params: IfcJobParams }): Promise<string> {
  const r = await ifcRooms(t.bytes, t.params);
  const { context, ...rest } = r;
  const c = Buffer.from(context.buffer, context.byteOffset, context.byteLength).toString('base64');
  return JSON.stringify({ ...rest, context: c });
}
