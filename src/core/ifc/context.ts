import type { IfcSourceData } from './source';

/**
 * What a building's rooms see (issue 20 §1): the building's own elements and every context file the user
 * adds (neighbours as IFC, a city as OBJ/STL/glTF), one triangle soup on the building's terrain. Context
 * files are taken in the building file's coordinates, as exports of one project share them: their z is
 * shifted by the same terrain as the building's.
 */
export function joinContext(
  own: Float32Array,
  files: readonly Float32Array[],
  terrainZ: number,
): Float32Array {
  const out = new Float32Array(files.reduce((n, p) => n + p.length, own.length));
  out.set(own);
  let at = own.length;
  for (const p of files) {
    out.set(p, at);
    for (let i = at + 2; i < at + p.length; i += 3) out[i]! -= terrainZ;
    at += p.length;
  }
  return out;
}

/**
 * A context mesh (OBJ, STL, glTF) in the building file's coordinates moved into the building's plan frame
 * (the georeferenced building's origin subtracted; nothing for most files). A context IFC file is read
 * with the building's origin instead, before its coordinates become floats.
 */
export function toPlanFrame(p: Float32Array, origin: readonly [number, number]): Float32Array {
  if (origin[0] === 0 && origin[1] === 0) return p;
  for (let i = 0; i < p.length; i += 3) {
    p[i]! -= origin[0];
    p[i + 1]! -= origin[1];
  }
  return p;
}

/**
 * A context IFC file's triangles: everything in it that stands in the sky (its rooms and windows not). The
 * vegetation setting is the building's: a neighbour's proxies stand as they did, and its IfcGeographicElement
 * trees, read for the building only (vegetation.ts), stay out as before.
 */
export function ifcContextTriangles(d: IfcSourceData): Float32Array {
  const kept = d.obstruction.filter((e) => e.type !== 'IFCGEOGRAPHICELEMENT');
  const out = new Float32Array(kept.reduce((n, e) => n + e.positions.length, 0));
  kept.reduce((at, e) => (out.set(e.positions, at), at + e.positions.length), 0);
  return out;
}
