import { createStore, get, set } from 'idb-keyval';

/**
 * The weather files a user has opened, kept in the browser (IndexedDB, through idb-keyval) by their
 * SHA-256: a share link names its weather file by digest and never carries it (1.6 MB), so reopening the
 * link on the same device finds it here, offline. A store that cannot be used (private windows, quotas)
 * only means the file is asked for again.
 */
const store = (() => {
  try {
    return typeof indexedDB === 'undefined' ? null : createStore('lux-weather', 'files');
  } catch {
    return null;
  }
})();

export interface StoredWeather {
  name: string;
  text: string;
}

export async function keepWeather(digest: string, w: StoredWeather): Promise<void> {
  if (store) await set(digest, w, store).catch(() => undefined);
}

export async function findWeather(digest: string): Promise<StoredWeather | null> {
  if (!store) return null;
  return ((await get(digest, store).catch(() => undefined)) as StoredWeather | undefined) ?? null;
}
