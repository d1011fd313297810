/**
 * What names the room's 3D view on the page, the view's and its placeholder's alike (Views3D.tsx): its
 * place in the layout (the class), its landmark for a screen reader and its handle for the tests stay the
 * same while the view waits, loads and draws. A module of its own so that the page's entry has it without
 * the view's chunk (three.js).
 */
export const VIEW3D_REGION = {
  className: 'view3d',
  role: 'region',
  'aria-label': '3D view of the room and its surroundings',
  'data-testid': 'view3d',
} as const;
