// The MSW case in a browser: MSW's worker (served at /mockServiceWorker.js) answers with the
// contract's mock, the checks of msw-case.js run, then an SWR hook made by swr-openapi from the
// client is rendered until it shows the project. The results land on `window`.
import { setupWorker } from "msw/browser";
import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { createServiceClient } from "service-api";
import { createQueryHook } from "swr-openapi";
import { BASE_URL, createMock, PROJECT_ID, runChecks } from "./msw-case.js";

const { service, handlers } = createMock();
const worker = setupWorker(...handlers);
await worker.start({ serviceWorker: { url: "/mockServiceWorker.js" }, onUnhandledRequest: "error", quiet: true });
const checks = await runChecks(service);
service.reset();

const client = createServiceClient({ baseUrl: BASE_URL, auth: { apiKey: "runtime-key" } });
const useQuery = createQueryHook(client, "service");
function ProjectName() {
  const { data, error } = useQuery("/projects/{project_id}", { params: { path: { project_id: PROJECT_ID } } });
  return createElement("h1", { id: "project" }, error ? "failed" : (data?.name ?? "loading"));
}
const root = document.createElement("div");
document.body.append(root);
createRoot(root).render(createElement(ProjectName));
const heading = await new Promise((resolve) => {
  const read = () => {
    const text = document.getElementById("project")?.textContent;
    if (text && text !== "loading") resolve(text);
    else setTimeout(read, 20);
  };
  read();
});
window.serviceApiResult = { ...checks, swr: heading };
