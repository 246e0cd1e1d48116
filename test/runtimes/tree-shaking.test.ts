// Tree-shaking, as a user's bundler does it to the packed tarball: an app that imports only
// createServiceClient carries none of paginate, none of the contract's schemas and nothing of
// the other JavaScript entries (service-api/validate, service-api/testing, service-api/testing/msw),
// with esbuild and with rollup. Each marker is first found in a bundle that does import it, so an
// absent marker means it was shaken off, not that the check looks for the wrong thing.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { esmEntry } from "../support/consumer-projects.js";

// Rollup comes with tsup, pinned by package.json's overrides; nothing else in the repository has rollup 4.
const { rollup } = createRequire(createRequire(import.meta.url).resolve("tsup/package.json"))("rollup") as typeof import("rollup");

const ONLY_THE_CLIENT = `import { createServiceClient } from "service-api";\nexport const client = createServiceClient({ baseUrl: "https://api.acme.example" });\n`;
const EVERYTHING_OF = (specifier: string) => `export * from "${specifier}";\n`;

/** Messages only paginate() has. */
const PAGINATE_MARKERS = ["is not a paged listing", "leads back to a page already read", "maxPages must be a whole number"];

/** The JavaScript entries besides the root, from the installed package's exports map. */
function otherEntries(app: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(app, "node_modules", "service-api", "package.json"), "utf8"));
  return Object.keys(manifest.exports)
    .filter((subpath) => subpath !== "." && subpath !== "./schema" && !/\.(json|ya?ml)$/.test(subpath))
    .map((subpath) => `service-api/${subpath.slice(2)}`);
}

/** String and template literals of at least 16 characters: a module's words, whatever its identifiers became. */
function literals(code: string): Set<string> {
  return new Set(code.match(/"(?:[^"\\\n]|\\.){16,}"|'(?:[^'\\\n]|\\.){16,}'|`(?:[^`\\]|\\.){16,}`/g) ?? []);
}

/**
 * The contract's schema names, as a bundle that inlines the shipped contract carries them. The
 * shipped `service-api/openapi.json` has no prose, so its names are what is left to look for; the
 * shorter ones could be any program's words.
 */
function contractMarkers(app: string): string[] {
  const installed = path.join(app, "node_modules", "service-api");
  const contract = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).exports["./openapi.json"];
  const schemas: Record<string, unknown> = JSON.parse(readFileSync(path.join(installed, contract), "utf8")).components.schemas;
  return Object.keys(schemas).filter((name) => name.length >= 16);
}

type Bundler = (app: string, source: string) => Promise<string>;

const bundlers: Record<string, Bundler> = {
  async esbuild(app, source) {
    const result = await build({ stdin: { contents: source, resolveDir: app, loader: "js" }, bundle: true, format: "esm", platform: "browser", target: "es2022", write: false, logLevel: "silent" });
    return result.outputFiles[0]!.text;
  },
  // Rollup with the package's ES module entries (as @rollup/plugin-node-resolve would pick them)
  // and openapi-fetch's; the contract (JSON) and the validator library stay external, as rollup
  // needs plugins for JSON and CommonJS, and they are not what tree-shaking removes from the client.
  async rollup(app, source) {
    const bundle = await rollup({
      input: "entry",
      onwarn: () => undefined,
      plugins: [
        {
          name: "installed-package",
          resolveId(id) {
            if (id === "entry") return id;
            const match = /^(service-api|openapi-fetch)(?:\/(.+))?$/.exec(id);
            if (!match || id === "service-api/openapi.json") return { id, external: true };
            return path.join(app, esmEntry(app, match[1]!, match[2] ? `./${match[2]}` : "."));
          },
          load: (id) => (id === "entry" ? source : undefined),
        },
      ],
    });
    const { output } = await bundle.generate({ format: "es" });
    await bundle.close();
    return output[0].code;
  },
};

for (const [bundlerName, bundle] of Object.entries(bundlers)) {
  describe(`${bundlerName}: a bundle that imports only createServiceClient`, () => {
    let app: string;
    let client: string;
    beforeAll(async () => {
      app = inject("runtimesApp");
      client = await bundle(app, ONLY_THE_CLIENT);
    });

    it("has none of paginate", async () => {
      const everything = await bundle(app, EVERYTHING_OF("service-api"));
      for (const marker of PAGINATE_MARKERS) expect(everything, marker).toContain(marker);
      expect(PAGINATE_MARKERS.filter((marker) => client.includes(marker))).toEqual([]);
      expect(client).not.toMatch(/\bpaginate\b/);
    });

    it("has nothing of service-api/validate or any other entry", async () => {
      const entries = otherEntries(app);
      expect(entries).toContain("service-api/validate");
      const root = literals(await bundle(app, EVERYTHING_OF("service-api")));
      // The app's own words (its base address) are not the entry's, wherever else they appear.
      const mine = literals(ONLY_THE_CLIENT);
      const inClient = new Set([...literals(client)].filter((literal) => !mine.has(literal)));
      for (const entry of entries) {
        const own = [...literals(await bundle(app, EVERYTHING_OF(entry)))].filter((literal) => !root.has(literal));
        expect(own.length, `${entry} has words of its own to look for`).toBeGreaterThan(0);
        expect(own.filter((literal) => inClient.has(literal)), entry).toEqual([]);
      }
    });
  });
}

// Only esbuild inlines the contract (rollup leaves JSON to a plugin), so only it can show the
// contract's absence against a bundle that has it.
it("esbuild: a bundle that imports only createServiceClient has none of the contract's schemas", async () => {
  const app = inject("runtimesApp");
  const markers = contractMarkers(app);
  expect(markers.length).toBeGreaterThan(100);
  const validate = await bundlers.esbuild!(app, EVERYTHING_OF("service-api/validate"));
  for (const marker of markers) expect(validate, `${marker} (the contract, bundled with validate)`).toContain(marker);
  const client = await bundlers.esbuild!(app, ONLY_THE_CLIENT);
  expect(markers.filter((marker) => client.includes(marker))).toEqual([]);
});

// MSW is an optional peer of service-api/testing/msw alone: no other entry may import it, or a
// user without MSW could not load (or bundle) it. service-api/testing/msw's own import is the control.
it("esbuild: of all the entries, only service-api/testing/msw imports MSW", async () => {
  const app = inject("runtimesApp");
  const importsMsw: Record<string, boolean> = {};
  for (const entry of ["service-api", ...otherEntries(app)]) {
    const result = await build({
      stdin: { contents: EVERYTHING_OF(entry), resolveDir: app, loader: "js" },
      bundle: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      logLevel: "silent",
      external: ["msw", "msw/*"],
    });
    importsMsw[entry] = Object.values(result.metafile.outputs).some((output) => output.imports.some((imported) => imported.path === "msw" || imported.path.startsWith("msw/")));
  }
  expect(importsMsw).toEqual({ ...Object.fromEntries(Object.keys(importsMsw).map((entry) => [entry, false])), "service-api/testing/msw": true });
});
