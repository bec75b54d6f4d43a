/**
 * Procedural product art: draws each seeded piece of jewelry as a self-contained SVG.
 *
 * Units: every document is 800 x 800 user units (px), viewBox `0 0 800 800`. No external
 * resources, fonts or text. The piece type follows the category (ring, pair of earrings,
 * necklace, bracelet, or a necklace + earrings set); stone colour and motif follow keywords of
 * the product name, and everything else (background hue, proportions, angles, variants) comes
 * from a hash of the slug. The output is therefore stable for the same input and differs
 * between products. Gradient ids are prefixed with the sanitized slug so that several
 * documents can be inlined in one page without clashing.
 */
import type { SeedProduct } from './seed-catalogue.ts';

type ArtInput = Pick<SeedProduct, 'slug' | 'name' | 'category'>;
type StoneColour = 'white' | 'blue' | 'green' | 'pink' | 'pearl' | 'none';
type Motif = 'round' | 'drop' | 'heart' | 'star' | 'clover' | 'eye' | 'pearl' | 'padlock' | 'none';

/** Drawing context of one document. */
interface Art {
  /** Sanitized slug, used as id prefix. */
  id: string;
  rnd: () => number;
  stone: StoneColour;
  /** Lower-cased, accent-free product name, for keyword look-ups. */
  key: string;
  /** Optional definitions the drawing used (shared by spread copies): 'gm' stone symbol, 'w' white stone. */
  used: Set<string>;
}

const SIZE = 800;

/** 32-bit FNV-1a hash. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic PRNG returning floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rounds for compact markup: one decimal below 20 (unit-scaled shapes), whole units above. */
function r1(value: number): number {
  return Math.abs(value) < 20 ? Math.round(value * 10) / 10 : Math.round(value);
}

function pick<T>(rnd: () => number, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length)];
  if (item === undefined) throw new Error('pick: empty list');
  return item;
}

function between(rnd: () => number, min: number, max: number): number {
  return min + rnd() * (max - min);
}

function has(text: string, ...words: string[]): boolean {
  return words.some((word) => text.includes(word));
}

function url(art: Art, key: string): string {
  return `url(#${art.id}-${key})`;
}

/** Soft backgrounds: [centre, edge]. */
const BACKGROUNDS: readonly (readonly [string, string])[] = [
  ['#fbf7f2', '#e6d8c8'], // ivory
  ['#fbf3f2', '#ead2cf'], // blush
  ['#f4f6f1', '#d5ddd0'], // sage
  ['#f3f5f8', '#d3dbe5'], // mist blue
  ['#f6f3f8', '#ddd4e4'], // lavender
  ['#f8f4ec', '#ddcdb3'], // sand
  ['#f5f5f4', '#d9d7d3'], // stone grey
];

/** Stone gradients: [highlight, body, edge]. */
const STONES: Readonly<Record<Exclude<StoneColour, 'none'>, readonly [string, string, string]>> = {
  white: ['#ffffff', '#dce4ee', '#6f7f95'],
  blue: ['#d8f0ff', '#3f8fd8', '#123a73'],
  green: ['#d6fbe6', '#23a063', '#0a4a2b'],
  pink: ['#ffe6f1', '#ea75ad', '#86204f'],
  pearl: ['#ffffff', '#f5efe6', '#c9bca9'],
};

function stoneFromName(key: string, rnd: () => number): StoneColour {
  if (has(key, 'azul', 'topazio', 'safira')) return 'blue';
  if (has(key, 'verde', 'esmeralda')) return 'green';
  if (has(key, 'rosa')) return 'pink';
  if (has(key, 'perola')) return 'pearl';
  if (has(key, 'zirconia', 'cravejad', 'ponto de luz', 'riviera', 'solitario', 'noiva')) return 'white';
  if (has(key, 'liso', 'lisa', 'veneziana', 'trancado', 'bracelete', 'cadeado', 'grumet', 'bolinhas', 'vazado', 'berloque'))
    return 'none';
  return pick(rnd, ['white', 'white', 'blue', 'green', 'pink', 'none'] as const);
}

function stoneGradient(gradientId: string, [light, body, edge]: readonly [string, string, string]): string {
  return `<radialGradient id="${gradientId}" cx=".38" cy=".32" r=".75"><stop offset="0" stop-color="${light}"/><stop offset=".5" stop-color="${body}"/><stop offset="1" stop-color="${edge}"/></radialGradient>`;
}

