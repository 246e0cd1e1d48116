// The reference's Errors guide (info.description, "## Errors") tells a reader what the client does
// with each status. Those sentences are prose in the spec; the behaviour lives in src/client/errors.ts and
// src/client/transport.ts. This test reads the guide's list back and holds each line to the code, so a change
// on either side that is not made on the other fails here.
import { describe, expect, it } from "vitest";
import { kindOfStatus } from "../../src/client/errors.js";
import { BASE_DELAY_MS, MAX_BACKOFF_MS, MAX_RETRY_AFTER_MS, isRetryableStatus } from "../../src/client/retries.js";
import { bundle } from "../support/bundle.js";

const description: string = bundle.info.description;
const guide = description.slice(description.indexOf("## Errors"), description.indexOf("\n## ", description.indexOf("## Errors") + 1));

/** One bullet of the list: `- **404 Not Found**: … Kind `not_found`; not retried.` */
interface GuideLine {
  statuses: number[];
  kind: string;
  retried: boolean;
}

const lines: GuideLine[] = guide
  .split(/\n(?=- \*\*)/)
  .filter((chunk) => chunk.startsWith("- **"))
  .map((chunk) => {
    const text = chunk.replace(/\s+/g, " ");
    const head = /^- \*\*([\d, ]+)/.exec(text)?.[1] ?? "";
    const kind = /Kind `(\w+)`/.exec(text)?.[1];
    const retried = /; (not )?retried/.exec(text);
    if (!kind || !retried) throw new Error(`the Errors guide's line has no "Kind \`…\`; retried/not retried": ${text}`);
    return { statuses: head.split(/,\s*/).map(Number), kind, retried: retried[1] === undefined };
  });

describe("the Errors guide in the reference", () => {
  it("lists the statuses a caller meets", () => {
    expect(lines.flatMap((line) => line.statuses)).toEqual([400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503, 504]);
  });

  it.each(lines.flatMap((line) => line.statuses.map((status) => ({ status, ...line }))))(
    "$status: names the kind the client gives it and whether the client retries it",
    ({ status, kind, retried }) => {
      expect(kindOfStatus(status)).toBe(kind);
      expect(isRetryableStatus(status)).toBe(retried);
    },
  );

  it("states the client's backoff and its limit on Retry-After", () => {
    const text = guide.replace(/\s+/g, " ");
    expect(text).toContain(`(${BASE_DELAY_MS / 1000} s doubling up to ${MAX_BACKOFF_MS / 1000} s)`);
    expect(text).toContain(`longer than ${MAX_RETRY_AFTER_MS / 1000} seconds`);
  });
});
