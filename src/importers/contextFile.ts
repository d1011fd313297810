import { ifcContextTriangles, toPlanFrame } from '../core/ifc/context';
import { readIfc } from '../ifc/webIfcSource';
import { importMesh, ImportError, type UpAxis } from './importMesh';

/**
 * A context file around a building (issue 20 §1), for both faces (the app's surroundings worker and
 * `npm run ifc --context`): an IFC file gives everything in it that stands in the sky, read with the
 * building's plan origin; an OBJ, STL or glTF mesh is read as for a drawn room and moved by that origin.
 * The triangles are in the building file's coordinates, not yet on its terrain (joinContext does that).
 * Throws ImportError with a sentence a user can act on.
 */
export async function readContextFile(
  name: string,
  bytes: Uint8Array,
  origin: [number, number],
  o: { up?: UpAxis | 'auto'; locate?: (file: string) => string } = {},
): Promise<Float32Array> {
  if (/\.ifc$/i.test(name)) {
    let p: Float32Array;
    try {
      p = ifcContextTriangles(await readIfc(bytes, { origin, ...(o.locate ? { locate: o.locate } : {}) }));
    } catch (e) {
      throw new ImportError(`'${name}' cannot be read: ${(e as Error).message}.`);
    }
    if (p.length === 0) throw new ImportError(`'${name}' holds nothing that stands in the sky.`);
    return p;
  }
  return toPlanFrame((await importMesh(name, bytes, o.up ?? 'auto')).positions, origin);
}
