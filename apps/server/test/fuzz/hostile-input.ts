import fc from 'fast-check';

/** One request a hostile or broken client might send. */
export interface HostileRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

/** Stand-ins the endpoint templates fill: a real id of the right kind, so some calls reach deep code. */
export type KnownIds = Record<string, string[]>;

const TRICKY_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u001f\u007f',
  '\t\r\n',
  '\u202e\u200b\ufeff',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '💥🏳️‍🌈👩‍👩‍👧',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  'null',
  'undefined',
  'NaN',
  'true',
  '-1',
  '1e309',
  '__proto__',
  'constructor',
  'prototype',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00',
  '%',
  '$'.concat('{jndi:ldap://x}'),
  '{{7*7}}',
  'é'.repeat(3_000),
  'a'.repeat(5_001),
];

/** Strings of every kind: any code point, lone surrogates, control characters, long runs. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.constantFrom(...TRICKY_STRINGS) },
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 60_000 }).map((n) => 'x'.repeat(n)) },
);

/** URLs that look right, point somewhere they must not, or only nearly parse. */
export const hostileUrl: fc.Arbitrary<string> = fc.oneof(
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc.constantFrom(
    'http://127.0.0.1/x.png',
    'http://2130706433/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://localhost:5432/',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'http://',
    'http://user:pass@images.fuzz.test/x.png',
    'https://sora.chatgpt.com/',
    'https://sora.chatgpt.com/p/../../x',
    `https://sora.chatgpt.com/${'a'.repeat(600)}`,
    'http://images.fuzz.test/x.png',
  ),
);

const hostileKey = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'callBackUrl',
    'image_urls',
    'success',
    'userId',
    '',
  ),
);

/** Any JSON value, nested, with the strings and numbers above. */
export const junkValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileUrl,
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 1.5, 10_001, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e-308),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A nearly valid body: fields replaced, dropped or added, or the whole body replaced by junk. */
export function hostileBody(
  valid: Record<string, unknown>,
  fields: Record<string, fc.Arbitrary<unknown>> = {},
) {
  const keys = Object.keys(valid);
  const fieldValue = (key: string) =>
    fields[key] ? fc.oneof(fields[key] as fc.Arbitrary<unknown>, junkValue) : junkValue;
  return fc.oneof(
    fc.constant<unknown>(valid),
    ...(keys.length > 0
      ? [
          fc
            .constantFrom(...keys)
            .chain((key) => fieldValue(key).map((value) => ({ ...valid, [key]: value }))),
          fc
            .subarray(keys)
            .map((dropped) =>
              Object.fromEntries(Object.entries(valid).filter(([key]) => !dropped.includes(key))),
            ),
        ]
      : []),
    fc.tuple(hostileKey, junkValue).map(([key, value]) => ({ ...valid, [key]: value })),
    junkValue,
  );
}

/** Bodies that are not JSON at all, or JSON only in name. */
export const brokenJson: fc.Arbitrary<string> = fc.oneof(
  hostileString,
  fc.constantFrom(
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '\ufeff{}',
    '{"a":1}{"b":2}',
    '{"a":1e999}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '[]',
    'null',
    '0',
    '"text"',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  // Deep nesting: a parser that recurses per level must not take the process down.
  fc.integer({ min: 1_000, max: 200_000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`),
  fc.integer({ min: 1_000, max: 100_000 }).map((depth) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

export const contentType = fc.constantFrom(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'application/xml',
  'application/octet-stream',
  '*/*',
  'json',
  '',
);

/** Header values an HTTP parser lets through: visible ASCII, spaces, tabs and obs-text. */
export const headerValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({
    unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
    maxLength: 300,
  }),
  fc.string({ unit: fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '\t',
    'x'.repeat(8_000),
    'cnd_live_',
    'cnd_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  ),
);

/** encodeURIComponent refuses lone surrogates; a client's UTF-8 encoder sends U+FFFD for them. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** Query strings: unknown and repeated keys, bad percent-encoding, numbers out of range. */
export const queryString: fc.Arbitrary<string> = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(hostileKey, hostileString), { maxLength: 4 })
    .map((pairs) =>
      pairs
        .map(
          ([key, value]) =>
            `${encodeURIComponent(wellFormed(key))}=${encodeURIComponent(wellFormed(value)).slice(0, 3_000)}`,
        )
        .join('&'),
    ),
  fc.constantFrom(
    '%',
    '%zz=1',
    'a=%E0%A4%A',
    'a=%ED%A0%80',
    '&&&=',
    'limit=1&limit=2',
    'limit=-1',
    'limit=1e3',
    'limit=NaN',
    'limit=0x10',
    'limit=99999999999999999999',
    'offset=-5',
    'cursor[]=x',
    'cursor[a]=b',
    `cursor=${'x'.repeat(5_000)}`,
    'cursor=%00',
    'token=&email=',
    '__proto__[isAdmin]=1',
    'search=%25%25%5F',
  ),
);

/** Path segments for route parameters: junk, bad encodings, traversal, the right kind of id. */
export function pathSegment(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant('x') },
    {
      weight: 2,
      arbitrary: hostileString.map((text) => encodeURIComponent(wellFormed(text)).slice(0, 400) || 'x'),
    },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%ED%A0%80',
        '%C0%AF',
        '..',
        '.',
        '%2e%2e',
        '%2F',
        'a%00b',
        'x'.repeat(300),
        '%F0%9F%92%A5',
      ),
    },
  );
}

/** Fills `:name` placeholders of a route with segments. */
export function fillPath(template: string, segments: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (_whole, name: string) => segments[name] ?? 'x');
}

/** What fast-check prints for a failing request: enough to replay it, without megabytes of padding. */
export function describeRequest(request: HostileRequest): string {
  const clip = (text: string) =>
    text.length > 300 ? `${text.slice(0, 300)}...(${text.length} chars)` : text;
  return JSON.stringify({
    method: request.method,
    url: clip(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, clip(value)])),
    payload: request.payload === undefined ? undefined : clip(request.payload),
  });
}
