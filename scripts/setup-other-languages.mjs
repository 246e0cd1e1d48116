// `npm run setup:other-languages`: installs the pinned Python and Go tools of the generator checks
// and the service's Python SDK (scripts/lib/other-languages.mjs says where and how). Either
// language may be missing from the machine: its checks then skip with a line saying so, and the
// other one is still set up.
import { setupGo, setupPython, setupPythonSdk } from "./lib/other-languages.mjs";

let failed = false;
for (const [language, setup] of [["Python", setupPython], ["Python SDK", setupPythonSdk], ["Go", setupGo]]) {
  try {
    setup();
  } catch (error) {
    failed = true;
    console.error(`${language}: ${error.message}`);
  }
}
process.exit(failed ? 1 : 0);