function defs(art: Art): string {
  const { id, rnd } = art;
  const [bgIn, bgOut] = pick(rnd, BACKGROUNDS);
  const angle = r1(between(rnd, 20, 70));
  const stone = art.stone === 'none' ? STONES.white : STONES[art.stone];
  return (
    `<defs>` +
    `<radialGradient id="${id}-bg" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="${bgIn}"/><stop offset="1" stop-color="${bgOut}"/></radialGradient>` +
    `<linearGradient id="${id}-m" gradientTransform="rotate(${angle} .5 .5)">` +
    `<stop offset="0" stop-color="#fdfdfe"/><stop offset=".2" stop-color="#c9cfd7"/><stop offset=".38" stop-color="#7a8390"/>` +
    `<stop offset=".52" stop-color="#f1f3f6"/><stop offset=".7" stop-color="#9aa3af"/><stop offset=".86" stop-color="#f6f7f9"/>` +
    `<stop offset="1" stop-color="#6c7582"/></linearGradient>` +
    `<linearGradient id="${id}-d" x2="0" y2="1"><stop offset="0" stop-color="#a9b1bc"/><stop offset=".5" stop-color="#5f6874"/><stop offset="1" stop-color="#8f98a4"/></linearGradient>` +
    `<radialGradient id="${id}-b" cx=".36" cy=".32" r=".7"><stop offset="0" stop-color="#fff"/><stop offset=".35" stop-color="#d5dae1"/><stop offset=".8" stop-color="#7d8694"/><stop offset="1" stop-color="#a7afba"/></radialGradient>` +
    stoneGradient(`${id}-g`, stone) +
    `<filter id="${id}-f" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="14" stdDeviation="12" flood-color="#3a2f25" flood-opacity=".22"/></filter>` +
    `</defs>`
  );
}

/** A four-point sparkle. */
function sparkle(x: number, y: number, s: number): string {
  return `<path d="M${r1(x)} ${r1(y - s)}Q${r1(x)} ${r1(y)} ${r1(x + s)} ${r1(y)}Q${r1(x)} ${r1(y)} ${r1(x)} ${r1(y + s)}Q${r1(x)} ${r1(y)} ${r1(x - s)} ${r1(y)}Q${r1(x)} ${r1(y)} ${r1(x)} ${r1(y - s)}Z" fill="#fff"/>`;
}

/** A faceted round stone (or pearl / polished silver bead when the product has no stone). */
function gem(art: Art, cx: number, cy: number, r: number): string {
  if (art.stone === 'none') return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${url(art, 'b')}"/>`;
  if (art.stone === 'pearl') {
    return (
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${url(art, 'g')}"/>` +
      `<ellipse cx="${r1(cx - r * 0.3)}" cy="${r1(cy - r * 0.35)}" rx="${r1(r * 0.28)}" ry="${r1(r * 0.18)}" fill="#fff" opacity=".8"/>`
    );
  }
  if (r < 24) {
    return (
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${url(art, 'g')}" stroke="#5d6673" stroke-opacity=".5"/>` +
      `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r * 0.5)}" fill="#fff" fill-opacity=".25" stroke="#fff" stroke-opacity=".6"/>` +
      `<circle cx="${r1(cx - r * 0.35)}" cy="${r1(cy - r * 0.38)}" r="${r1(r * 0.22)}" fill="#fff"/>`
    );
  }
  return facetedGem(art, cx, cy, r);
}

/** A faceted stone of radius `r`: a <use> of the shared stone symbol. */
function facetedGem(art: Art, cx: number, cy: number, r: number): string {
  art.used.add('gm');
  return `<use href="#${art.id}-gm" transform="translate(${r1(cx)} ${r1(cy)}) scale(${Math.round(r * 10) / 1000})"/>`;
}

/** The shared faceted stone (radius 100, centred on the origin), re-used through <use>. */
function gemSymbol(art: Art): string {
  let facets = '';
  let pavilion = '';
  const table: [number, number][] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    table.push([Math.cos(a) * 52, Math.sin(a) * 52]);
  }
  table.forEach(([x, y], i) => {
    const a = ((i + 0.5) * Math.PI) / 4;
    const [nx, ny] = table[(i + 1) % 8] ?? [x, y];
    facets += `M${r1(x)} ${r1(y)}L${r1(Math.cos(a) * 100)} ${r1(Math.sin(a) * 100)}L${r1(nx)} ${r1(ny)}`;
    if (i % 2 === 0) pavilion += `M0 0L${r1(x)} ${r1(y)}`;
  });
  return (
    `<g id="${art.id}-gm"><circle r="100" fill="${url(art, 'g')}" stroke="#5d6673" stroke-opacity=".5" stroke-width="2"/>` +
    `<path d="${pavilion}" stroke="#2d3642" stroke-opacity=".25" stroke-width="2.5"/>` +
    `<path d="${facets}Z" fill="#fff" fill-opacity=".16" stroke="#fff" stroke-opacity=".7" stroke-width="3"/>` +
    sparkle(-35, -38, 32) +
    `</g>`
  );
}

