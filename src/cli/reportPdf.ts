import { existsSync } from 'node:fs';

/** Where a Chromium may be: CHROMIUM_PATH first, then the usual system installs. */
const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/**
 * The building's report as a PDF (issue 34), printed by Chromium from the same HTML (its A4 landscape
 * page rule, a room to a page): the browser's print is the renderer that draws the report's SVG pages as
 * the app does, where a PDF library would need every element drawn again by hand. Returns the PDF, or why
 * there is none (no Chromium on this machine: the HTML prints to PDF from any browser).
 */
export async function reportPdf(html: string): Promise<Uint8Array | string> {
  const path = process.env.CHROMIUM_PATH ?? CANDIDATES.find((p) => existsSync(p));
  if (!path || !existsSync(path))
    return 'no Chromium found (set CHROMIUM_PATH to one): report.html prints to PDF from any browser';
  // Imported here, not at the top: playwright-core takes ~0.7 s to load, which `--no-pdf` runs, and every
  // run that stops at its arguments, would otherwise pay.
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: path,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ preferCSSPageSize: true, printBackground: true });
  } finally {
    await browser.close();
  }
}
