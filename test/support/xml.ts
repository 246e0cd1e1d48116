// A small XML well-formedness check for the reports we write (JUnit): one root element, every
// tag closed in order, attributes quoted, only the five predefined entities or character
// references, no raw `<` or `&` in text. Enough to catch a broken report without a parser dependency.

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
  text: string;
}

const NAME = "[A-Za-z_][\\w.:-]*";
const ATTRIBUTE = new RegExp(`\\s+(${NAME})\\s*=\\s*("[^"<]*"|'[^'<]*')`, "gy");
const ENTITY = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

function unescape(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" })[name]!);
}

/** Parses `xml`, or throws an Error saying where it is not well-formed. */
export function parseXml(xml: string): XmlElement {
  let at = 0;
  const declaration = /^<\?xml[^?]*\?>\s*/.exec(xml);
  if (declaration) at = declaration[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const fail = (why: string): never => {
    throw new Error(`not well-formed XML at ${at}: ${why}`);
  };
  while (at < xml.length) {
    const next = xml.indexOf("<", at);
    const text = xml.slice(at, next === -1 ? xml.length : next);
    if (text.trim() !== "") {
      if (stack.length === 0) fail("text outside the root element");
      if (ENTITY.test(text)) fail("a bare & in text");
      stack.at(-1)!.text += unescape(text);
    }
    if (next === -1) break;
    at = next;
    if (xml.startsWith("</", at)) {
      const close = new RegExp(`</(${NAME})\\s*>`, "y");
      close.lastIndex = at;
      const match = close.exec(xml) ?? fail("a malformed closing tag");
      const open = stack.pop() ?? fail(`</${match[1]}> closes nothing`);
      if (open.name !== match[1]) fail(`</${match[1]}> closes <${open.name}>`);
      at = close.lastIndex;
      continue;
    }
    const openTag = new RegExp(`<(${NAME})`, "y");
    openTag.lastIndex = at;
    const name = (openTag.exec(xml) ?? fail("a malformed tag"))[1]!;
    at = openTag.lastIndex;
    const attributes: Record<string, string> = {};
    ATTRIBUTE.lastIndex = at;
    for (let match = ATTRIBUTE.exec(xml); match; match = ATTRIBUTE.exec(xml)) {
      const value = match[2]!.slice(1, -1);
      if (ENTITY.test(value)) fail(`a bare & in attribute ${match[1]}`);
      if (match[1]! in attributes) fail(`attribute ${match[1]} repeated`);
      attributes[match[1]!] = unescape(value);
      at = ATTRIBUTE.lastIndex;
    }
    const end = /\s*(\/?)>/y;
    end.lastIndex = at;
    const closing = end.exec(xml) ?? fail(`<${name}> is not closed by > (an unquoted attribute?)`);
    at = end.lastIndex;
    const element: XmlElement = { name, attributes, children: [], text: "" };
    if (stack.length > 0) stack.at(-1)!.children.push(element);
    else if (root) fail("a second root element");
    else root = element;
    if (closing[1] !== "/") stack.push(element);
  }
  if (stack.length > 0) fail(`<${stack.at(-1)!.name}> is never closed`);
  return root ?? fail("no root element");
}
