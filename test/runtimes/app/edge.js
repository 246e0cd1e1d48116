// The entry for the Vercel Edge runtime, bundled with the `edge-light` condition and served by
// edge-runtime's own server, which takes a script that listens for fetch events. The test asks
// `/?service=<address>&run=<name>` and gets the results as JSON.
import { runCases } from "./cases.js";

addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  event.respondWith(runCases(url.searchParams.get("service"), url.searchParams.get("run")).then((results) => Response.json(results)));
});
