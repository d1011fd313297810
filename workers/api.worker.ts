/**
 * The API's operations in a browser Web Worker (comlink face over src/core/api). The app calls the same
 * functions the server's worker threads run, with the same validation and messages, and gets typed errors
 * back instead of HTTP statuses. Byte results are transferred, not copied.
 */
import * as Comlink from 'comlink';
import { OPEN_CONTEXT, type OpResult } from '../src/core/api/result';
import { isLuxError, type LuxErrorType } from '../src/core/errors';
import { coreOperation } from '../src/service/operations';

export type WorkerAnswer =
  { ok: true; result: OpResult } | { ok: false; error: { type: LuxErrorType; message: string } };

const api = {
  async run(op: string, body: unknown): Promise<WorkerAnswer> {
    try {
      const result = await coreOperation(op)(body, OPEN_CONTEXT);
      return {
        ok: true,
        result: result.kind === 'file' ? Comlink.transfer(result, [result.bytes.buffer]) : result,
      };
    } catch (e) {
      if (isLuxError(e)) return { ok: false, error: { type: e.type, message: e.message } };
      return { ok: false, error: { type: 'internal_error', message: String(e) } };
    }
  },
};

export type ApiWorker = typeof api;
Comlink.expose(api);