/** Small pavé stones (or beads) at the given points, grouped to keep the markup small. */
function pave(art: Art, points: readonly (readonly [number, number])[], r: number, white = false): string {
  if (!white && r >= 8 && art.stone !== 'none' && art.stone !== 'pearl') {
    return points.map(([x, y]) => facetedGem(art, x, y, r)).join('');
  }
  if (white) art.used.add('w');
  const fill = white ? url(art, 'w') : art.stone === 'none' ? url(art, 'b') : url(art, 'g');
  const dots = points.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}"/>`).join('');
  const shine =
    art.stone === 'none'
      ? ''
      : `<g fill="#fff" opacity=".85">${points
          .map(([x, y]) => `<circle cx="${r1(x - r * 0.3)}" cy="${r1(y - r * 0.3)}" r="${r1(r * 0.28)}"/>`)
          .join('')}</g>`;
  return `<g fill="${fill}" stroke="#6c7582" stroke-width="1.2">${dots}</g>${shine}`;
}

/** Unit teardrop (point up, round part centred on the origin, radius 1). */
const DROP = 'M0 -1.7C.4 -1.1 1 -.65 1 0A1 1 0 0 1 -1 0C-1 -.65 -.4 -1.1 0 -1.7Z';
/** Unit heart centred on the origin, about 1 wide. */
const HEART = 'M0 .42C-.62 .05-.58-.46-.27-.46C-.1-.46 0-.34 0-.22C0-.34 .1-.46 .27-.46C.58-.46 .62 .05 0 .42Z';

/** A motif (pendant, earring or charm face) centred on (cx, cy), about `s` wide. */
function motif(art: Art, kind: Motif, cx: number, cy: number, s: number): string {
  const at = `translate(${r1(cx)} ${r1(cy)})`;
  const metal = url(art, 'm');
  switch (kind) {
    case 'round':
      return `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.5)}" fill="${metal}"/>` + gem(art, cx, cy, s * 0.4);
    case 'pearl':
      return (
        gem({ ...art, stone: 'pearl' }, cx, cy, s * 0.5) +
        `<path d="M${r1(cx - s * 0.16)} ${r1(cy - s * 0.46)}Q${r1(cx)} ${r1(cy - s * 0.6)} ${r1(cx + s * 0.16)} ${r1(cy - s * 0.46)}Z" fill="${metal}"/>`
      );
    case 'drop':
      return (
        `<g transform="${at} scale(${r1(s * 0.46)})"><path d="${DROP}" fill="${metal}"/></g>` +
        `<g transform="${at} scale(${r1(s * 0.38)})"><path d="${DROP}" fill="${url(art, 'g')}"/>` +
        `<path d="M0 -1.2L.45 -.1L0 .55L-.45 -.1ZM0 -1.7V-1.2M.9 -.2L.45 -.1M-.9 -.2L-.45 -.1M0 1V.55" fill="#fff" fill-opacity=".15" stroke="#fff" stroke-opacity=".55" stroke-width=".04"/></g>` +
        sparkle(cx - s * 0.12, cy - s * 0.12, s * 0.12)
      );
    case 'heart': {
      if (art.stone === 'none' || art.stone === 'pearl') {
        return `<g transform="${at} scale(${r1(s)})"><path d="${HEART}" fill="none" stroke="${metal}" stroke-width=".13" stroke-linejoin="round"/></g>`;
      }
      return (
        `<g transform="${at} scale(${r1(s)})"><path d="${HEART}" fill="${metal}"/>` +
        `<path d="${HEART}" transform="scale(.78) translate(0 -.02)" fill="${url(art, 'g')}"/>` +
        `<path d="M0 .28L-.2-.05L0-.2L.2-.05ZM-.2-.05L-.36-.2M.2-.05L.36-.2" fill="#fff" fill-opacity=".15" stroke="#fff" stroke-opacity=".5" stroke-width=".015"/></g>` +
        sparkle(cx - s * 0.17, cy - s * 0.13, s * 0.09)
      );
    }
    case 'star': {
      let d = '';
      const points: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const rr = i % 2 === 0 ? s * 0.55 : s * 0.24;
        d += `${i === 0 ? 'M' : 'L'}${r1(cx + Math.cos(a) * rr)} ${r1(cy + Math.sin(a) * rr)}`;
        if (i % 2 === 0) points.push([cx + Math.cos(a) * s * 0.3, cy + Math.sin(a) * s * 0.3]);
      }
      points.push([cx, cy]);
      return `<path d="${d}Z" fill="${metal}" stroke="#737c89" stroke-linejoin="round"/>` + pave(art, points, s * 0.075);
    }
    case 'clover': {
      const o = s * 0.25;
      const leaves: [number, number][] = [
        [cx - o, cy],
        [cx + o, cy],
        [cx, cy - o],
        [cx, cy + o],
      ];
      return (
        `<g fill="${metal}">${leaves.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(s * 0.27)}"/>`).join('')}</g>` +
        leaves.map(([x, y]) => gem(art, x, y, s * 0.17)).join('') +
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.07)}" fill="${url(art, 'b')}"/>`
      );
    }
    case 'eye':
      return (
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.5)}" fill="${metal}"/>` +
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.42)}" fill="#1f5fb8"/>` +
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.27)}" fill="#f7fbff"/>` +
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.17)}" fill="#6fb6ee"/>` +
        `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(s * 0.09)}" fill="#0d2240"/>` +
        `<ellipse cx="${r1(cx - s * 0.16)}" cy="${r1(cy - s * 0.2)}" rx="${r1(s * 0.12)}" ry="${r1(s * 0.07)}" fill="#fff" opacity=".55"/>`
      );
    case 'padlock':
      return (
        `<g transform="${at} scale(${r1(s / 100)})">` +
        `<path d="M-30 -30V-58A30 30 0 0 1 30 -58V-30" fill="none" stroke="${metal}" stroke-width="13"/>` +
        `<rect x="-48" y="-34" width="96" height="84" rx="16" fill="${metal}" stroke="#6c7582"/>` +
        `<circle cy="2" r="9" fill="#4d5561"/><path d="M-4 6h8l3 22h-14Z" fill="#4d5561"/></g>`
      );
    case 'none':
      return '';
  }
}

