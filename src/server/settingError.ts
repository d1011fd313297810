/**
 * A server's settings read at start: one it cannot honour stops it with one line naming the variable (what
 * the operator must mend), not an error's stack. The settings' readers say so in their messages, which all
 * begin with the variable's name (`LUX_RESTART_DELAY_MS must be …`, config.ts, jobs.ts, tokenStore.ts).
 */
const SETTING = /^(LUX_[A-Z0-9_]+|PORT|HOST)\b/;

export const isSettingError = (e: unknown): e is Error => e instanceof Error && SETTING.test(e.message);

/** For a start's `.catch`: a setting's error ends the process (status 1, as a port in use) in one line. */
export const stopOnSettingError =
  (who: string) =>
  (e: unknown): never => {
    if (!isSettingError(e)) throw e;
    console.error(`${who}: ${e.message}`);
    process.exit(1);
  };
