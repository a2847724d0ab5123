// Reads an XML answer of the sandbox back into the value its JSON answer holds, by the shape rules of
// docs/sandbox.md ("XML bodies"), with an XML parser of its own (@xmldom/xmldom), not the sandbox's code.
// Anything outside the rules (an unknown `type`, text inside an object, a non-<item> array child, a number
// that does not parse, XML that is not well-formed) throws, so a wrong shape fails the test that reads it.
import { createRequire } from 'node:module';

/** The few DOM members used here; the package's own typings would pull the DOM library into the Node typecheck. */
interface XmlNode {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<XmlNode>;
}
interface XmlElement extends XmlNode {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}
interface XmlDocument {
  readonly documentElement: XmlElement | null;
}
type ErrorHandler = (message: string) => never;
interface XmldomModule {
  readonly DOMParser: new (options: { errorHandler: { warning: ErrorHandler; error: ErrorHandler; fatalError: ErrorHandler } }) => {
    parseFromString(source: string, mimeType: string): XmlDocument;
  };
}

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const CDATA_SECTION_NODE = 4;
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as XmldomModule;

export interface XmlBody {
  /** `response` for a success, `error` for an error. */
  readonly root: string;
  readonly value: unknown;
}

export function readXmlBody(text: string): XmlBody {
  const refuse: ErrorHandler = (message) => {
    throw new Error(`Not well-formed XML: ${message}`);
  };
  const document = new DOMParser({ errorHandler: { warning: refuse, error: refuse, fatalError: refuse } }).parseFromString(text, 'application/xml');
  const root = document.documentElement;
  if (!root) throw new Error('The XML body has no root element.');
  if (!text.startsWith(XML_DECLARATION)) throw new Error(`The XML body must start with ${XML_DECLARATION}.`);
  return { root: root.nodeName, value: valueOf(root) };
}

function valueOf(element: XmlElement): unknown {
  const where = `<${element.nodeName}>`;
  if (element.hasAttribute('nil')) {
    if (element.getAttribute('nil') !== 'true' || element.childNodes.length > 0) throw new Error(`${where}: nil must be "true" on an empty element.`);
    return null;
  }
  const type = element.getAttribute('type');
  if (!element.hasAttribute('type')) return textOf(element);
  switch (type) {
    case 'object': {
      const object: Record<string, unknown> = {};
      for (const child of childElements(element)) {
        const key = child.nodeName === 'entry' && child.hasAttribute('key') ? child.getAttribute('key')! : child.nodeName;
        if (Object.hasOwn(object, key)) throw new Error(`${where}: the member "${key}" appears twice.`);
        object[key] = valueOf(child);
      }
      return object;
    }
    case 'array':
      return childElements(element).map((child) => {
        if (child.nodeName !== 'item') throw new Error(`${where}: an array holds <item> elements, not <${child.nodeName}>.`);
        return valueOf(child);
      });
    case 'integer':
    case 'number': {
      const text = textOf(element);
      const number = text.trim() === '' ? Number.NaN : Number(text);
      if (!Number.isFinite(number) || (type === 'integer' && !Number.isInteger(number))) throw new Error(`${where}: "${text}" is not of type ${type}.`);
      return number;
    }
    case 'boolean': {
      const text = textOf(element);
      if (text !== 'true' && text !== 'false') throw new Error(`${where}: "${text}" is not a boolean.`);
      return text === 'true';
    }
    default:
      throw new Error(`${where}: unknown type "${type}".`);
  }
}

/** The element's text; a string or number element holds text only. */
function textOf(element: XmlElement): string {
  let text = '';
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType !== TEXT_NODE && node.nodeType !== CDATA_SECTION_NODE) throw new Error(`<${element.nodeName}> without a type holds text only.`);
    text += node.nodeValue ?? '';
  }
  return text;
}

/** The child elements of an object or array; text between them is refused. */
function childElements(element: XmlElement): XmlElement[] {
  const children: XmlElement[] = [];
  for (const node of Array.from(element.childNodes)) {
    if (node.nodeType === ELEMENT_NODE) children.push(node as XmlElement);
    else throw new Error(`<${element.nodeName}> of type ${element.getAttribute('type')} holds elements only.`);
  }
  return children;
}
