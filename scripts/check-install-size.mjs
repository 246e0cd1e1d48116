// Install-size budget (CI): packs the client's tarball, installs it with its dependencies into a
// fresh project, offline, and fails when node_modules comes to more than INSTALL_BUDGET, listing
// the biggest packages and files (scripts/lib/install-size.mjs).
import { installReport, measureInstall } from "./lib/install-size.mjs";
import { packedPackages } from "./lib/pack.mjs";

const { client: pack, remove } = packedPackages();
try {
  const report = installReport(measureInstall([pack.tarball, ...pack.dependencies]));
  console.log(report.lines.join("\n"));
  if (!report.ok) {
    console.error("check-install-size: FAILED: installing service-api brings more than its budget");
    process.exitCode = 1;
  } else console.log("check-install-size: ok");
} finally {
  remove();
}