// --- Rings ------------------------------------------------------------------------------

/** Evenodd annulus path of an ellipse band. */
function annulus(cx: number, cy: number, rx: number, ry: number, t: number): string {
  const loop = (ex: number, ey: number) =>
    `M${r1(cx - ex)} ${r1(cy)}a${r1(ex)} ${r1(ey)} 0 1 0 ${r1(2 * ex)} 0a${r1(ex)} ${r1(ey)} 0 1 0 ${r1(-2 * ex)} 0Z`;
  return loop(rx, ry) + loop(rx - t, ry - t);
}

function drawRing(art: Art): string {
  const { rnd, key } = art;
  const setting: 'solitaire' | 'drop' | 'halo' | 'cluster' | 'pave' | 'plain' | 'tiny' = has(key, 'solitario')
    ? 'solitaire'
    : has(key, 'gota')
      ? 'drop'
      : has(key, 'cocktail')
        ? 'halo'
        : has(key, 'chuveiro')
          ? 'cluster'
          : has(key, 'aparador', 'alianca', 'cravejad')
            ? 'pave'
            : has(key, 'falange', 'minimal')
              ? 'tiny'
              : has(key, 'liso', 'trancado')
                ? 'plain'
                : pick(rnd, ['solitaire', 'pave', 'halo', 'plain'] as const);
  const cx = 400 + r1(between(rnd, -12, 12));
  const cy = setting === 'plain' || setting === 'pave' || setting === 'tiny' ? 430 : 470;
  const ry = setting === 'tiny' ? r1(between(rnd, 165, 180)) : r1(between(rnd, 180, 200));
  const rx = r1(ry * between(rnd, 0.84, 0.94));
  const t = setting === 'tiny' ? 16 : setting === 'pave' ? r1(between(rnd, 26, 32)) : r1(between(rnd, 20, 34));
  const w = r1(between(rnd, 9, 14));
  const metal = url(art, 'm');
  let out =
    `<ellipse cx="${cx}" cy="${r1(cy + ry + 22)}" rx="${r1(rx * 1.05)}" ry="22" fill="#3a2f25" opacity=".12"/>` +
    `<path d="${annulus(cx + w, cy, rx, ry, t)}" fill="${url(art, 'd')}" fill-rule="evenodd"/>` +
    `<path d="M${r1(cx - w)} ${r1(cy - ry)}h${r1(2 * w)}v${r1(t * 0.8)}h${r1(-2 * w)}ZM${r1(cx - w)} ${r1(cy + ry)}h${r1(2 * w)}v${r1(-t * 0.8)}h${r1(-2 * w)}Z" fill="#7d8693"/>` +
    `<path d="${annulus(cx - w, cy, rx, ry, t)}" fill="${metal}" fill-rule="evenodd" stroke="#6c7582" stroke-opacity=".5"/>` +
    `<path d="M${r1(cx - w - rx * 0.94)} ${r1(cy - ry * 0.34)}A${rx} ${ry} 0 0 1 ${r1(cx - w - rx * 0.34)} ${r1(cy - ry * 0.94)}" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".75"/>`;
  const fx = cx - w;
  const top = cy - ry;
  if (setting === 'plain') {
    const mid = t / 2;
    out += `<ellipse cx="${r1(fx)}" cy="${cy}" rx="${r1(rx - mid)}" ry="${r1(ry - mid)}" fill="none" stroke="#4d5561" stroke-opacity=".35" stroke-width="2" stroke-dasharray="22 10"/>`;
  } else if (setting === 'pave') {
    const points: [number, number][] = [];
    const count = 13;
    for (let i = 0; i < count; i++) {
      const a = Math.PI + (Math.PI * (i + 0.5)) / count;
      points.push([fx + Math.cos(a) * (rx - t / 2), cy + Math.sin(a) * (ry - t / 2)]);
    }
    out += pave(art, points, t * 0.42);
  } else if (setting === 'tiny') {
    out += motif(art, 'round', fx, top + t / 2, 44);
  } else {
    const r = setting === 'cluster' ? 32 : r1(between(rnd, 66, 78));
    const sy = top - r * 0.55;
    out += `<path d="M${r1(fx - r * 0.55)} ${r1(sy + r * 0.4)}L${r1(fx + r * 0.55)} ${r1(sy + r * 0.4)}L${r1(fx + r * 0.28)} ${r1(top + t * 0.7)}L${r1(fx - r * 0.28)} ${r1(top + t * 0.7)}Z" fill="${metal}" stroke="#6c7582" stroke-opacity=".6"/>`;
    if (setting === 'solitaire') {
      out += gem(art, fx, sy, r);
      const prongs: [number, number][] = [-135, -45, 45, 135].map((deg) => {
        const a = (deg * Math.PI) / 180;
        return [fx + Math.cos(a) * r * 0.93, sy + Math.sin(a) * r * 0.93];
      });
      out += `<g fill="${url(art, 'b')}">${prongs.map(([x, y]) => `<ellipse cx="${r1(x)}" cy="${r1(y)}" rx="${r1(r * 0.13)}" ry="${r1(r * 0.16)}"/>`).join('')}</g>`;
    } else if (setting === 'drop') {
      out += motif(art, 'drop', fx, sy + r * 0.15, r * 2.2);
    } else if (setting === 'halo') {
      const halo: [number, number][] = [];
      for (let i = 0; i < 16; i++) {
        const a = (i * Math.PI * 2) / 16;
        halo.push([fx + Math.cos(a) * r * 0.92, sy - 8 + Math.sin(a) * r * 1.12]);
      }
      out += `<ellipse cx="${r1(fx)}" cy="${r1(sy - 8)}" rx="${r1(r * 1.08)}" ry="${r1(r * 1.3)}" fill="${metal}"/>`;
      out += pave({ ...art, stone: 'white' }, halo, r * 0.16, art.stone !== 'white');
      out += `<g transform="translate(${r1(fx)} ${r1(sy - 8)}) scale(.8 1)">${gem(art, 0, 0, r * 0.8)}</g>`;
    } else {
      const petals: [number, number][] = [];
      for (let i = 0; i < 8; i++) {
        const a = (i * Math.PI * 2) / 8;
        petals.push([fx + Math.cos(a) * r * 1.55, sy - 10 + Math.sin(a) * r * 1.55]);
      }
      out += `<circle cx="${r1(fx)}" cy="${r1(sy - 10)}" r="${r1(r * 2.25)}" fill="${metal}"/>`;
      out += petals.map(([x, y]) => gem(art, x, y, r * 0.62)).join('') + gem(art, fx, sy - 10, r * 0.9);
    }
  }
  return out;
}

