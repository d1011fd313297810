/** mulberry32 (the core's generator): every generated scene is reproducible from the seed in a test name. */
export { rng as seededRandom } from '../../src/core/engine/random';
