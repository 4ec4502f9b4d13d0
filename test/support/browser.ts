// A real headless browser for report.html: Debian's chromium, driven by
// playwright-core, which never downloads a browser of its own. Every page is
// opened cut off from the network, and everything it asks for is recorded.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export const BROWSER_MISSING = `no browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium) to check report.html in a browser`;

export const hasChromium = (): boolean => existsSync(CHROMIUM);

// No sandbox: CI runs as root, where Chromium's sandbox refuses to start. The
// rest keep the browser from reaching out on its own (updates, sync, QUIC probes).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Chromium with a fresh profile, offline; close() removes the profile. */
export async function launchChromium(): Promise<Browser> {
  const profile = await mkdtemp(path.join(tmpdir(), 'cp-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    offline: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export interface OpenedPage {
  page: Page;
  url: string;
  /** Every URL the page asked for, the file itself included, in order. */
  requests: string[];
  /** Console errors and uncaught exceptions: a CSP refusal shows here. */
  problems: string[];
  /** Dialogs the page opened: escaped hostile text opens none. */
  dialogs: string[];
}

/** Opens a file in a new page that may load that file and nothing else. */
export async function openFile(context: BrowserContext, file: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const url = pathToFileURL(file).href;
  const opened: OpenedPage = { page, url, requests: [], problems: [], dialogs: [] };
  await page.route('**/*', (route) => {
    const requested = route.request().url();
    opened.requests.push(requested);
    return requested === url ? route.continue() : route.abort('blockedbyclient');
  });
  page.on('console', (message) => {
    if (message.type() === 'error') opened.problems.push(message.text());
  });
  page.on('pageerror', (error) => opened.problems.push(error.message));
  page.on('dialog', (dialog) => {
    opened.dialogs.push(dialog.message());
    return dialog.dismiss();
  });
  await page.goto(url, { waitUntil: 'load' });
  return opened;
}
