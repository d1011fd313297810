import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BuildingPanel } from '../../src/app/ui/BuildingPanel';
import { ClimatePanel } from '../../src/app/ui/ClimatePanel';
import { SharePanel } from '../../src/app/ui/SharePanel';
import { SurroundingsPanel } from '../../src/app/ui/SurroundingsPanel';

/**
 * A live region must be in the page before its words change: one inserted already holding them is not read
 * by several screen readers. So each panel's regions are there, empty, in its first render (a server render:
 * the stores' first state), and what it later says lands inside them (e2e/liveRegions.spec.ts).
 */

/** The live regions of a panel's markup, by test id, with their text. */
function liveRegions(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  const open = /<(\w+)\b([^>]*\b(?:role="(?:status|alert)"|aria-live="[a-z]+")[^>]*)>/g;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    const [tag, attrs] = [m[1]!, m[2]!];
    // Its end: the close tag that balances the same tag opened inside it.
    const re = new RegExp(`<${tag}\\b[^>]*>|</${tag}>`, 'g');
    re.lastIndex = open.lastIndex;
    let depth = 1,
      end = html.length;
    for (let t = re.exec(html); t; t = re.exec(html)) {
      depth += t[0].startsWith('</') ? -1 : 1;
      if (depth === 0) {
        end = t.index;
        break;
      }
    }
    const id = /data-testid="([^"]+)"/.exec(attrs)?.[1] ?? `(${tag} without a test id)`;
    out[id] = html.slice(open.lastIndex, end).replace(/<[^>]+>/g, '');
  }
  return out;
}

const render = (panel: FunctionComponent): Record<string, string> =>
  liveRegions(renderToStaticMarkup(createElement(panel)));

describe('live regions in the page, empty, from their panel’s first render', () => {
  it('the share panel’s message and the surroundings’ busy line', () => {
    expect(render(SharePanel)).toEqual({ 'share-said': '' });
    expect(render(SurroundingsPanel)).toEqual({ 'surroundings-said': '' });
  });

  it('the climate panel’s notices (a link’s weather file asked for, the same file picked again)', () => {
    expect(render(ClimatePanel)).toEqual({ 'weather-said': '', 'climate-status': '' });
  });

  it('the building panel’s status and its context file’s “Reading …” line, before any building is open', () => {
    expect(render(BuildingPanel)).toEqual({ 'ifc-status-said': '', 'ifc-context-said': '' });
  });
});
