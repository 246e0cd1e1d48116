// The entry for workerd, as a Worker in the ES module format, bundled with the conditions Workers
// use. The test asks `/?service=<address>&run=<name>` and gets the results as JSON.
import { runCases } from "./cases.js";

export default {
  async fetch(request) {
    const url = new URL(request.url);
    return Response.json(await runCases(url.searchParams.get("service"), url.searchParams.get("run")));
  },
};
