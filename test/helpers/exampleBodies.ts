/** The example bodies live with the server, whose OpenAPI document shows them (src/server/examples.ts). */
export * from '../../src/server/examples';
