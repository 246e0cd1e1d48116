// Long values and long lists, shortened for a person to read: the terminal and the HTML page print
// them so, and the JSON report keeps every message whole. A message's values are the JSON texts
// the diff engine writes in it (a default, an enum value); its lists are names or values joined by
// ", " (union members, enum values). A value keeps its start, its length and, beside the value it
// was changed from, the first place where the two differ; a list keeps its first items and the
// count of the rest. What is still too wide after that is prose, and is wrapped at its spaces.

/** The widest line the terminal's default output prints. */
export const LINE_WIDTH = 200;

/** From generous to tight: the longest value shown whole, and the most items of a list. */
const LEVELS = [
  { value: 60, items: 6 },
  { value: 40, items: 4 },
  { value: 24, items: 2 },
  { value: 16, items: 1 },
] as const;

type Level = (typeof LEVELS)[number];

/** Where the JSON string, object or array written at `start` of `text` ends (exclusive); -1 when there is none. */
export function jsonEnd(text: string, start: number): number {
  if (text[start] === '"') {
    for (let at = start + 1; at < text.length; at++) {
      if (text[at] === "\\") at++;
      else if (text[at] === '"') return at + 1;
    }
    return -1;
  }
  if (text[start] !== "{" && text[start] !== "[") return -1;
  let depth = 0;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      const end = jsonEnd(text, at);
      if (end < 0) return -1;
      at = end - 1;
    } else if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") {
      depth--;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The message with each JSON value in it replaced by a mark, and the values by their marks' numbers. */
function masked(message: string): { text: string; values: string[] } {
  const values: string[] = [];
  let text = "";
  for (let at = 0; at < message.length; at++) {
    const end = "\"{[".includes(message[at]!) ? jsonEnd(message, at) : -1;
    if (end > 0 && isJson(message.slice(at, end))) {
      text += `\u0000${values.length}\u0000`;
      values.push(message.slice(at, end));
      at = end - 1;
    } else text += message[at];
  }
  return { text, values };
}

const characters = (text: string) => `(${text.length} characters)`;

/** A value longer than `width`: its start, then its length. */
export function shortValue(value: string, width: number): string {
  return value.length <= width ? value : `${value.slice(0, width - 1)}… ${characters(value)}`;
}

/** A value changed from `before` to `after`: each shortened, and where they first differ when the starts shown are alike. */
export function shortChange(before: string, after: string, width: number): string {
  if (before.length <= width && after.length <= width) return `${before} → ${after}`;
  let same = 0;
  while (same < before.length && same < after.length && before[same] === after[same]) same++;
  const shown = `${shortValue(before, width)} → ${shortValue(after, width)}`;
  if (same < width - 1) return shown;
  const around = (value: string) => (same >= value.length ? "(its end)" : `…${value.slice(Math.max(0, same - 6), same + Math.ceil(width / 2))}…`);
  return `${shown}, first different at character ${same + 1}: ${around(before)} → ${around(after)}`;
}

/** A list longer than `items`: its first items and the count of the rest. */
export function shortList(list: readonly string[], items: number): string {
  return list.length <= items + 1 ? list.join(", ") : `${list.slice(0, items).join(", ")} and ${list.length - items} more`;
}

// An item of a list: a value's mark, or a name (a schema, a tag, a field).
const ITEM = String.raw`(?:\u0000\d+\u0000|[\w.$/-]+)`;
// A list ends where its message, clause or parenthesis does, or before a word that is no item ("tag").
const LIST = new RegExp(String.raw`(?<![\w.$/-])${ITEM}(?:, ${ITEM}){2,}(?=$|[;)]| →|, )`, "g");
const CHANGE = /\u0000(\d+)\u0000 → \u0000(\d+)\u0000/g;
const MARK = /\u0000(\d+)\u0000/g;

function atLevel(message: string, level: Level): string {
  const { text, values } = masked(message);
  if (values.length === 0 && !text.includes(", ")) return message;
  return text
    .replace(LIST, (list) => shortList(list.split(", "), level.items))
    .replace(CHANGE, (_, before: string, after: string) => shortChange(values[Number(before)]!, values[Number(after)]!, level.value))
    .replace(MARK, (_, index: string) => shortValue(values[Number(index)]!, level.value));
}

/** A message's clauses: its text split at "; ", never inside one of its values. */
export function clauses(message: string): string[] {
  const { text, values } = masked(message);
  return text.split("; ").map((clause) => clause.replace(MARK, (_, index: string) => values[Number(index)]!));
}

/**
 * `message` with its long values and lists shortened, at the most generous level that fits in
 * `room` characters (the tightest when none does). Without `room`, at the most generous.
 */
export function shortMessage(message: string, room = Number.POSITIVE_INFINITY): string {
  let shortened = message;
  for (const level of LEVELS) {
    shortened = atLevel(message, level);
    if (shortened.length <= room) return shortened;
  }
  return shortened;
}

/** `line` broken at its spaces so that no piece is wider than `width`; the pieces after the first indented by `indent`. */
export function wrapLine(line: string, width = LINE_WIDTH, indent = "      "): string {
  const lines: string[] = [];
  let rest = line;
  while (rest.length > width) {
    const start = lines.length === 0 ? 0 : indent.length;
    let cut = rest.lastIndexOf(" ", width);
    // A word wider than the line is cut where the line ends.
    if (cut <= start) cut = width;
    lines.push(rest.slice(0, cut).trimEnd());
    rest = indent + rest.slice(cut).trimStart();
  }
  if (rest.trim() !== "") lines.push(rest);
  return lines.join("\n");
}
