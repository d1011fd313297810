/**
 * Text set on a report page, where nothing measures it (an SVG string is drawn later, by whichever face):
 * its width estimated from the widest common sans-serif (DejaVu Sans, Chromium's system-ui on Linux), so
 * that a line judged to fit does, and lines broken to a width, so that a long name, a mesh file's name or
 * a project's address never runs off the page.
 */

const NARROW = new Set(" .,:;!|'ijlI·");
const SLIM = new Set('frt()[]-/"²°');
const WIDE = new Set('mwMW%…—×≥≤@');

/** A character's advance in em: DejaVu Sans's, rounded up into a few classes. */
function advance(c: string): number {
  if (NARROW.has(c)) return 0.33;
  if (SLIM.has(c)) return 0.42;
  if (WIDE.has(c) || c.codePointAt(0)! >= 0x2e80) return 1;
  if (c >= 'A' && c <= 'Z') return 0.78;
  return 0.65;
}

/** The width of `text` in px at `size` px (semibold: `bold`). */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const c of text) em += advance(c);
  return em * size * (bold ? 1.14 : 1);
}

/**
 * `text` in lines at most `width` px wide, at most `most` of them: each cut after its last ", " or " · "
 * past its first half, else at its last space, else inside a word (a file's name); what is left past the
 * last line ends it with "…". Empty text: no line.
 */
export function wrapText(
  text: string,
  width: number,
  size: number,
  { bold = false, most = Infinity }: { bold?: boolean; most?: number } = {},
): string[] {
  const fits = (s: string): boolean => textWidth(s, size, bold) <= width;
  const lines: string[] = [];
  let rest = text.trim();
  while (rest && lines.length <= most) {
    if (fits(rest)) {
      lines.push(rest);
      break;
    }
    // The longest head that fits (one character at least), then where in it the line breaks.
    const chars = [...rest];
    let n = 1;
    while (n < chars.length && fits(chars.slice(0, n + 1).join(''))) n++;
    const head = chars.slice(0, n + 1).join('');
    const max = chars.slice(0, n).join('').length;
    const after = Math.min(max, Math.max(head.lastIndexOf(', ') + 1, head.lastIndexOf(' · ') + 2));
    const space = head.lastIndexOf(' ');
    const cut = after > max / 2 ? after : space > 0 ? space : max;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (lines.length <= most) return lines;
  const kept = lines.slice(0, most);
  let last = [...kept[most - 1]!];
  while (last.length > 0 && !fits(`${last.join('').trimEnd()}…`)) last = last.slice(0, -1);
  kept[most - 1] = `${last.join('').trimEnd()}…`;
  return kept;
}
