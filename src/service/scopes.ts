import { LuxError } from '../core/errors';
import { baseModelType } from '../core/validation/requests';

/**
 * Model-type scopes, one rule for every place that checks them (embedded worker, gateway). Pure and
 * Node-free of heavy imports so the compute and scope-check workers load it cheaply.
 * `scopes` null means no tokens are configured: everything is allowed.
 */
export function scopesAllowModel(scopes: readonly string[] | null, modelType: string): boolean {
  if (scopes === null || scopes.includes('*') || scopes.includes('model:*')) return true;
  return scopes.includes(`model:${baseModelType(modelType)}`);
}

export const modelForbidden = (principal: string | null, modelType: string): LuxError =>
  new LuxError(
    'permission_error',
    `Token '${principal ?? ''}' is not allowed to use model_type '${modelType.slice(0, 60)}'`,
  );
