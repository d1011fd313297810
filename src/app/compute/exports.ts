import type { RoomMap } from './roomMap';

/**
 * Export formats (app.md §9) that need no DOM: the CSV of the grid and the JSON of the request/response.
 * The PNG and the ZIP are made in the UI (canvas) and the API worker (/encode).
 */

/** One line per room cell: its centre (m, world frame) and DF (%), as spreadsheets and GIS tools read. */
export function gridCsv(m: RoomMap): string {
  const lines = ['x_m,y_m,df_percent'];
  for (let r = 0; r < m.rows; r++)
    for (let c = 0; c < m.cols; c++) {
      const i = r * m.cols + c;
      if (!m.mask[i]) continue;
      const x = m.origin.x + (c + 0.5) * m.resolution,
        y = m.origin.y - (r + 0.5) * m.resolution;
      lines.push(`${x.toFixed(3)},${y.toFixed(3)},${m.df[i]!.toFixed(4)}`);
    }
  return lines.join('\n') + '\n';
}

/** The /run request and its response, so the same room can be sent to a server and compared. */
export function runJson(request: unknown, response: Record<string, unknown>): string {
  return JSON.stringify({ request, response }, null, 1);
}
