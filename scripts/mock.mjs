// `npm run mock`: the Prism mock of the bundle on 127.0.0.1, validating every answer it gives.
import { startPrism } from "./lib/prism.mjs";

const port = Number(process.env.PORT ?? 4010);
// live: the mock picks up `npm run build:spec` without a restart.
const prism = await startPrism({ port, live: true, onLog: (line) => console.log(line) });
console.log(`\nMock of the API listening on ${prism.url} (Ctrl-C to stop)`);
console.log(`Try: curl -s ${prism.url}/v1/healthcheck`);
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await prism.stop();
    process.exit(0);
  });
}
