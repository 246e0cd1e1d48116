// Every generated file says so at the top, with the command that rebuilds it.
export const GENERATED_NOTE =
  "generated from openapi/ by `npm run build:spec` — do not edit; change the spec and regenerate";

export const hashBanner = `# ${GENERATED_NOTE}\n`;
export const slashBanner = `// ${GENERATED_NOTE}\n`;
