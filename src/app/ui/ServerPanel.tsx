import { useState } from 'react';
import { useAnswer } from '../compute/answerStore';

/**
 * Optional server (app.md §11): predict with a Lux server's /run (URL + token) instead of in this browser.
 * The default is the browser. The token stays in memory for this page only; it is never put in a link.
 */
export function ServerPanel(): React.JSX.Element {
  const remote = useAnswer((s) => s.remote);
  const setRemote = useAnswer((s) => s.setRemote);
  const [url, setUrl] = useState(remote?.url ?? location.origin);
  const [token, setToken] = useState(remote?.token ?? '');
  const [error, setError] = useState<string | null>(null);
  const use = (): void => {
    try {
      const u = new URL(url);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
      setError(null);
      setRemote({ url: u.origin, token });
    } catch {
      setError('Enter the server address, e.g. https://lux.example.org');
    }
  };
  return (
    <section aria-labelledby="srv-h">
      <h2 id="srv-h">Server</h2>
      <p data-testid="where">{remote ? `Predicting on ${remote.url}.` : 'Predicting in this browser.'}</p>
      {/* A form: Enter in either field uses the server, and browsers expect a password field inside one. */}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          use();
        }}
      >
        <label className="field column">
          <span>Server address</span>
          <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="server-url" />
        </label>
        <label className="field column">
          <span>Token (if the server asks for one)</span>
          <input
            type="password"
            value={token}
            onChange={(e) => setToken(e.target.value)}
            autoComplete="off"
            data-testid="server-token"
          />
        </label>
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="buttons">
          <button type="submit" data-testid="use-server">
            Use this server
          </button>
          <button type="button" onClick={() => setRemote(null)} disabled={!remote} data-testid="use-browser">
            Use this browser
          </button>
        </div>
      </form>
    </section>
  );
}
