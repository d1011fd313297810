/** Obstruction angles: horizon and zenith seen from a window's external reference point (conventions.md). */
export {
  buildObstructionScene,
  type ObstructionScene,
  type ObstructionSceneOptions,
} from './obstructionScene';
export { buildSharedScene, sceneFromShared, sharedSceneBytes, type SharedScene } from './sharedScene';
export { obstructionFans, SCAN_MAX_VIEWPOINTS } from './fans';
export { obstructionFansByScan } from './fanScan';
export { fanDirections, FAN_SIZE, FAN_HALF_SPAN_DEG } from './fanDirections';
export {
  obstructionAt,
  obstructionFan,
  type AngleResult,
  type DirectionAngles,
  type ObstructionFan,
} from './obstructionAngles';
export { MIN_BAND_DEG, FULLY_OBSTRUCTED_DEG } from './skyBands';
export { NEAR_VIEWPOINT_M } from './halfPlane';