// --- Earrings ---------------------------------------------------------------------------

type EarringStyle = 'stud' | 'hoop' | 'drop' | 'heart' | 'pearl' | 'cuff' | 'clover';

function earringStyle(art: Art): EarringStyle {
  const { key, rnd } = art;
  if (has(key, 'cuff')) return 'cuff';
  if (has(key, 'argola')) return 'hoop';
  if (has(key, 'gota', 'pendente', 'riviera', 'noiva')) return 'drop';
  if (has(key, 'coracao')) return 'heart';
  if (has(key, 'perola')) return 'pearl';
  if (has(key, 'trevo')) return 'clover';
  if (has(key, 'ponto de luz')) return 'stud';
  return pick(rnd, ['stud', 'hoop', 'drop'] as const);
}

/**
 * One earring. Studs are centred on the origin (`height` 0); hanging styles start at the
 * origin (the ear) and hang down `height` units.
 */
function earring(art: Art, style: EarringStyle): { svg: string; height: number } {
  const { rnd, key } = art;
  const metal = url(art, 'm');
  switch (style) {
    case 'stud':
      return { svg: motif(art, 'round', 0, 0, r1(between(rnd, 160, 190))), height: 0 };
    case 'heart':
      return { svg: motif(art, 'heart', 0, 0, r1(between(rnd, 200, 230))), height: 0 };
    case 'clover':
      return { svg: motif(art, 'clover', 0, 0, r1(between(rnd, 190, 215))), height: 0 };
    case 'pearl':
      return { svg: motif(art, 'pearl', 0, 0, r1(between(rnd, 160, 180))), height: 0 };
    case 'drop': {
      const len = r1(between(rnd, 70, 110));
      const top = { ...art, stone: art.stone === 'none' ? ('white' as const) : art.stone };
      return {
        svg:
          `<path d="M0 0V${len}" stroke="#8f98a4" stroke-width="6"/>` +
          `<circle cy="${r1(len * 0.6)}" r="11" fill="none" stroke="${metal}" stroke-width="5"/>` +
          motif(top, 'round', 0, 0, 76) +
          motif(art, 'drop', 0, len + 100, 150),
        height: len + 170,
      };
    }
    case 'hoop':
    case 'cuff': {
      const cuff = style === 'cuff';
      const r = cuff ? r1(between(rnd, 105, 115)) : r1(between(rnd, 115, 135));
      const t = cuff ? 30 : has(key, 'cravejad') ? 28 : r1(between(rnd, 16, 22));
      const start = cuff ? -150 : -84;
      const end = cuff ? 150 : 258;
      const at = (deg: number, rr: number): [number, number] => [
        Math.cos((deg * Math.PI) / 180) * rr,
        r + Math.sin((deg * Math.PI) / 180) * rr,
      ];
      const [x0, y0] = at(start, r);
      const [x1, y1] = at(end, r);
      const arc = `M${r1(x0)} ${r1(y0)}A${r} ${r} 0 1 1 ${r1(x1)} ${r1(y1)}`;
      let svg =
        `<path d="${arc}" transform="translate(7 5)" fill="none" stroke="${url(art, 'd')}" stroke-width="${t}" stroke-linecap="round"/>` +
        `<path d="${arc}" fill="none" stroke="${metal}" stroke-width="${t}" stroke-linecap="round"/>`;
      if (cuff || has(key, 'cravejad')) {
        const points: [number, number][] = [];
        const from = cuff ? -75 : 20;
        const to = cuff ? 75 : 160;
        const n = cuff ? 9 : 9;
        for (let i = 0; i < n; i++) points.push(at(from + ((to - from) * i) / (n - 1), r));
        svg += pave(art, points, t * 0.36);
      } else {
        const [hx, hy] = at(195, r - t * 0.2);
        const [hx2, hy2] = at(240, r - t * 0.2);
        svg += `<path d="M${r1(hx)} ${r1(hy)}A${r} ${r} 0 0 1 ${r1(hx2)} ${r1(hy2)}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".8"/>`;
      }
      if (!cuff) svg += `<path d="M${r1(x1 + 4)} ${r1(y1 - 3)}L${r1(x0 + 2)} ${r1(y0 + 4)}" stroke="#8f98a4" stroke-width="5" stroke-linecap="round"/>`;
      return { svg, height: 2 * r };
    }
  }
}

