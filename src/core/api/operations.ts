import { encode, encodeRaw } from './encodeOps';
import { calculateDirection, getReferencePoint } from './geometryOps';
import { horizon, obstruction, obstructionAll, zenith } from './obstructionOps';
import type { OpContext, OpResult } from './result';
import { run, runDetailed } from './runOps';
import { simulate } from './simulateOps';
import { merge, stats } from './statsOps';

/**
 * Every operation of api.md as a function of the parsed JSON body. The HTTP routes (src/service/operations.ts)
 * and the browser workers call these by name; nothing else implements an endpoint.
 */
export type Component = 'obstruction' | 'encoder' | 'model' | 'merger' | 'stats';

export interface Operation {
  run: (body: unknown, ctx: OpContext) => OpResult | Promise<OpResult>;
  /** The component of the multi-process mode that serves it. */
  component: Component;
}

const OPS = {
  'obstruction-all': { run: obstructionAll, component: 'obstruction' },
  horizon: { run: horizon, component: 'obstruction' },
  zenith: { run: zenith, component: 'obstruction' },
  obstruction: { run: obstruction, component: 'obstruction' },
  'get-reference-point': { run: getReferencePoint, component: 'encoder' },
  'calculate-direction': { run: calculateDirection, component: 'encoder' },
  encode: { run: encode, component: 'encoder' },
  'encode-raw': { run: encodeRaw, component: 'encoder' },
  stats: { run: (b) => stats(b), component: 'stats' },
  simulate: { run: simulate, component: 'model' },
  run: { run, component: 'model' },
  'run-detailed': { run: runDetailed, component: 'model' },
  merge: { run: merge, component: 'merger' },
} satisfies Record<string, Operation>;

export type OperationName = keyof typeof OPS;
export const OPERATIONS: Record<OperationName, Operation> = OPS;

export function isOperation(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, name);
}
