// The only host global the client may touch outside the web platform's own (DOM/fetch) types,
// and only behind a `typeof process !== "undefined"` guard (src/client/config.ts). The published build is
// type-checked against this instead of @types/node, so any other Node-only API (Buffer, require,
// node: imports, …) fails `npm run build`.
declare const process: { readonly env?: Readonly<Record<string, string | undefined>> } | undefined;
