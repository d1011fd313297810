/** The example bodies live with the operations' descriptors, whose OpenAPI document shows them (src/service/operations.ts). */
export * from '../../src/service/examples';
export { EXAMPLE_BODIES } from '../../src/service/operations';
