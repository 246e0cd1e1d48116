// `npm run lint:redocly`: the split source under the rules of redocly.yaml, zero warnings allowed.
import { redoclyLint } from "./lib/redocly-lint.mjs";

process.exit(redoclyLint([], "redocly lint") ? 0 : 1);
