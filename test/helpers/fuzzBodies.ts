import type { Rng } from './seededRandom';

/**
 * Hostile request bodies for the fuzz test: valid examples mutated structurally (drop fields, wrong
 * types, NaN-like strings, extreme numbers, deep nesting, arrays for objects, unicode, prototype keys,
 * huge arrays, duplicate keys) and textually (truncation, byte flips, invalid UTF-8, empty and
 * non-object bodies), plus random JSON. Everything derives from the Rng, so a case is reproducible
 * from the seed and its index.
 */
export interface FuzzCase {
  bytes: Uint8Array<ArrayBuffer>;
  contentType: string | null;
  /** The mutations applied, for the failure report. */
  how: string[];
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Path = (string | number)[];

/** Raw JSON text spliced in after serialisation (JSON.stringify cannot write 1e999 or -0). */
const RAW_MARK = '\u0000raw:';
const raw = (text: string): string => `${RAW_MARK}${text}`;

const NAN_LIKE = [
  'NaN',
  'Infinity',
  '-Infinity',
  'nan',
  '1e999',
  '0x10',
  ' 3 ',
  '3m',
  '',
  '١٢',
  'null',
  'undefined',
  '1,5',
];
const EXTREME_TEXT = [
  '1e999',
  '-1e999',
  '1e-999',
  '-0',
  '123456789012345678901234567890',
  '0.1e+400',
  '9007199254740993',
  '5e-324',
];
const EXTREME = [
  1.7976931348623157e308,
  -1.7976931348623157e308,
  2 ** 53 + 2,
  -1e300,
  1e-300,
  4294967296,
  -1,
  0,
  360.0000001,
  90.0001,
];
const UNICODE = [
  '日本語',
  '🏠🪟☀️',
  'e\u0301',
  '\u202Eevil',
  '\u200B',
  '\uFEFF',
  '\ud800',
  'a\u0000b',
  'Ω'.repeat(500),
  '"\\',
  '</script>',
];
const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '0',
  'w1',
  'mesh',
  'model_type',
];