/** A pair of earrings centred on row `cy`, `gap` units either side of x = 400. */
function earringPair(art: Art, style: EarringStyle, cy: number, gap: number, scale: number): string {
  const tilt = r1(between(art.rnd, 4, 10));
  const lift = r1(between(art.rnd, -18, 18));
  const { svg, height } = earring(art, style);
  const x = r1(400 - gap);
  const y = r1(cy - (height * scale) / 2);
  const eid = `${art.id}-e`;
  return (
    `<g id="${eid}" transform="translate(${x} ${y}) rotate(${-tilt}) scale(${scale})">${svg}</g>` +
    `<use href="#${eid}" transform="translate(${r1(2 * gap)} ${lift}) rotate(${r1(tilt * 1.6)} ${x} ${y})"/>`
  );
}

function drawEarrings(art: Art): string {
  const style = earringStyle(art);
  const gap = style === 'hoop' || style === 'cuff' ? r1(between(art.rnd, 170, 180)) : r1(between(art.rnd, 140, 160));
  return earringPair(art, style, 400, gap, 1);
}

// --- Chains -----------------------------------------------------------------------------

/**
 * A cable chain along path `d`: flat oval links (rounded dashes with a dark hole) alternating
 * with edge-on links showing in the gaps. `s` is the link width in user units.
 */
function cableChain(d: string, s: number, face: string, extra = '', spacing = 2.8): string {
  const period = r1(spacing * s);
  const line = (colour: string, width: number, dash: number, offset: number, round: boolean) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${r1(width)}" stroke-dasharray="${r1(dash)} ${r1(period - dash)}"` +
    `${offset ? ` stroke-dashoffset="${r1(offset)}"` : ''}${round ? ' stroke-linecap="round"' : ''}${extra}/>`;
  return (
    line('#7d8693', s * 0.4, 1.5 * s, period - 1.2 * s, true) +
    line('#6c7582', s, 1.1 * s, 0, true) +
    line(face, s * 0.7, 1.1 * s, 0, true) +
    line('#7d8693', s * 0.22, 1.1 * s, 0, false)
  );
}

