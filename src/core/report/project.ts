/**
 * What a report an architect signs states about its project (issue 34): entered once per project and
 * carried by the share link and the building; every field may be empty. Plain text, shown as given.
 */
export interface ProjectInfo {
  /** The project's name ("Kv. Lärkan, new housing"). */
  name: string;
  /** Address or site. */
  site: string;
  /** Who prepared the analysis. */
  author: string;
  /** Design stage ("Concept", "Building permit", …). */
  stage: string;
  /** Date of the design analysed (as the author writes it). */
  date: string;
}

export const NO_PROJECT: ProjectInfo = { name: '', site: '', author: '', stage: '', date: '' };

/** The longest a field may be (a link and a page have room for a line each). */
export const PROJECT_FIELD_MAX = 120;

/** "Project · site" for a page's head; empty when neither is given. */
export function projectLine(p: ProjectInfo): string {
  return [p.name, p.site].filter((x) => x.trim()).join(' · ');
}

/** "Prepared by A · Building permit · design of 2026-11-20"; empty when nothing is given. */
export function signatureLine(p: ProjectInfo): string {
  return [
    p.author.trim() && `Prepared by ${p.author.trim()}`,
    p.stage.trim(),
    p.date.trim() && `design of ${p.date.trim()}`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * The day a report is made, as its reader's calendar says (YYYY-MM-DD in the local time zone): the UTC
 * date stamped a page made in Stockholm before 01:00, or in Sydney before 10:00, with the day before.
 */
export function reportDay(d: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}
