import { lazy, Suspense, useEffect, useState } from 'react';
import { useAnswer } from '../compute/answerStore';
import { VIEW3D_REGION } from './view3dRegion';

/**
 * The two 3D views, loaded apart from the app (three.js and @react-three/fiber are most of its code) and the
 * room's mounted only once the first map is on screen. On a cold start they compete with what the first
 * map needs: the model worker's runtime compile and first answer (docs/app.md, First map). On this 2-core
 * machine, in Chromium's software GL, deferring them brought the cold first map from 3.6 to 3.1 s; the 3D
 * view then follows the map by ~1.3 s, where it came with it.
 */
const View3D = lazy(() => import('./View3D').then((m) => ({ default: m.View3D })));
const BuildingView = lazy(() => import('./BuildingView').then((m) => ({ default: m.BuildingView })));

/**
 * How long the room's 3D view waits for the first answer at most: a model that loads slowly (a slow
 * network) or fails to must not keep the room out of sight.
 */
export const VIEW3D_WAIT_MS = 4000;

/** The room's 3D view, once the first answer (or its failure) is known, or VIEW3D_WAIT_MS have passed. */
export function RoomView3D(): React.JSX.Element {
  // Every first outcome bumps the version: a map, a blocked room, an error, a room sent to the engine.
  const answered = useAnswer((s) => s.version > 0);
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (answered) return;
    const t = setTimeout(() => setWaited(true), VIEW3D_WAIT_MS);
    return () => clearTimeout(t);
  }, [answered]);
  // The view's place held while it waits and loads: nothing beside it moves when it comes.
  const placeholder = <div {...VIEW3D_REGION} aria-busy="true" />;
  return answered || waited ? (
    <Suspense fallback={placeholder}>
      <View3D />
    </Suspense>
  ) : (
    placeholder
  );
}

/** The building's plan and 3D view (a view of its own, opened after an IFC file is read: loaded then). */
export function LazyBuildingView(): React.JSX.Element {
  return (
    <Suspense fallback={<div className="plan" aria-busy="true" />}>
      <BuildingView />
    </Suspense>
  );
}
