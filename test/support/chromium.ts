// Headless Chromium from Debian (/usr/bin/chromium), driven by playwright-core; never a
// downloaded browser. Its background services (updates, sync, component downloads) are switched
// off: they would try to reach the network, which the tests must never need. Playwright adds
// --headless and a fresh temporary profile itself (it refuses --user-data-dir here), and deletes
// that profile on close.
import { existsSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";

import { chromiumPath } from "./system-tools.js";

export const CHROMIUM = chromiumPath;

export async function launchChromium(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's chromium (\`apt-get install -y chromium\`; .ci/run does this)`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    chromiumSandbox: false,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

/** Records every request that leaves loopback (and refuses it), plus page errors. */
export function watchPage(page: Page) {
  const external: string[] = [];
  const errors: string[] = [];
  void page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === "data:" || url.protocol === "blob:" || url.hostname === "127.0.0.1" || url.hostname === "localhost") {
      return route.continue();
    }
    external.push(route.request().url());
    return route.abort();
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  return { external, errors };
}
