import { randomInt } from 'node:crypto';

/**
 * The captcha picture. An SVG is never sent: its glyphs would be one `<path>` each, whose commands
 * name the character to any script. The SVG is drawn here with every glyph turned, skewed and
 * scaled on its own, crossed by curves, warped by random turbulence and sprinkled with specks, then
 * rasterised to a PNG whose bytes differ at each drawing, even of the same answer.
 */

/**
 * Capitals and digits that the font does not draw alike (no B 8, G 6, S 5, Z 2, O Q 0, I J L 1). The
 * answer is checked case-blind, so small letters would add look-alikes and no choices.
 */
const ANSWER_CHARS = 'ACDEFHKMNPRTUVWXY23456789';
const ANSWER_LENGTH = 4;

/** A random answer, drawn from the operating system's generator rather than Math.random. */
export function randomAnswer(): string {
  return Array.from({ length: ANSWER_LENGTH }, () => ANSWER_CHARS[randomInt(ANSWER_CHARS.length)]).join('');
}

// The look varies by Math.random: it hides nothing, the answer alone is secret.
const between = (min: number, max: number) => min + Math.random() * (max - min);
const fixed = (n: number) => n.toFixed(1);
// resvg takes a fractional hue in hsl() for black.
const hsl = (saturation: [number, number], lightness: [number, number]) =>
  `hsl(${Math.round(between(0, 359))} ${Math.round(between(...saturation))}% ${Math.round(between(...lightness))}%)`;
/** Dark enough to read on the pale background, whatever the hue. */
const ink = () => hsl([55, 85], [22, 38]);
const pale = () => hsl([30, 70], [84, 94]);

/**
 * svg-captcha (which parses its font when loaded) and resvg, loaded with the first captcha: a
 * server whose captcha is off never holds them.
 */
type SvgCaptcha = typeof import('svg-captcha');
let libraries:
  Promise<{ svgCaptcha: SvgCaptcha; renderAsync: typeof import('@resvg/resvg-js').renderAsync }> | undefined;
const loadLibraries = () =>
  (libraries ??= Promise.all([import('svg-captcha'), import('@resvg/resvg-js')]).then(([captcha, resvg]) => ({
    svgCaptcha: captcha.default,
    renderAsync: resvg.renderAsync,
  })));

/** The outline of one character from svg-captcha's font, and the middle of its outline's box. */
function glyphOutline(svgCaptcha: SvgCaptcha, ch: string, fontSize: number) {
  const box = Math.ceil(fontSize);
  const svg = svgCaptcha.create({ size: 1, charPreset: ch, noise: 0, width: box, height: box, fontSize }).data;
  const outline = / d="([^"]+)"/.exec(svg)?.[1];
  if (!outline) throw new Error(`svg-captcha drew no outline for ${JSON.stringify(ch)}`);
  // The outline's commands hold absolute x y pairs only (M, L, Q, C, Z).
  const numbers = (outline.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = numbers.filter((_, i) => i % 2 === 0);
  const ys = numbers.filter((_, i) => i % 2 === 1);
  return { outline, midX: (Math.min(...xs) + Math.max(...xs)) / 2, midY: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

function glyphs(svgCaptcha: SvgCaptcha, text: string, width: number, height: number) {
  const cell = (width - height * 0.5) / text.length;
  return [...text].map((ch, i) => {
    const { outline, midX, midY } = glyphOutline(svgCaptcha, ch, height * 0.95);
    const cx = height * 0.25 + cell * (i + 0.5) + between(-cell, cell) * 0.08;
    const cy = height / 2 + between(-height, height) * 0.04;
    const transform =
      `translate(${fixed(cx)} ${fixed(cy)}) rotate(${fixed(between(-20, 20))}) skewX(${fixed(between(-12, 12))}) ` +
      `scale(${between(0.88, 1.02).toFixed(2)}) translate(${fixed(-midX)} ${fixed(-midY)})`;
    const colour = ink();
    return `<path transform="${transform}" fill="${colour}" stroke="${colour}" stroke-width="${fixed(height / 28)}" stroke-linejoin="round" d="${outline}"/>`;
  });
}

/** Curves from the left edge to the right one through random points, over the glyphs. */
function strokes(count: number, width: number, height: number) {
  return Array.from({ length: count }, () => {
    const y = () => fixed(between(height * 0.15, height * 0.85));
    const d = `M0 ${y()} C${fixed(width * between(0.2, 0.4))} ${y()} ${fixed(width * between(0.6, 0.8))} ${y()} ${width} ${y()}`;
    return `<path d="${d}" fill="none" stroke="${ink()}" stroke-width="${fixed((height / 50) * between(0.8, 1.5))}"/>`;
  });
}

function specks(count: number, width: number, height: number, colour: () => string, radius: number) {
  return Array.from(
    { length: count },
    () =>
      `<circle cx="${fixed(between(0, width))}" cy="${fixed(between(0, height))}" r="${between(radius / 3, radius).toFixed(1)}" fill="${colour()}"/>`,
  );
}

function captchaSvg(svgCaptcha: SvgCaptcha, text: string, width: number, height: number): string {
  const warp = between(0.03, 0.06).toFixed(3);
  const filter =
    `<filter id="warp" x="-10%" y="-10%" width="120%" height="120%">` +
    `<feTurbulence type="fractalNoise" baseFrequency="${warp} ${(Number(warp) * 1.6).toFixed(3)}" numOctaves="2" seed="${Math.floor(between(0, 1_000_000))}" result="n"/>` +
    `<feDisplacementMap in="SourceGraphic" in2="n" scale="${fixed(height * between(0.08, 0.13))}" xChannelSelector="R" yChannelSelector="G"/>` +
    `</filter>`;
  const shade =
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="${between(0, 1).toFixed(2)}">` +
    `<stop offset="0" stop-color="${pale()}"/><stop offset="1" stop-color="${pale()}"/></linearGradient>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<defs>${filter}${shade}</defs>` +
    `<rect width="100%" height="100%" fill="url(#bg)"/>` +
    specks(Math.round(width / 3), width, height, pale, 3).join('') +
    `<g filter="url(#warp)">${[...glyphs(svgCaptcha, text, width, height), ...strokes(3, width, height)].join('')}</g>` +
    specks(Math.round(width / 4), width, height, ink, 1.2).join('') +
    `</svg>`
  );
}

/** The captcha picture of `text` as a PNG data URI of `width` by `height` pixels. */
export async function captchaPng(text: string, width: number, height: number): Promise<string> {
  const { svgCaptcha, renderAsync } = await loadLibraries();
  // Rendered on libuv's thread pool, off the event loop; no font is loaded since glyphs are outlines.
  const png = await renderAsync(captchaSvg(svgCaptcha, text, width, height), { font: { loadSystemFonts: false } });
  return `data:image/png;base64,${png.asPng().toString('base64')}`;
}
