import { deflateSync, inflateSync, strFromU8, strToU8 } from 'fflate';
import { NO_PROJECT, PROJECT_FIELD_MAX, type ProjectInfo } from '../../core/report/project';
import { z } from 'zod';
import { sceneSchema, type Scene } from '../scene/scene';
import { normalise } from '../state/store';

/**
 * Share links (app.md §Share): the whole scene in the URL fragment, `#s=<format>.<base64url(deflate(JSON))>`.
 * The fragment never reaches a server, so a shared room stays between the people who have the link.
 *
 * - A mesh travels with the scene when it is small (≤ MESH_IN_LINK triangles, coordinates in mm);
 *   otherwise only what was derived from it (each window's angles), which reproduces the same result.
 * - Format versions: links of an older format are migrated; a newer one is refused with a message that
 *   says to update, never misread.
 * - Hostile input: the fragment's length, the inflated size (no decompression bombs), the JSON and every
 *   field (sceneSchema: the API's ranges, each window on a wall of the room) are checked; any failure is a
 *   ShareError with a readable reason. The scene comes out as the store keeps one (normalise).
 */
export const FORMAT = 1;
export const MAX_FRAGMENT = 64_000;
/**
 * The room kept in this browser (keptScene.ts) is no address: it may be as large as a scene unpacks to
 * (MAX_JSON), so that a room too large for a link (many windows, each with its angles) is still kept.
 */
export const MAX_KEPT = 3_000_000;
const MAX_JSON = 2_000_000;
export const MESH_IN_LINK = 2_000;

export class ShareError extends Error {
  override name = 'ShareError';
}

/**
 * The weather file a link's year was computed with: named, never carried (1.6 MB): the app takes it from
 * its offline store by digest, or asks for it.
 */
export interface SharedWeather {
  /** SHA-256 of the file (hex). */
  digest: string;
  name: string;
  city: string;
}

interface Payload {
  scene: Scene;
  /** Flat positions in millimetres, 9 per triangle. */
  mesh?: number[];
  weather?: SharedWeather;
  /** What the report states of the project (issue 34): only the fields given. */
  project?: Partial<ProjectInfo>;
}

const projectField = z.string().max(PROJECT_FIELD_MAX).optional();

const payloadSchema = z.object({
  scene: sceneSchema,
  mesh: z
    .array(z.number().int())
    .refine(
      (m) => m.length % 9 === 0 && m.length / 9 <= MESH_IN_LINK,
      'mesh must be whole triangles, few enough',
    )
    .optional(),
  weather: z
    .object({
      digest: z.string().regex(/^[0-9a-f]{64}$/),
      name: z.string().max(200),
      city: z.string().max(200),
    })
    .optional(),
  project: z
    .object({
      name: projectField,
      site: projectField,
      author: projectField,
      stage: projectField,
      date: projectField,
    })
    .optional(),
});

function toBase64Url(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(text))
    throw new ShareError('The link is damaged: it contains characters a share link never has.');
  const b = atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));
  const out = new Uint8Array(b.length);
  for (let i = 0; i < b.length; i++) out[i] = b.charCodeAt(i);
  return out;
}

/**
 * The scene without what this browser knows of where its mesh is (the id under which its workers hold it,
 * heldMesh.ts; whether a link it came from carried it): the receiving app holds none, names the link's
 * small mesh by its own once its workers have it (main.tsx), and marks a mesh the link did not carry.
 */
function unheld(scene: Scene): Scene {
  const s = scene.surroundings;
  if (s.kind !== 'mesh' || (s.meshId === undefined && s.notCarried === undefined)) return scene;
  const { meshId: _, notCarried: _n, ...kept } = s;
  return { ...scene, surroundings: kept };
}

/**
 * The link's scene as received: a mesh it names but does not carry is marked so, with where it came from
 * (scene.ts notCarried), but for a room from IFC, whose surroundings are its building's, here once that file
 * is opened.
 */
