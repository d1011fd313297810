import type { Scene } from './scene';

const BUILDING = 'building:';

/**
 * How shownMesh names a building's surroundings (they are never handed over, so have no id): by its file's
 * name. A mesh's id is hexadecimal: never the same.
 */
const buildingMesh = (file: string): string => BUILDING + file;

/** The building file a shownMesh key names, or null for a mesh's id. */
export const meshBuilding = (key: string): string | null =>
  key.startsWith(BUILDING) ? key.slice(BUILDING.length) : null;

/**
 * The mesh the view shows, as the mesh worker must hold it current (compute/surroundings.ts): the open
 * building's surroundings in the building's view (`open`: its file's name), a room's own building's for a
 * room opened from IFC (the open one or one read before it), else the mesh the scene names by id (handed
 * over, heldMesh.ts). Null where the scene names none (open sky, typed angles, a mesh not yet handed over,
 * a link's small mesh): the worker keeps what it has.
 */
export function shownMesh(s: Scene, view: 'room' | 'building', open: string | null): string | null {
  if (view === 'building') return open === null ? null : buildingMesh(open);
  if (s.surroundings.kind !== 'mesh') return null;
  return s.surroundings.meshId ?? (s.ifcRoom ? buildingMesh(s.ifcRoom.file) : null);
}