function paths(v: Json, at: Path = [], out: Path[] = []): Path[] {
  out.push(at);
  if (Array.isArray(v)) v.forEach((x, i) => paths(x, [...at, i], out));
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

function get(root: Json, p: Path): Json {
  let v: Json = root;
  for (const k of p) v = (v as Record<string | number, Json>)[k]!;
  return v;
}

/** Replaces the node at `p` (the root when p is empty) and returns the new root. */
function set(root: Json, p: Path, value: Json): Json {
  if (p.length === 0) return value;
  const parent = get(root, p.slice(0, -1)) as Record<string | number, Json>;
  parent[p[p.length - 1]!] = value;
  return root;
}

export function randomJson(rng: Rng, depth = 3): Json {
  const kind = rng.int(depth > 0 ? 9 : 6);
  switch (kind) {
    case 0:
      return null;
    case 1:
      return rng.chance(0.5);
    case 2:
      return rng.pick(EXTREME);
    case 3:
      return (rng() - 0.5) * 10 ** rng.int(8);
    case 4:
      return rng.pick([...NAN_LIKE, ...UNICODE]);
    case 5:
      return raw(rng.pick(EXTREME_TEXT));
    case 6:
      return Array.from({ length: rng.int(5) }, () => randomJson(rng, depth - 1));
    case 7:
      return Array.from({ length: 3 }, () => (rng.chance(0.8) ? rng() * 10 : randomJson(rng, depth - 1)));
    default: {
      const o: Record<string, Json> = {};
      for (let i = rng.int(5); i > 0; i--) o[rng.pick([...KEYS, ...UNICODE])] = randomJson(rng, depth - 1);
      return o;
    }
  }
}

function wrongType(rng: Rng, v: Json): Json {
  const options: Json[] = [null, true, false, 'text', [], {}, [v], { value: v }, 0, -1];
  if (typeof v === 'number') options.push(String(v));
  if (typeof v === 'string') options.push(Number(v.length));
  return rng.pick(options);
}

type Mutation = (rng: Rng, root: Json) => [Json, string];

const STRUCTURAL: Mutation[] = [
  function dropField(rng, root) {
    const objects = paths(root).filter((p) => {
      const v = get(root, p);
      return v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > 0;
    });
    if (objects.length === 0) return [root, 'dropField(none)'];
    const p = rng.pick(objects);
    const o = get(root, p) as Record<string, Json>;
    const k = rng.pick(Object.keys(o));
    delete o[k];
    return [root, `dropField(${[...p, k].join('.')})`];
  },
  function wrongTypeLeaf(rng, root) {
    const p = rng.pick(paths(root));
    return [set(root, p, wrongType(rng, get(root, p))), `wrongType(${p.join('.')})`];
  },
  function nanLike(rng, root) {
    const nums = paths(root).filter((p) => typeof get(root, p) === 'number');
    const p = nums.length ? rng.pick(nums) : rng.pick(paths(root));
    return [set(root, p, rng.pick(NAN_LIKE)), `nanLike(${p.join('.')})`];
  },
  function extremeNumber(rng, root) {
    const nums = paths(root).filter((p) => typeof get(root, p) === 'number');
    const p = nums.length ? rng.pick(nums) : rng.pick(paths(root));
    const v = rng.chance(0.5) ? raw(rng.pick(EXTREME_TEXT)) : rng.pick(EXTREME);
    return [set(root, p, v), `extreme(${p.join('.')})`];
  },
  function garbage(rng, root) {
    const p = rng.pick(paths(root));
    return [set(root, p, randomJson(rng, 4)), `garbage(${p.join('.')})`];
  },
  function deepNesting(rng, root) {
    const p = rng.pick(paths(root));
    const d = rng.pick([100, 1_000, 10_000, 50_000]);
    const text = rng.chance(0.5) ? '['.repeat(d) + ']'.repeat(d) : '{"a":'.repeat(d) + '1' + '}'.repeat(d);
    return [set(root, p, raw(text)), `deepNesting(${p.join('.')}, ${d})`];
  },
  function objectToArray(rng, root) {
    const objects = paths(root).filter((p) => {
      const v = get(root, p);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    });
    const p = objects.length ? rng.pick(objects) : [];
    const v = get(root, p);
    return [
      set(root, p, v !== null && typeof v === 'object' ? Object.values(v) : [v]),
      `objectToArray(${p.join('.')})`,
    ];
  },
  function arrayToObject(rng, root) {
    const arrays = paths(root).filter((p) => Array.isArray(get(root, p)));
    if (arrays.length === 0) return [root, 'arrayToObject(none)'];
    const p = rng.pick(arrays);
    return [set(root, p, { ...(get(root, p) as Json[]) }), `arrayToObject(${p.join('.')})`];
  },
  function unicodeKeyOrValue(rng, root) {
    const p = rng.pick(paths(root));
    const parentPath = p.slice(0, -1);
    const parent = p.length ? get(root, parentPath) : null;
    if (parent !== null && typeof parent === 'object' && !Array.isArray(parent) && rng.chance(0.5)) {
      const k = p[p.length - 1] as string;
      const v = parent[k]!;
      delete parent[k];
      parent[rng.chance(0.5) ? k.toUpperCase() + rng.pick(UNICODE) : rng.pick(UNICODE)] = v;
      return [root, `unicodeKey(${p.join('.')})`];
    }
    return [set(root, p, rng.pick(UNICODE)), `unicodeValue(${p.join('.')})`];
  },
  function prototypeKeys(rng, root) {
    const objects = paths(root).filter((p) => {
      const v = get(root, p);
      return v !== null && typeof v === 'object' && !Array.isArray(v);
    });
    const p = objects.length ? rng.pick(objects) : [];
    const o = get(root, p);
    if (o === null || typeof o !== 'object' || Array.isArray(o)) return [root, 'prototypeKeys(none)'];
    const k = rng.pick(['__proto__', 'constructor', 'prototype', 'toString', 'valueOf']);
    const v = rng.chance(0.5) ? (Object.values(o)[0] ?? {}) : randomJson(rng, 2);
    Object.defineProperty(o, k, { value: v, enumerable: true, configurable: true, writable: true });
    return [root, `prototypeKey(${[...p, k].join('.')})`];
  },
  function hugeArray(rng, root) {
    const arrays = paths(root).filter((p) => Array.isArray(get(root, p)));
    const p = arrays.length ? rng.pick(arrays) : [];
    const n = rng.pick([1_000, 5_000, 30_000]);
    const point = () => [rng() * 20 - 10, rng() * 20 - 10, rng() * 10];
    const v: Json = rng.chance(0.5)
      ? Array.from({ length: n }, point)
      : Array.from({ length: n }, () => rng() * 100);
    return [set(root, p, v), `hugeArray(${p.join('.')}, ${n})`];
  },
  function emptyContainer(rng, root) {
    const p = rng.pick(paths(root));
    return [set(root, p, rng.pick<Json>([[], {}, '', [[]], [{}]])), `empty(${p.join('.')})`];
  },
];

/** JSON.stringify, then the raw splices. */
function serialise(v: Json): string {
  const text = JSON.stringify(v);
  return text.replace(
    /"\\u0000raw:((?:[^"\\]|\\.)*)"/g,
    (_m, body: string) => JSON.parse(`"${body}"`) as string,
  );
}

