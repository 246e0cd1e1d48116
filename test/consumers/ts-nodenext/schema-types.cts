// CommonJS TypeScript under NodeNext: `service-api/schema` resolves through its "require"
// condition to the full declarations (dist/schema.d.cts); index.ts, an ES module, reaches the same
// types through the "import" side, which only re-exports them. Type-checked, never run.
import type { ProjectDB, components } from "service-api/schema";

export const draft: Pick<ProjectDB, "name"> = { name: "from-commonjs" };
export type Created = components["schemas"]["ProjectCreateResponse"];

// @ts-expect-error: no such schema, so the types are really there (not `any`)
export type Missing = components["schemas"]["ProjectDBX"];
