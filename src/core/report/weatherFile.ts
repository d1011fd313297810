import type { WeatherLocation } from '../climate/epw';

/**
 * The weather file a year was computed with, as a report names it (issue 32): a signing architect names the
 * data, not only the place. The file's name as it was given (the command line's --weather path's last part,
 * the file picked in the app) and its source and station as the EPW's LOCATION line states them.
 */
export interface WeatherFile {
  name: string;
  /** LOCATION's data source ("TMY3", "IWEC", "SWEC"); '' where the file leaves it empty. */
  source: string;
  /** LOCATION's WMO station number; '' where the file leaves it empty. */
  wmo: string;
}

export const weatherFileOf = (name: string, loc: Pick<WeatherLocation, 'source' | 'wmo'>): WeatherFile => ({
  name,
  source: loc.source,
  wmo: loc.wmo,
});

/** "chicago-ohare-tmy3.epw (TMY3, WMO 725300)": the name, then what the file states of its data. */
export function weatherFileText(w: WeatherFile): string {
  const said = [w.source, w.wmo ? `WMO ${w.wmo}` : ''].filter((t) => t !== '');
  return said.length ? `${w.name} (${said.join(', ')})` : w.name;
}