/** A box (veneziana) chain along path `d`, `s` units wide. */
function boxChain(d: string, s: number, extra = ''): string {
  return (
    `<path d="${d}" fill="none" stroke="#5f6874" stroke-width="${s}"${extra}/>` +
    `<path d="${d}" fill="none" stroke="#dde2e8" stroke-width="${r1(s * 0.8)}" stroke-dasharray="${r1(s * 0.7)} ${r1(s * 0.25)}"${extra}/>`
  );
}

// --- Necklaces --------------------------------------------------------------------------

type ChainStyle = 'link' | 'box' | 'bold' | 'beads' | 'riviera';

/** Point on the necklace curve, t in [0, 1]. */
function chainPoint(t: number, sag: number): [number, number] {
  const p0: [number, number] = [130, -20];
  const p1: [number, number] = [150, sag];
  const p2: [number, number] = [650, sag];
  const p3: [number, number] = [670, -20];
  const u = 1 - t;
  const a = u * u * u;
  const b = 3 * u * u * t;
  const c = 3 * u * t * t;
  const d = t * t * t;
  return [a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0], a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1]];
}

function chain(art: Art, style: ChainStyle, sag: number): string {
  const d = `M130 -20C150 ${sag} 650 ${sag} 670 -20`;
  const stroke = (colour: string, width: number, dash: string) =>
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="${dash}"/>`;
  if (style === 'beads' || style === 'riviera') {
    let out = stroke('#8f98a4', 3, 'none');
    const points: [number, number][] = [];
    const n = style === 'beads' ? 23 : 15;
    const from = style === 'beads' ? 0.12 : 0.24;
    const to = 1 - from;
    for (let i = 0; i < n; i++) points.push(chainPoint(from + ((to - from) * i) / (n - 1), sag));
    if (style === 'beads') return out + pave({ ...art, stone: 'none' }, points, 10);
    out += `<g fill="${url(art, 'm')}">${points.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="19"/>`).join('')}</g>`;
    return out + pave(art, points, 15);
  }
  if (style === 'box') return boxChain(d, 8);
  return cableChain(d, style === 'bold' ? 13 : 7, url(art, 'm'));
}

function necklaceParts(art: Art): { style: ChainStyle; pendant: Motif } {
  const { key, rnd } = art;
  const style: ChainStyle = has(key, 'riviera', 'noiva')
    ? 'riviera'
    : has(key, 'bolinhas', 'perola')
      ? 'beads'
      : has(key, 'veneziana')
        ? 'box'
        : has(key, 'elos', 'grumet')
          ? 'bold'
          : 'link';
  const pendant: Motif = has(key, 'cadeado')
    ? 'padlock'
    : has(key, 'coracao')
      ? 'heart'
      : has(key, 'estrela')
        ? 'star'
        : has(key, 'trevo')
          ? 'clover'
          : has(key, 'gota', 'riviera', 'noiva')
            ? 'drop'
            : has(key, 'perola')
              ? 'pearl'
              : has(key, 'ponto de luz')
                ? 'round'
                : has(key, 'veneziana', 'bolinhas', 'choker')
                  ? 'none'
                  : pick(rnd, ['round', 'heart', 'star', 'drop'] as const);
  return { style, pendant };
}

function drawNecklace(art: Art, sag: number): string {
  const { style, pendant } = necklaceParts(art);
  const [bx, by] = chainPoint(0.5, sag);
  let out = chain(art, style, sag);
  if (pendant === 'none') return out;
  const size = pendant === 'round' || pendant === 'pearl' ? 110 : pendant === 'padlock' ? 130 : pendant === 'drop' ? 150 : 190;
  const drop = pendant === 'drop' ? 145 : pendant === 'padlock' ? 130 : pendant === 'round' || pendant === 'pearl' ? 72 : 100;
  out += `<ellipse cx="${r1(bx)}" cy="${r1(by + 12)}" rx="9" ry="14" fill="none" stroke="${url(art, 'm')}" stroke-width="5"/>`;
  return out + motif(art, pendant, bx, by + drop, size);
}

// --- Bracelets --------------------------------------------------------------------------

