import { describe, expect, it } from 'vitest';
import { isElementName, xmlDocument } from '../../../sandbox/http/xml-body.js';
import { readXmlBody } from '../../support/xml-body-reader.js';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The document without its declaration line. */
function xml(body: unknown, root: 'response' | 'error' = 'response'): string {
  const document = xmlDocument(root, body);
  expect(document.startsWith(DECLARATION)).toBe(true);
  return document.slice(DECLARATION.length);
}

describe('xmlDocument', () => {
  it('puts a success under <response> and an error under <error>, each an object of its members', () => {
    expect(xml({ id: '5001' })).toBe('<response type="object"><id>5001</id></response>');
    expect(xml({ error: 'not_found', error_description: 'No such channel.' }, 'error')).toBe(
      '<error type="object"><error>not_found</error><error_description>No such channel.</error_description></error>',
    );
  });

  it('types every value but strings: integer, number, boolean, object, array; null is nil', () => {
    expect(xml({ title: 'Demo', empty: '', count: 42, negative: -3, ratio: 1.5, live: true, off: false, owner: null })).toBe(
      '<response type="object"><title>Demo</title><empty></empty><count type="integer">42</count><negative type="integer">-3</negative>' +
        '<ratio type="number">1.5</ratio><live type="boolean">true</live><off type="boolean">false</off><owner nil="true"/></response>',
    );
    expect(xml({ numeric_string: '42', boolean_string: 'true' })).toBe('<response type="object"><numeric_string>42</numeric_string><boolean_string>true</boolean_string></response>');
  });

  it('writes an array as repeated <item> children, nested arrays and objects alike', () => {
    expect(xml({ tags: ['a', 'b'], none: [], stream: { hls: 'u' }, nothing: {}, grid: [[1], [{ x: null }]] })).toBe(
      '<response type="object"><tags type="array"><item>a</item><item>b</item></tags><none type="array"></none>' +
        '<stream type="object"><hls>u</hls></stream><nothing type="object"></nothing>' +
        '<grid type="array"><item type="array"><item type="integer">1</item></item><item type="array"><item type="object"><x nil="true"/></item></item></grid></response>',
    );
  });

  it('writes a key that is no element name as <entry key="...">', () => {
    expect(xml({ picture: { '90x90': 'small.jpg', '1 px': 'p', '': 'e', ü: 'u', 'a:b': 'ns', xmlns: 'x', XMLish: 'y' } })).toBe(
      '<response type="object"><picture type="object"><entry key="90x90">small.jpg</entry><entry key="1 px">p</entry><entry key="">e</entry>' +
        '<entry key="ü">u</entry><entry key="a:b">ns</entry><entry key="xmlns">x</entry><entry key="XMLish">y</entry></picture></response>',
    );
    expect(xml({ sizes: { '90x90': 3 } })).toBe('<response type="object"><sizes type="object"><entry key="90x90" type="integer">3</entry></sizes></response>');
  });

  it('takes letters, digits, _, - and . as element names, not starting with a digit, - or . or xml', () => {
    for (const name of ['id', '_links', 'filter.type', 'last-broadcast', 'a1', 'entry', 'item', 'type', 'x_ml']) expect(isElementName(name), name).toBe(true);
    for (const name of ['90x90', '-a', '.a', 'a b', 'a:b', 'ü', '', 'xml', 'xmlData', 'XmLx', 'a/b', 'a"b']) expect(isElementName(name), name).toBe(false);
  });

  it('escapes &, < and > in text and also " in attributes; a carriage return, and in keys tab and newline, as references', () => {
    expect(xml({ text: 'a & b < c > d "e" \'f\'' })).toBe('<response type="object"><text>a &amp; b &lt; c &gt; d "e" \'f\'</text></response>');
    expect(xml({ lines: 'one\r\ntwo\tthree\n' })).toBe('<response type="object"><lines>one&#13;\ntwo\tthree\n</lines></response>');
    expect(xml({ '<&>"\t\n\r': 'v' })).toBe('<response type="object"><entry key="&lt;&amp;&gt;&quot;&#9;&#10;&#13;">v</entry></response>');
  });

  it('replaces characters XML 1.0 cannot carry with U+FFFD, in text and in keys; keeps tab, newline, CR and astral characters', () => {
    expect(xml({ text: 'a\u0000b\u0008c\u001Fd\uD800e\uDFFFf\uFFFEg\uFFFFh' })).toBe('<response type="object"><text>a\uFFFDb\uFFFDc\uFFFDd\uFFFDe\uFFFDf\uFFFDg\uFFFDh</text></response>');
    expect(xml({ 'k\u0001': 'v' })).toBe('<response type="object"><entry key="k\uFFFD">v</entry></response>');
    expect(xml({ emoji: '🎥 \u007F \u0085 \uE000' })).toBe('<response type="object"><emoji>🎥 \u007F \u0085 \uE000</emoji></response>');
  });

  it('writes the value the JSON answer holds: undefined members dropped, toJSON applied, NaN and Infinity as null', () => {
    const body = { kept: 'k', dropped: undefined, when: new Date(0), nan: Number.NaN, infinite: Number.POSITIVE_INFINITY, list: [undefined] };
    expect(xml(body)).toBe(
      '<response type="object"><kept>k</kept><when>1970-01-01T00:00:00.000Z</when><nan nil="true"/><infinite nil="true"/><list type="array"><item nil="true"/></list></response>',
    );
  });

  it('reads back, by an independent parser, as the JSON value', () => {
    const body = {
      channel: { id: '5001', tags: ['live', ''], picture: { '90x90': 'a.jpg', '600x600': 'b.jpg' }, stats: { viewer_total: 0 }, locks: [], owner: null },
      paging: { previous: null, next: 'https://x/?a=1&b=2' },
      odd: { entry: 'named entry', item: 'named item', 'with space': -0.25, 'line\r\nbreak': 'tab\there\r\n', big: 1e21 },
    };
    expect(readXmlBody(xmlDocument('response', body))).toEqual({ root: 'response', value: JSON.parse(JSON.stringify(body)) as unknown });
    expect(readXmlBody(xmlDocument('error', { error: 'not_found', error_description: '<none>' }))).toEqual({ root: 'error', value: { error: 'not_found', error_description: '<none>' } });
  });
});

describe('readXmlBody (the conformance suite\'s reader)', () => {
  const read = (body: string) => () => readXmlBody(`${DECLARATION}${body}`);

  it('refuses what the shape rules do not allow, so a wrong body fails the test that reads it', () => {
    expect(read('<response type="list"></response>')).toThrow(/unknown type "list"/);
    expect(read('<response type="object">loose<a>1</a></response>')).toThrow(/holds elements only/);
    expect(read('<response type="array"><a>1</a></response>')).toThrow(/<item> elements/);
    expect(read('<response type="integer">1.5</response>')).toThrow(/not of type integer/);
    expect(read('<response type="number"></response>')).toThrow(/not of type number/);
    expect(read('<response type="boolean">yes</response>')).toThrow(/not a boolean/);
    expect(read('<response type="object"><a>1</a><a>2</a></response>')).toThrow(/appears twice/);
    expect(read('<response><a>1</a></response>')).toThrow(/holds text only/);
    expect(read('<response type="object"><a></response>')).toThrow(/Not well-formed/);
    expect(() => readXmlBody('<response>text</response>')).toThrow(/must start with/);
  });
});
