/**
 * Where a worker thread's (or child process's) module lies beside the module that starts it, and how Node
 * must start it. Lux runs both from source (tests, `npm run` tools: `.ts` files under tsx) and built
 * (`dist/`, plain `.js`); a thread does not inherit the parent's tsx loader, so from source it is started
 * with `--import tsx`. Built, `execArgv` is left out so that the thread inherits the process's own flags as
 * Node does by default.
 */
export interface ThreadModule {
  /** The module's file URL (`.ts` beside a `.ts` caller, `.js` beside a built one). */
  filename: string;
  /** Only from source: tsx, and three's CommonJS warning silenced (tsx hands three's CommonJS build to
   * a thread, which warns on every start; the built code loads its ES modules and never sees it). */
  execArgv?: string[];
}

/** `callerUrl` is the starting module's `import.meta.url`; `name` the module beside it, without extension. */
export function threadModule(callerUrl: string, name: string): ThreadModule {
  const fromSource = callerUrl.endsWith('.ts');
  const filename = new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, callerUrl).href;
  return fromSource
    ? { filename, execArgv: ['--import', 'tsx', '--disable-warning=THREE_CJS_DEPRECATED'] }
    : { filename };
}
