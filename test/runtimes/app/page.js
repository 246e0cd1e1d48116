// The entry for browsers, bundled for the browser and loaded by index.html; the page's address
// says where the service is (`?service=<address>&run=<name>`), and the results land on `window`.
import { runCases } from "./cases.js";

const params = new URLSearchParams(location.search);
window.serviceApiResult = await runCases(params.get("service"), params.get("run"));
