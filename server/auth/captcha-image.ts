import { randomInt } from 'node:crypto';

/**
 * Draws a 4-digit captcha as SVG strokes (not <text>, which a bot would read straight from the markup).
 * Each digit is a polyline on a 4×6 grid, jittered, rotated and crossed by noise lines.
 */
const GLYPHS: Record<string, number[][][]> = {
  '0': [[[0, 0], [4, 0], [4, 6], [0, 6], [0, 0]], [[0, 6], [4, 0]]],
  '1': [[[1, 1], [2, 0], [2, 6]], [[1, 6], [3, 6]]],
  '2': [[[0, 1], [1, 0], [3, 0], [4, 1], [4, 2], [0, 6], [4, 6]]],
  '3': [[[0, 0], [4, 0], [2, 3], [4, 4], [4, 5], [3, 6], [0, 6]]],
  '4': [[[3, 6], [3, 0], [0, 4], [4, 4]]],
  '5': [[[4, 0], [0, 0], [0, 3], [3, 3], [4, 4], [4, 5], [3, 6], [0, 6]]],
  '6': [[[4, 0], [1, 0], [0, 2], [0, 6], [4, 6], [4, 3], [0, 3]]],
  '7': [[[0, 0], [4, 0], [1, 6]]],
  '8': [[[0, 0], [4, 0], [4, 3], [0, 3], [0, 0]], [[0, 3], [0, 6], [4, 6], [4, 3]]],
  '9': [[[4, 3], [0, 3], [0, 0], [4, 0], [4, 4], [3, 6], [0, 6]]],
};

const WIDTH = 105;
const HEIGHT = 35;
const COLORS = ['#1d6f5c', '#8a3b12', '#2b4c9a', '#6b2d83', '#0f5e2e'];

const jitter = (n: number) => (randomInt(0, 2001) / 1000 - 1) * n;

export function randomCaptchaCode(length = 4): string {
  let s = '';
  for (let i = 0; i < length; i++) s += String(randomInt(0, 10));
  return s;
}

export function renderCaptchaSvg(code: string): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<path d="M${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)} Q${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)} ${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)}" stroke="${COLORS[randomInt(0, COLORS.length)]}" stroke-opacity="0.5" fill="none"/>`,
    );
  }
  [...code].forEach((ch, i) => {
    const glyph = GLYPHS[ch];
    if (!glyph) return;
    const scale = 3.2 + jitter(0.4);
    const x0 = 10 + i * 24 + jitter(3);
    const y0 = 6 + jitter(3);
    const angle = jitter(18);
    const d = glyph
      .map((line) =>
        line
          .map(([x, y], k) => `${k === 0 ? 'M' : 'L'}${(x * scale + jitter(0.8)).toFixed(1)} ${(y * scale * 0.95 + jitter(0.8)).toFixed(1)}`)
          .join(' '),
      )
      .join(' ');
    parts.push(
      `<path transform="translate(${x0.toFixed(1)} ${y0.toFixed(1)}) rotate(${angle.toFixed(1)} 6 10)" d="${d}" stroke="${COLORS[randomInt(0, COLORS.length)]}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f3f7f6"/>${parts.join('')}</svg>`;
}

export const captchaDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
