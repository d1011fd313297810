import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
// @ts-expect-error plain ESM script without types
import { ensureTorchPython } from '../../scripts/python.mjs';

let found: string | null = null;

/**
 * The Python with PyTorch that the training tests run (scripts/python.mjs), looked for once: each look
 * imports torch in a fresh interpreter, ~1 s of a core (`npm test` names it in LUX_PYTHON, which is checked
 * the same way).
 */
export function torchPython(): string {
  return (found ??= ensureTorchPython() as string);
}

/**
 * A script of that Python run beside this process, its stdout when it exits (it fails as execFile does, with
 * its stderr): two that do not depend on each other can run at once, each mostly its one thread importing
 * torch.
 */
export async function python(args: string[]): Promise<string> {
  return (await promisify(execFile)(torchPython(), args, { encoding: 'utf8', maxBuffer: 1 << 26 })).stdout;
}