function drawBracelet(art: Art): string {
  const { key, rnd } = art;
  const cx = 400;
  const cy = r1(between(rnd, 390, 420)) - (has(key, 'berloque') ? 60 : 0);
  const rx = r1(between(rnd, 245, 270));
  const ry = r1(between(rnd, 115, 140));
  const back = `M${r1(cx - rx)} ${cy}A${rx} ${ry} 0 0 1 ${r1(cx + rx)} ${cy}`;
  const front = `M${r1(cx + rx)} ${cy}A${rx} ${ry} 0 0 1 ${r1(cx - rx)} ${cy}`;
  const onEllipse = (deg: number): [number, number] => [
    cx + Math.cos((deg * Math.PI) / 180) * rx,
    cy + Math.sin((deg * Math.PI) / 180) * ry,
  ];
  const metal = url(art, 'm');
  const shadow = `<ellipse cx="${cx}" cy="${r1(cy + ry + (has(key, 'berloque') ? 110 : 26))}" rx="${r1(rx * 0.9)}" ry="20" fill="#3a2f25" opacity=".1"/>`;
  if (has(key, 'bracelete')) {
    return (
      shadow +
      `<path d="${back}" fill="none" stroke="${url(art, 'd')}" stroke-width="30"/>` +
      `<path d="${front}" fill="none" stroke="${metal}" stroke-width="40"/>` +
      `<path d="${front}" transform="translate(0 -12)" fill="none" stroke="#fff" stroke-width="3" opacity=".7"/>`
    );
  }
  const bold = has(key, 'grumet');
  const box = has(key, 'veneziana');
  const links = (d: string, dim: boolean) => {
    const o = dim ? ' opacity=".75"' : '';
    if (box) return boxChain(d, 10, o);
    return bold ? cableChain(d, 22, metal, o, 2.35) : cableChain(d, 10, metal, o);
  };
  let out = shadow + links(back, true) + links(front, false);
  const [kx, ky] = onEllipse(-8);
  out += `<ellipse cx="${r1(kx)}" cy="${r1(ky)}" rx="12" ry="20" fill="${metal}" stroke="#6c7582"/>`;
  if (has(key, 'riviera')) {
    const points: [number, number][] = [];
    for (let i = 0; i < 17; i++) points.push(onEllipse(12 + (156 * i) / 16));
    out += `<g fill="${metal}">${points.map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="19"/>`).join('')}</g>`;
    out += pave(art, points, 15);
  } else if (has(key, 'berloque')) {
    const charms: [Motif, number][] = [
      ['heart', 60],
      ['round', 90],
      ['star', 120],
    ];
    for (const [kind, deg] of charms) {
      const [x, y] = onEllipse(deg);
      out += `<circle cx="${r1(x)}" cy="${r1(y + 12)}" r="9" fill="none" stroke="${metal}" stroke-width="4"/>`;
      out += motif({ ...art, stone: kind === 'round' ? 'none' : art.stone }, kind, x, y + (kind === 'round' ? 46 : 58), kind === 'round' ? 60 : 90);
    }
  } else if (has(key, 'olho grego')) {
    const [x, y] = onEllipse(90);
    out += motif(art, 'eye', x, y, 80);
  }
  return out;
}

// --- Sets -------------------------------------------------------------------------------

function drawSet(art: Art): string {
  const style = earringStyle(art);
  const necklace = `<g transform="translate(88 -12) scale(.78)">${drawNecklace(art, 520)}</g>`;
  return necklace + earringPair(art, style, style === 'drop' ? 590 : 630, 250, 0.72);
}

// --- Public API ---------------------------------------------------------------------------

/** Draws the product as an 800 x 800 SVG document; deterministic for the same input. */
export function drawProductSvg(product: ArtInput): string {
  const id = `p-${product.slug.toLowerCase().replace(/[^a-z0-9-]/g, '')}`;
  const rnd = prng(hash(product.slug));
  const key = product.name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const art: Art = { id, rnd, key, stone: 'none', used: new Set() };
  art.stone = stoneFromName(key, rnd);
  const head = defs(art);
  let piece: string;
  switch (product.category) {
    case 'aneis':
      piece = drawRing(art);
      break;
    case 'brincos':
      piece = drawEarrings(art);
      break;
    case 'colares':
      piece = drawNecklace(art, r1(between(rnd, 520, 600)));
      break;
    case 'pulseiras':
      piece = drawBracelet(art);
      break;
    case 'conjuntos':
      piece = drawSet(art);
      break;
  }
  const extra = (art.used.has('gm') ? gemSymbol(art) : '') + (art.used.has('w') ? stoneGradient(`${id}-w`, STONES.white) : '');
  const gemDefs = extra ? `<defs>${extra}</defs>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    head +
    gemDefs +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}-bg)"/>` +
    `<g filter="url(#${id}-f)">${piece}</g>` +
    `</svg>`
  );
}

/** Neutral "no image" placeholder: light grey square with the outline of a cut diamond. */
export function drawFallbackSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="#f1f1f0"/>` +
    `<g fill="none" stroke="#c4c4c1" stroke-width="10" stroke-linejoin="round" stroke-linecap="round">` +
    `<path d="M250 300L320 220H480L550 300L400 560Z"/>` +
    `<path d="M250 300H550M320 220L360 300L400 220L440 300L480 220M360 300L400 560L440 300"/>` +
    `</g>` +
    `<path d="M330 640H470" stroke="#d6d6d3" stroke-width="10" stroke-linecap="round"/>` +
    `</svg>`
  );
}
