import type { Component } from '../core/api/operations';

import { STORE_MESH } from '../service/storeMeshTask';

export { STORE_MESH };

/** The POST endpoints of api.md: path, core operation, component (multi-process mode), auth scope. */
export interface RouteSpec {
  path: string;
  op: string;
  component: Component;
  /** Further components that serve the route too, each on its own (multi-process mode). */
  alsoOn?: readonly Component[];
  /** The scope a token needs; a list: any one of them. */
  scope: string | readonly string[];
  summary: string;
  /** Needs an installed model (503 "model not installed" otherwise), not just its component running. */
  needsModel?: boolean;
}

export const ROUTES: readonly RouteSpec[] = [
  {
    path: '/run',
    op: 'run',
    component: 'model',
    scope: 'run',
    summary: 'End-to-end DF prediction for a room',
    needsModel: true,
  },
  {
    path: '/run/detailed',
    op: 'run-detailed',
    component: 'model',
    scope: 'run',
    summary: "/run's answer plus each window's own share of the map (the original's /run/detailed)",
    needsModel: true,
  },
  {
    path: '/simulate',
    op: 'simulate',
    component: 'model',
    scope: 'simulate',
    summary: 'DF by the physics engine (same request and response as /run)',
  },
  {
    path: '/obstruction_all',
    op: 'obstruction-all',
    component: 'obstruction',
    scope: 'obstruction',
    summary: '64-direction horizon and zenith angles',
  },
  {
    path: '/horizon',
    op: 'horizon',
    component: 'obstruction',
    scope: 'obstruction',
    summary: 'Horizon angle in one direction',
  },
  {
    path: '/zenith',
    op: 'zenith',
    component: 'obstruction',
    scope: 'obstruction',
    summary: 'Zenith angle in one direction',
  },
  {
    path: '/obstruction',
    op: 'obstruction',
    component: 'obstruction',
    scope: 'obstruction',
    summary: 'Horizon and zenith in one direction',
  },
  {
    path: '/get-reference-point',
    op: 'get-reference-point',
    component: 'encoder',
    scope: 'geometry',
    summary: 'Window reference points',
  },
  {
    path: '/calculate-direction',
    op: 'calculate-direction',
    component: 'encoder',
    scope: 'geometry',
    summary: 'Window direction angles',
  },
  {
    path: '/encode',
    op: 'encode',
    component: 'encoder',
    scope: 'encode',
    summary: 'The v2/v1 model input as NPY files in a ZIP',
  },
  {
    path: '/encode_raw',
    op: 'encode-raw',
    component: 'encoder',
    scope: 'encode',
    summary: 'Encoding from given angles, no mesh',
  },
  {
    path: '/meshes',
    op: STORE_MESH,
    component: 'obstruction',
    alsoOn: ['encoder', 'model'],
    scope: ['obstruction', 'run', 'simulate', 'encode', 'geometry'],
    summary: 'Store a context once; later requests name it by `mesh_id` instead of sending `mesh`',
  },
  { path: '/stats', op: 'stats', component: 'stats', scope: 'stats', summary: 'Statistics of a DF grid' },
  { path: '/merge', op: 'merge', component: 'merger', scope: 'merge', summary: 'Sum of per-window DF grids' },
];

/** The components that serve a route (multi-process mode). */
export const componentsOf = (r: RouteSpec): readonly Component[] => [r.component, ...(r.alsoOn ?? [])];
