/**
 * Synthetic source maps of realistic size with a mapping the test knows independently of the
 * service's source-map library: segments are drawn from a seeded generator (pure-rand), encoded here (Base64 VLQ,
 * Source Map v3 / ECMA-426), and each segment's original file, line, column and name is kept, so a
 * test can name a generated position and the original position it must map to.
 *
 * Density follows a real production chunk map (terser on react-dom: 1.75 MB JSON, 460 k
 * characters of mappings on 10 generated lines): by default 10 lines of 12 000 segments each,
 * 40 embedded sources of 300 lines, ~1.9 MB of JSON.
 */
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One Base64 VLQ value (the Source Map v3 `mappings` encoding). */
function vlq(value: number): string {
  let rest = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = rest & 31;
    rest >>>= 5;
    if (rest > 0) digit |= 32;
    out += BASE64[digit];
  } while (rest > 0);
  return out;
}

export interface SyntheticMapOptions {
  /** The generated file the map describes, e.g. `c3.0a1b2c3d.js`. */
  file: string;
  /** The app in the sources' `webpack://<app>/./src/...` URLs (default `storefront`). */
  app?: string;
  seed?: number;
  lines?: number;
  segmentsPerLine?: number;
  sources?: number;
  sourceLines?: number;
}

/** Where one generated position comes from, as the service must report it (1-based line and column). */
export interface KnownOriginal {
  file: string;
  line: number;
  column: number;
  function: string;
  /** The original source line's text. */
  text: string;
}

export interface SyntheticMap {
  file: string;
  /** The map's JSON text. */
  json: string;
  /** Segment `segment` of generated line `line` (1-based): its generated position (1-based line and column, as a stack frame gives it) and its original. */
  at(line: number, segment: number): { line: number; column: number; original: KnownOriginal };
}

/** Builds one synthetic map (see the module comment). */
export function syntheticMap(options: SyntheticMapOptions): SyntheticMap {
  const { file, app = 'storefront', seed = 1, lines = 10, segmentsPerLine = 12_000, sources = 40, sourceLines = 300 } = options;
  // pure-rand's seeded generator (as the demo seeding uses): the same seed, the same map.
  const rng = xoroshiro128plus(seed);
  const int = (below: number) => uniformInt(rng, 0, below - 1);
  const tag = file.replace(/\.js$/, '').replace(/[^a-z0-9]/gi, '-');
  const sourceNames = Array.from({ length: sources }, (_, i) => `src/features/${tag}/module-${i}.ts`);
  const words = ['anel', 'brinco', 'colar', 'pulseira', 'prata', 'estoque', 'carrinho', 'pedido', 'frete', 'cupom'];
  const sourcesContent = sourceNames.map((_, s) =>
    Array.from({ length: sourceLines }, (_, i) => `export const value${i} = step${s}(${int(1_000_000)}, '${words[int(words.length)]}-${int(10_000)}');`).join('\n'),
  );
  const names = Array.from({ length: 50 }, (_, i) => `handler${i}`);
  const total = lines * segmentsPerLine;
  const genColumn = new Int32Array(total);
  const source = new Int32Array(total);
  const origLine = new Int32Array(total);
  const origColumn = new Int32Array(total);
  const name = new Int32Array(total);
  const encoded: string[] = [];
  let previous = { source: 0, line: 0, column: 0, name: 0 };
  for (let l = 0; l < lines; l += 1) {
    const segments: string[] = [];
    let column = 0;
    let previousColumn = 0;
    for (let s = 0; s < segmentsPerLine; s += 1) {
      const k = l * segmentsPerLine + s;
      column += 1 + int(12);
      genColumn[k] = column;
      source[k] = int(sources);
      origLine[k] = int(sourceLines);
      origColumn[k] = int(60);
      name[k] = int(names.length);
      segments.push(vlq(column - previousColumn) + vlq(source[k]! - previous.source) + vlq(origLine[k]! - previous.line) + vlq(origColumn[k]! - previous.column) + vlq(name[k]! - previous.name));
      previousColumn = column;
      previous = { source: source[k]!, line: origLine[k]!, column: origColumn[k]!, name: name[k]! };
    }
    encoded.push(segments.join(','));
  }
  const json = JSON.stringify({
    version: 3,
    file,
    sources: sourceNames.map((source) => `webpack://${app}/./${source}`),
    sourcesContent,
    names,
    mappings: encoded.join(';'),
  });
  return {
    file,
    json,
    at(line, segment) {
      const k = (line - 1) * segmentsPerLine + segment;
      return {
        line,
        column: genColumn[k]! + 1,
        original: {
          file: sourceNames[source[k]!]!,
          line: origLine[k]! + 1,
          column: origColumn[k]! + 1,
          function: names[name[k]!]!,
          text: sourcesContent[source[k]!]!.split('\n')[origLine[k]!]!,
        },
      };
    },
  };
}

/** A V8 stack (`Error: <message>`, then `    at f (<url>:<line>:<column>)` per frame, top first). */
export function v8Stack(message: string, frames: readonly { url: string; line: number; column: number }[]): string {
  return [`Error: ${message}`, ...frames.map((frame) => `    at f (${frame.url}:${frame.line}:${frame.column})`)].join('\n');
}
