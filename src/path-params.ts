// Path parameters that cannot change the request's path. openapi-fetch already percent-encodes
// values (so `a/b` and `../admin` stay inside one segment, and `%2e` becomes `%252e`), but it
// leaves `.` as it is, so URL parsing would resolve a value of exactly `.` or `..`; and an empty
// value merges two segments. Those are refused before anything is sent.
import { defaultPathSerializer } from "openapi-fetch";
import { ServiceConfigurationError } from "./errors.js";

const DOT_SEGMENT = /^\.{1,2}$/;

function checkValue(name: string, value: unknown): void {
  if (typeof value === "string" && (value === "" || DOT_SEGMENT.test(value))) {
    throw new ServiceConfigurationError(`path parameter ${name} is empty or a dot segment, which would change the request path`);
  }
}

export function safePathSerializer(pathname: string, pathParams: Record<string, unknown>): string {
  for (const name in pathParams) {
    const value = pathParams[name];
    if (Array.isArray(value)) for (const item of value) checkValue(name, item);
    else checkValue(name, value);
  }
  const serialized = defaultPathSerializer(pathname, pathParams);
  const missing = serialized.includes("{") ? /\{([^{}]+)\}/.exec(serialized) : null;
  if (missing) throw new ServiceConfigurationError(`path parameter ${missing[1]} is missing`);
  return serialized;
}
