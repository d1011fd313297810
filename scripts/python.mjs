// Finds a Python with PyTorch for training (Debian's python3-torch, model.md; python3-onnx for
// training/from_onnx.py; python3-requests for the API's Python example, docs/examples), installing the packages when it can. `node scripts/python.mjs training/train.py …`
// runs a script with it.
import { execFileSync, execSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CANDIDATES = [process.env.LUX_PYTHON, '/usr/bin/python3', 'python3'];

function hasTorch(py) {
  if (!py || (py.startsWith('/') && !existsSync(py))) return false;
  try {
    execFileSync(py, ['-c', 'import torch, numpy, onnx, requests'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function findTorchPython() {
  return CANDIDATES.find(hasTorch) ?? null;
}

export function ensureTorchPython() {
  let py = findTorchPython();
  if (py) return py;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo -n ';
  try {
    console.log(
      'PyTorch not found: installing Debian packages python3-torch, python3-numpy, python3-onnx, python3-requests…',
    );
    execSync(
      `${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq python3-torch python3-numpy python3-onnx python3-requests`,
      {
        stdio: 'inherit',
      },
    );
  } catch {
    // reported below
  }
  py = findTorchPython();
  if (!py) {
    console.error('Training needs PyTorch: `sudo apt-get install -y python3-torch` (or set LUX_PYTHON).');
    process.exit(1);
  }
  return py;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const py = ensureTorchPython();
  const r = spawnSync(py, process.argv.slice(2), { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}
