import { strFromU8, unzipSync } from 'fflate';

/**
 * A weather file as it is downloaded: climate.onebuilding.org and EnergyPlus's site give each station as a
 * ZIP (the .epw with its .ddy, .stat, .clm). Picked or dropped as it came, it was read as text and refused
 * as "not an EnergyPlus weather file", its first line quoted as binary noise. The one .epw inside is taken
 * instead; an archive with none or several says so. The command line's --weather and a building job's
 * `weather` part take one as the app does (weatherOfFile).
 */

/** Whether a file's text (or bytes, as text) opens as a ZIP archive does (a local file header). */
export const isZip = (head: string): boolean => head.startsWith('PK\u0003\u0004');

/** An entry a Mac adds to an archive it makes: its __MACOSX/ folder, or a "._" file of metadata. */
const APPLE_DOUBLE = /(^|[/\\])(__MACOSX[/\\]|\._)/;

/** The .epw inside a ZIP archive, with its name (the file a report names); throws a sentence why not. */
export function epwFromZip(archive: string, bytes: Uint8Array): { name: string; text: string } {
  let files: Record<string, Uint8Array>;
  try {
    // Only the .epw entries are inflated: the rest of a station's archive is never read, nor a Mac's
    // AppleDouble copy of the .epw's metadata ("._name.epw", in __MACOSX/ or beside it), which is no EPW.
    files = unzipSync(bytes, { filter: (f) => /\.epw$/i.test(f.name) && !APPLE_DOUBLE.test(f.name) });
  } catch (e) {
    throw new Error(`${archive} cannot be opened as a ZIP archive: ${(e as Error).message}`, { cause: e });
  }
  const names = Object.keys(files);
  if (names.length === 0) throw new Error(`${archive} holds no weather file (.epw): pick the .epw itself.`);
  if (names.length > 1)
    throw new Error(
      `${archive} holds ${names.length} weather files (${names.join(', ')}): unzip it and pick the one for the site.`,
    );
  const name = names[0]!;
  // Its folders cut off, whichever separator: some Windows tools write "Station\file.epw", against the
  // format's "/", and the report then named the folder with the file.
  return {
    name: name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1),
    text: strFromU8(files[name]!),
  };
}

/** A file's bytes open as a ZIP archive (its first local file header). */
const bytesAreZip = (b: Uint8Array): boolean =>
  b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * A weather file as given (an .epw, or a station's ZIP): the EPW's text and the name a report gives it (the
 * .epw's own name, the one inside an archive). Throws epwFromZip's sentence for an archive without exactly
 * one .epw; the text itself is not checked here (readEpw says what is wrong with it).
 */
export function weatherOfFile(name: string, bytes: Uint8Array): { name: string; text: string } {
  if (bytesAreZip(bytes)) return epwFromZip(name, bytes);
  return { name, text: strFromU8(bytes) };
}
