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

/** How shownMesh names a mesh a share link did not carry: none is here, and the worker must hold none. */
export const NOT_CARRIED = 'not-carried';

/**
 * The mesh the view shows, as the mesh worker must hold it current (compute/surroundings.ts): the open
 * building's surroundings in the building's view (`open`: its file's name), a room's own building's for a
 * room opened from IFC (the open one or one read before it), else the mesh the scene names by id (handed
 * over, heldMesh.ts), or NOT_CARRIED for a mesh a link did not carry (nothing here may answer for it).
 * Null where the scene names none (open sky, typed angles, a mesh not yet handed over, a link's small
 * mesh): the worker keeps what it has.
 */
export function shownMesh(s: Scene, view: 'room' | 'building', open: string | null): string | null {
  if (view === 'building') return open === null ? null : buildingMesh(open);
  if (s.surroundings.kind !== 'mesh') return null;
  if (s.surroundings.meshId !== undefined) return s.surroundings.meshId;
  if (s.ifcRoom) return buildingMesh(s.ifcRoom.file);
  return s.surroundings.notCarried ? NOT_CARRIED : null;
}
