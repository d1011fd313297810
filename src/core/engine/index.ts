/**
 * The daylight simulation engine (physics.md): DF on the work-plane grid of a room under the CIE overcast
 * sky, validated against Radiance. Pure TypeScript; runs in a Web Worker and in Node.
 */
export { simulateRoom, simulateRoomAsync, simulationSteps, QUALITY, abortError } from './simulate';
export type {
  SimulationOptions,
  SimulationResult,
  WindowResult,
  EngineQuality,
  CancelSignal,
} from './simulate';
export type { EngineRoom } from './model';
export { glassTransmittance, glassReflectance, GLASS_TRANSMISSIVITY } from './glazing';
export { CIE_OVERCAST, skyLuminance, skyOnTilt, ZENITH_LUMINANCE, type Sky } from './sky';
export { simulateWindowFrames, v2Frame } from './v2Frame';
export type { V2Frame, WindowFrameResult, PixelSampler } from './v2Frame';
