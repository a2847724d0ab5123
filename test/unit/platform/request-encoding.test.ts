import { describe, expect, it } from 'vitest';
import { encodeParameters, requestUrl } from '../../../main/platform/request-encoding.js';

describe('encodeParameters', () => {
  it('form-encodes strings, numbers and booleans, and leaves out unset values', () => {
    expect(encodeParameters({ title: 'Café night & more', page: 2, sharing: false, hidden: true, description: undefined })).toBe(
      'title=Caf%C3%A9+night+%26+more&page=2&sharing=false&hidden=true',
    );
  });

  it('sends a list as name[] entries, one per item, in order', () => {
    expect(encodeParameters({ tags: ['live', 'music', 3], q: 'x' })).toBe('tags%5B%5D=live&tags%5B%5D=music&tags%5B%5D=3&q=x');
    expect(new URLSearchParams(encodeParameters({ tags: ['a b', 'c'] })).getAll('tags[]')).toEqual(['a b', 'c']);
  });

  it('keeps an empty string, which is a value', () => {
    expect(encodeParameters({ link: '' })).toBe('link=');
  });
});

describe('requestUrl', () => {
  it('joins the API address and the path, with the query form-encoded', () => {
    expect(requestUrl('http://127.0.0.1:8080/', '/users/self/channels.json', { q: 'late show', detail_level: 'broadcaster', p: undefined })).toBe(
      'http://127.0.0.1:8080/users/self/channels.json?q=late+show&detail_level=broadcaster',
    );
  });

  it('keeps a path prefix of the API address, and brackets in parameter names', () => {
    expect(requestUrl('https://api.example.com/v1', '/channels/1/videos.json', { 'filter[protect]': 'public', ids: ['1', '2'] })).toBe(
      'https://api.example.com/v1/channels/1/videos.json?filter%5Bprotect%5D=public&ids%5B%5D=1&ids%5B%5D=2',
    );
  });

  it('has no question mark without parameters', () => {
    expect(requestUrl('https://api.example.com', '/users/self.json')).toBe('https://api.example.com/users/self.json');
  });

  it('is already in the form fetch sends, so a signature over it holds', () => {
    const url = requestUrl('http://127.0.0.1:8080', '/channels/a%20b.json', { q: "it's ~ (ok)*" });
    expect(new URL(url).href).toBe(url);
  });

  it('refuses a path that is relative or carries its own query', () => {
    expect(() => requestUrl('https://api.example.com', 'channels.json')).toThrow(/starts with \//);
    expect(() => requestUrl('https://api.example.com', '/channels.json?p=2')).toThrow(/query/);
  });
});
