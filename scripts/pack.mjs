// Packs `service-api` and `service-api-contract` once into the folder given (`--out`), as
// `npm publish` would: `.ci/run` does this after the build and points $SERVICE_API_PACKED at the
// folder, so the package checks and the package, consumer and runtime tests all read the same
// two tarballs instead of packing their own (scripts/lib/pack.mjs, packedPackages).
import { ensureBuilt, packBoth } from "./lib/pack.mjs";
import { outDirFromArgs } from "./lib/paths.mjs";

if (ensureBuilt()) console.log("pack: dist/ was missing or stale, rebuilt it");
if (!process.argv.includes("--out")) throw new Error("pack: say where, e.g. --out build/packed");
const { client, contract } = packBoth(outDirFromArgs());
for (const packed of [client, contract]) console.log(`pack: ${packed.tarball} (${packed.files.length} files, ${(packed.size / 1024).toFixed(1)} KiB)`);
