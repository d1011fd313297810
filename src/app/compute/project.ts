import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { NO_PROJECT, type ProjectInfo } from '../../core/report/project';

/**
 * The project a report states (issue 34): entered once, kept on this device (localStorage) across rooms,
 * buildings and sessions, carried by share links; every report page and the building's report show it.
 */
export const useProject = create<ProjectInfo>()(
  persist<ProjectInfo>(() => ({ ...NO_PROJECT }), { name: 'lux-project', version: 1 }),
);

export function setProject(p: Partial<ProjectInfo>): void {
  useProject.setState(p);
}

/** The project as reports take it: a plain object, without the store's own fields. */
export function projectNow(): ProjectInfo {
  const { name, site, author, stage, date } = useProject.getState();
  return { name, site, author, stage, date };
}
