import { describe, expect, it } from 'vitest';
import { takeMesh } from '../../src/app/compute/heldMesh';
import { useMeshDisplay } from '../../src/app/ui/meshDisplay';

// The hand-over itself is given by the test (in the app it posts the mesh to two Workers, which Node has
// not; the e2e specs drive the real ones). No vi.mock: the suite's files share one module graph.
const refused = async (): Promise<string | null> => {
  throw new Error('the model worker ran out of memory');
};
const taken = async (): Promise<string | null> => 'abc123';

describe('handing the imported mesh to the workers (heldMesh.ts takeMesh)', () => {
  it('keeps why a failed hand-over failed where the panel shows it, and clears it once one succeeds', async () => {
    expect(await takeMesh(refused)).toBeNull();
    expect(useMeshDisplay.getState().handOverFailed).toBe('the model worker ran out of memory');
    expect(await takeMesh(taken)).toBe('abc123');
    expect(useMeshDisplay.getState().handOverFailed).toBeNull();
  });

  it('forgets the failure when another mesh (or none) is shown', async () => {
    await takeMesh(refused);
    expect(useMeshDisplay.getState().handOverFailed).not.toBeNull();
    useMeshDisplay.getState().setMesh(null);
    expect(useMeshDisplay.getState().handOverFailed).toBeNull();
  });
});
