/**
 * What computes each model type of api.md, as health answers it (issue 32): the daylight factor by the
 * model on /run and the engine on /simulate; daylight autonomy (climate-based, with the request's weather)
 * by the engine's daylight coefficients on both, until a model of its own exists (docs/climate.md).
 */
export const MODEL_TYPES: Readonly<Record<string, string>> = {
  df_default: '/run: the daylight model (default reflectances); /simulate: the physics engine',
  df_custom: "/run: the daylight model (the request's reflectances); /simulate: the physics engine",
  da_default:
    "/run and /simulate: the physics engine's daylight coefficients under the request's weather file (no model yet)",
  da_custom:
    "/run and /simulate: the physics engine's daylight coefficients under the request's weather file, with the request's reflectances (no model yet)",
};
