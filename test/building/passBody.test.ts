import { describe, expect, it } from 'vitest';
import { passBody } from '../../src/core/building/outcome';
import { parseClimateRequest } from '../../src/core/validation/requests';
import { angles, parameters } from '../helpers/exampleBodies';

describe('a room’s body for each pass (passBody)', () => {
  const room = {
    model_type: 'df_default',
    parameters,
    horizon: angles(0),
    zenith: angles(0),
    climate: { da_lux: 500 },
  };

  it('sends a building’s true north with its year, so the sun turns into its plan', () => {
    const body = passBody(room, { method: 'climate', quality: 'draft', weather: 'LOCATION', planNorth: 152 });
    expect(body).toMatchObject({ model_type: 'da_default', quality: 'draft', weather: 'LOCATION' });
    expect((body as { climate: object }).climate).toEqual({ da_lux: 500, plan_north: 152 });
    expect(parseClimateRequest(body)).toMatchObject({ planNorth: 152, daLux: 500 });
  });

  it('sends north within the API’s range, however it was turned', () => {
    const body = passBody(room, { method: 'climate', quality: 'draft', weather: 'LOCATION', planNorth: -30 });
    expect((body as { climate: { plan_north: number } }).climate.plan_north).toBe(330);
  });

  it('leaves a plan whose up is north as it was, and the daylight factor’s passes untouched', () => {
    const body = passBody(room, { method: 'climate', quality: 'draft', weather: 'LOCATION', planNorth: 0 });
    expect((body as { climate: object }).climate).toEqual({ da_lux: 500 });
    expect(passBody(room, { method: 'engine', quality: 'standard' })).toEqual({
      ...room,
      quality: 'standard',
    });
    expect(passBody(room, { method: 'model' })).toBe(room);
  });
});
