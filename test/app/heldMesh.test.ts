import { describe, expect, it, vi } from 'vitest';

// The workers, answered by the test (in the app they are Workers, which Node has not; the e2e specs drive
// the real ones): the model worker refuses the mesh once, as a worker out of memory would.
const held: string[] = [];
let refuse = true;
vi.mock('../../src/app/compute/workers', () => ({
  meshWorker: () => ({
    handOver: async () => ({ id: 'abc123', positions: new Float32Array(9) }),
  }),
  modelWorker: () => ({
    holdMesh: async (id: string) => {
      if (refuse) throw new Error('the model worker ran out of memory');
      held.push(`model ${id}`);
    },
  }),
  engineWorker: () => ({ holdMesh: async (id: string) => void held.push(`engine ${id}`) }),
}));

const { takeMesh } = await import('../../src/app/compute/heldMesh');
const { useMeshDisplay } = await import('../../src/app/ui/meshDisplay');

describe('handing the imported mesh to the workers (heldMesh.ts takeMesh)', () => {
  it('keeps why a failed hand-over failed where the panel shows it, and clears it once one succeeds', async () => {
    expect(await takeMesh()).toBeNull();
    expect(useMeshDisplay.getState().handOverFailed).toBe('the model worker ran out of memory');
    refuse = false;
    expect(await takeMesh()).toBe('abc123');
    expect(useMeshDisplay.getState().handOverFailed).toBeNull();
    expect(held.sort()).toEqual(['engine abc123', 'engine abc123', 'model abc123']);
  });

  it('forgets the failure when another mesh (or none) is shown', async () => {
    refuse = true;
    await takeMesh();
    expect(useMeshDisplay.getState().handOverFailed).not.toBeNull();
    useMeshDisplay.getState().setMesh(null);
    expect(useMeshDisplay.getState().handOverFailed).toBeNull();
  });
});
