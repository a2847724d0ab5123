// The XML encoding of a response body, for a `<format>` of `xml`: written from the value the JSON answer
// would carry, by the rules in docs/sandbox.md ("XML bodies"). For example {"id": "5001", "tags": ["a"],
// "picture": {"90x90": "p.jpg"}, "live": true, "owner": null} is
//   <?xml version="1.0" encoding="UTF-8"?>
//   <response type="object"><id>5001</id><tags type="array"><item>a</item></tags><picture type="object">
//   <entry key="90x90">p.jpg</entry></picture><live type="boolean">true</live><owner nil="true"/></response>

export type XmlRoot = 'response' | 'error';

type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const XML_CONTENT_TYPE = 'application/xml; charset=utf-8';

/** The XML document for `body` (an object or array a route answers), under `<response>` or `<error>`. */
export function xmlDocument(root: XmlRoot, body: unknown): string {
  // The same value JSON.stringify would write: toJSON applied, undefined members dropped, NaN as null.
  const value = JSON.parse(JSON.stringify(body) ?? 'null') as JsonValue;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(root, value)}`;
}

function element(key: string, value: JsonValue): string {
  const name = isElementName(key) ? key : 'entry';
  const open = name === key ? name : `entry key="${escapeAttribute(key)}"`;
  if (value === null) return `<${open} nil="true"/>`;
  if (typeof value === 'string') return `<${open}>${escapeText(value)}</${name}>`;
  if (typeof value === 'boolean') return `<${open} type="boolean">${value}</${name}>`;
  if (typeof value === 'number') return `<${open} type="${Number.isInteger(value) ? 'integer' : 'number'}">${JSON.stringify(value)}</${name}>`;
  if (Array.isArray(value)) return `<${open} type="array">${value.map((item) => element('item', item)).join('')}</${name}>`;
  const members = Object.entries(value).map(([memberKey, member]) => element(memberKey, member));
  return `<${open} type="object">${members.join('')}</${name}>`;
}

/**
 * A key written as the element's name: ASCII letter or `_`, then letters, digits, `_`, `-`, `.`; not
 * starting with `xml` (reserved by XML). Any other key (`90x90`, `a b`, `ü`, ``) goes in `<entry key>`.
 */
export function isElementName(key: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) && !/^xml/i.test(key);
}

/** Characters XML 1.0 cannot carry at all, not even escaped: control characters, lone surrogates, U+FFFE/U+FFFF. */
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function xmlCharacters(text: string): string {
  return text.replace(NOT_XML_CHARACTER, '\uFFFD');
}

/** Element text; a carriage return is written as a reference so parsers do not turn it into a newline. */
function escapeText(text: string): string {
  return xmlCharacters(text).replace(/[&<>\r]/g, (character) => ESCAPES[character]!);
}

/** Attribute values (keys); tab, newline and CR as references so parsers do not turn them into spaces. */
function escapeAttribute(text: string): string {
  return xmlCharacters(text).replace(/[&<>"\t\n\r]/g, (character) => ESCAPES[character]!);
}

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  '\t': '&#9;',
  '\n': '&#10;',
  '\r': '&#13;',
};