function received(scene: Scene, carried: boolean, from: ShareSource): Scene {
  const s = unheld(scene);
  if (s.surroundings.kind !== 'mesh' || carried || s.ifcRoom) return s;
  return { ...s, surroundings: { ...s.surroundings, notCarried: from } };
}

/** Where a fragment came from: a link in the address, or the room kept in this browser (keptScene.ts). */
export type ShareSource = 'link' | 'kept';

/**
 * The fragment (with its leading '#') of a share link for this scene and, when small, its mesh; `to: 'kept'`
 * for the room kept in this browser (up to MAX_KEPT).
 */
export function encodeShare(
  scene: Scene,
  mesh?: Float32Array | null,
  weather?: SharedWeather | null,
  project?: ProjectInfo | null,
  { to = 'link' }: { to?: ShareSource } = {},
): string {
  const given = project ? Object.fromEntries(Object.entries(project).filter(([, v]) => v.trim() !== '')) : {};
  const payload: Payload = {
    scene: unheld(scene),
    ...(weather ? { weather } : {}),
    ...(Object.keys(given).length ? { project: given } : {}),
  };
  if (mesh && mesh.length / 9 <= MESH_IN_LINK) payload.mesh = Array.from(mesh, (v) => Math.round(v * 1000));
  const fragment = `#s=${FORMAT}.${toBase64Url(deflateSync(strToU8(JSON.stringify(payload)), { level: 9 }))}`;
  const most = to === 'kept' ? MAX_KEPT : MAX_FRAGMENT;
  if (fragment.length > most)
    throw new ShareError(
      `This scene is too large for a link (${fragment.length} characters, at most ${most}).`,
    );
  return fragment;
}

/** Whether a URL fragment is a share link at all (other fragments are left alone). */
export const isShareFragment = (hash: string): boolean => /^#s=/.test(hash);

/** The scene (and mesh, when the link carries one) of a share-link fragment; ShareError when it cannot be read. */
export function decodeShare(
  hash: string,
  from: ShareSource = 'link',
): {
  scene: Scene;
  mesh: Float32Array | null;
  weather: SharedWeather | null;
  project: ProjectInfo | null;
} {
  const most = from === 'kept' ? MAX_KEPT : MAX_FRAGMENT;
  if (hash.length > most)
    throw new ShareError(`The link is too long (${hash.length} characters, at most ${most}).`);
  const m = /^#s=(\d{1,4})\.(.*)$/s.exec(hash);
  if (!m) throw new ShareError('This is not a Lux share link.');
  const format = Number(m[1]);
  if (format > FORMAT)
    throw new ShareError(
      `This link was made by a newer version of Lux (link format ${format}; this app reads up to ${FORMAT}). Reload to update the app.`,
    );
  if (format < 1) throw new ShareError(`Unknown link format ${format}.`);
  let json: string;
  try {
    const inflated = inflateSync(fromBase64Url(m[2]!), { out: new Uint8Array(MAX_JSON + 1) });
    if (inflated.length > MAX_JSON)
      throw new ShareError('The link unpacks to more data than a scene can hold.');
    json = strFromU8(inflated);
  } catch (e) {
    if (e instanceof ShareError) throw e;
    throw new ShareError('The link is damaged: its data cannot be unpacked (was it cut short when copied?).');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ShareError('The link is damaged: its data is not readable.');
  }
  const parsed = payloadSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ShareError(
      `The link's scene is not valid: ${issue.path.join('.') || 'scene'}: ${issue.message}.`,
    );
  }
  const { scene, mesh, weather, project } = parsed.data;
  return {
    // As every edit leaves a scene: counter-clockwise, each window within its wall.
    scene: normalise(received(scene, mesh !== undefined, from)),
    mesh: mesh ? Float32Array.from(mesh, (v) => v / 1000) : null,
    weather: weather ?? null,
    project: project ? { ...NO_PROJECT, ...definedOnly(project) } : null,
  };
}

function definedOnly(p: Partial<Record<keyof ProjectInfo, string | undefined>>): Partial<ProjectInfo> {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Partial<ProjectInfo>;
}
