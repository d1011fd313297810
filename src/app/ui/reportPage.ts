import { useMemo } from 'react';
import { reportDay, type ProjectInfo } from '../../core/report/project';
import type { PaletteName } from '../../core/report/palette';
import { climateYearFor, useClimate, type ClimateState } from '../compute/climate';
import { shownAnswer, useShown, type Shown } from '../compute/answerStore';
import { useProject } from '../compute/project';
import { reportScene, sheetOf } from '../compute/sheet';
import { answerKey } from '../scene/geometry';
import type { Scene } from '../scene/scene';
import { useApp } from '../state/store';
import { useSettings } from './settings';

/**
 * Everything the room's report page is made from, as the stores hold it: a page made from other inputs is
 * no longer the room as it stands (PrintSheet marks it so until it is made again).
 */
export interface PageInputs {
  shown: Shown | null;
  palette: PaletteName;
  scaleMax: number;
  /** The scene as it is now: its name, north and thresholds go on the page (reportScene). */
  now: Scene;
  /** A year's result and its weather: the page carries the year when it is this room's. */
  year: ClimateState['result'];
  weather: ClimateState['weather'];
  project: ProjectInfo;
}

/** The inputs as the stores hold them at this moment (a print, an export). */
export function pageInputsNow(): PageInputs {
  const { palette, scaleMax } = useSettings.getState();
  const { result, weather } = useClimate.getState();
  return {
    shown: shownAnswer(),
    palette,
    scaleMax,
    now: useApp.getState().scene,
    year: result,
    weather,
    project: useProject.getState(),
  };
}

/** The inputs, re-rendering when any of them changes. */
export function usePageInputs(): PageInputs {
  const shown = useShown();
  const palette = useSettings((s) => s.palette);
  const scaleMax = useSettings((s) => s.scaleMax);
  const now = useApp((s) => s.scene);
  const year = useClimate((s) => s.result);
  const weather = useClimate((s) => s.weather);
  const project = useProject();
  return useMemo(
    () => ({ shown, palette, scaleMax, now, year, weather, project }),
    [shown, palette, scaleMax, now, year, weather, project],
  );
}

export const sameInputs = (a: PageInputs, b: PageInputs): boolean =>
  (Object.keys(a) as (keyof PageInputs)[]).every((k) => a[k] === b[k]);

/** A report page as made, with what it was made from. */
export interface Page {
  inputs: PageInputs;
  /** Null: no answer to put on a page. */
  svg: string | null;
  /** Its map is of the room before its last change (the new answer not there yet): the page says so. */
  updating: boolean;
}

/**
 * The report page of the answer on screen, stamped with today's date: its name, north and verdicts'
 * thresholds as set now (reportScene: the map does not change with them), its year when one was computed for
 * the room as it is now, and marked as being updated when its map is of the room before an edit (the new
 * preview takes ~150 ms to come).
 */
export function makePage(inputs: PageInputs, day = reportDay(new Date())): Page {
  const { shown, palette, scaleMax, now } = inputs;
  if (!shown) return { inputs, svg: null, updating: false };
  const updating = answerKey(shown.scene) !== answerKey(now);
  const scene = reportScene(shown.scene, now);
  const svg = sheetOf({ ...shown, scene }, palette, scaleMax, day, climateYearFor(scene), updating);
  return { inputs, svg, updating };
}