function duplicateKey(rng: Rng, text: string): [string, string] {
  const keys = [...text.matchAll(/"([A-Za-z_][A-Za-z0-9_]*)":/g)];
  if (keys.length === 0) return [text, 'duplicateKey(none)'];
  const m = rng.pick(keys);
  const dup = `"${m[1]}":${serialise(randomJson(rng, 2))},`;
  return [text.slice(0, m.index) + dup + text.slice(m.index), `duplicateKey(${m[1]})`];
}

const ENCODER = new TextEncoder();

function textual(rng: Rng, text: string): [Uint8Array<ArrayBuffer>, string] {
  const bytes = ENCODER.encode(text);
  switch (rng.int(8)) {
    case 0: {
      const n = rng.int(bytes.length + 1);
      return [bytes.slice(0, n), `truncate(${n})`];
    }
    case 1: {
      const out = bytes.slice();
      for (let i = 0; i < 1 + rng.int(4); i++) if (out.length) out[rng.int(out.length)] = rng.int(256);
      return [out, 'flipBytes'];
    }
    case 2: {
      const at = rng.int(bytes.length + 1);
      const junk = rng.pick([[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf8, 0x88], [0x00], [0x22], [0x5c]]);
      return [new Uint8Array([...bytes.slice(0, at), ...junk, ...bytes.slice(at)]), 'invalidUtf8'];
    }
    case 3:
      return [
        ENCODER.encode(
          rng.pick([
            '',
            ' ',
            '\n\t',
            'null',
            'true',
            '0',
            '-1',
            '"text"',
            '[]',
            '{}',
            '[{}]',
            'NaN',
            'undefined',
            '{"a":1}garbage',
            '\uFEFF{}',
          ]),
        ),
        'nonObject',
      ];
    case 4:
      return [ENCODER.encode('\uFEFF' + text), 'bom'];
    case 5:
      return [ENCODER.encode(text.replace(/}$/, ',}')), 'trailingComma'];
    case 6:
      return [ENCODER.encode(`${text} ${text}`), 'twoDocuments'];
    default:
      return [ENCODER.encode(`[${text}]`), 'wrappedInArray'];
  }
}

const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  null,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
];

/** One hostile body derived from `example` (a valid body of the route). */
export function fuzzCase(rng: Rng, example: unknown): FuzzCase {
  const contentType = rng.pick(CONTENT_TYPES);
  const how: string[] = [];
  if (rng.chance(0.06)) {
    return { bytes: ENCODER.encode(serialise(randomJson(rng, 4))), contentType, how: ['randomJson'] };
  }
  let root = structuredClone(example) as Json;
  const n = 1 + rng.int(3);
  for (let i = 0; i < n; i++) {
    const [next, what] = rng.pick(STRUCTURAL)(rng, root);
    root = next;
    how.push(what);
  }
  let text = serialise(root);
  if (rng.chance(0.1)) {
    const [t, what] = duplicateKey(rng, text);
    text = t;
    how.push(what);
  }
  if (rng.chance(0.2)) {
    const [bytes, what] = textual(rng, text);
    how.push(what);
    return { bytes, contentType, how };
  }
  return { bytes: ENCODER.encode(text), contentType, how };
}
