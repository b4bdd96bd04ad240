/**
 * Colour contrast after WCAG 2: the theme colour a user picks (spec §3: default #409EFF and eight
 * presets) is rendered in a shade dark enough for text, so that links, tabs and primary buttons
 * meet AA (4.5:1) on white and on the theme's light tint, whichever preset is chosen.
 */

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb {
  const value = /^#?([0-9a-f]{6})$/i.exec(hex.trim())?.[1];
  if (!value) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [0, 2, 4].map((i) => parseInt(value.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2 relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const [r, g, b] = parseHex(hex).map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHsl([r, g, b]: Rgb): Rgb {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return [h * 60, s, l];
}

function fromHsl([h, s, l]: Rgb): Rgb {
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    return 255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1)));
  };
  return [channel(0), channel(8), channel(4)];
}

/**
 * The colour with its hue and saturation kept and its lightness lowered just enough for a
 * relative luminance of at most `maxLuminance`; a colour already that dark is returned as it is.
 */
export function darkenTo(hex: string, maxLuminance: number): string {
  const original = toHex(parseHex(hex));
  if (luminance(original) <= maxLuminance) return original;
  const [h, s, l] = toHsl(parseHex(hex));
  let low = 0;
  let high = l;
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (luminance(toHex(fromHsl([h, s, mid]))) <= maxLuminance) low = mid;
    else high = mid;
  }
  return toHex(fromHsl([h, s, low]));
}

/**
 * The colour mixed with white just enough for a relative luminance of at least `minLuminance`: a
 * light tint for backgrounds behind the colour's own text.
 */
export function tintTo(hex: string, minLuminance: number): string {
  const rgb = parseHex(hex);
  const mix = (share: number) => toHex(rgb.map((c) => 255 - (255 - c) * share) as Rgb);
  let low = 0;
  let high = 1;
  for (let i = 0; i < 24; i++) {
    const mid = (low + high) / 2;
    if (luminance(mix(mid)) >= minLuminance) low = mid;
    else high = mid;
  }
  return mix(low);
}

/**
 * Luminance limits of the rendered shades. 0.16 gives 5:1 on white and for white text on the
 * colour, and at least 4.5:1 on a light tint of luminance 0.9 or more; hover and pressed states go
 * darker, so they keep the contrast.
 */
const SHADE_LUMINANCE = { primary: 0.16, hover: 0.11, active: 0.075 } as const;
/** Tints behind the primary shade's text (selected menu entries, tags): 4.5:1 and more. */
const TINT_LUMINANCE = { background: 0.93, hover: 0.9 } as const;

export interface ThemeShades {
  primary: string;
  hover: string;
  active: string;
  /** Light background for text in the primary shade, and its hover state. */
  background: string;
  backgroundHover: string;
}

/** The shades the interface renders for a theme colour. */
export function themeShades(theme: string): ThemeShades {
  return {
    primary: darkenTo(theme, SHADE_LUMINANCE.primary),
    hover: darkenTo(theme, SHADE_LUMINANCE.hover),
    active: darkenTo(theme, SHADE_LUMINANCE.active),
    background: tintTo(theme, TINT_LUMINANCE.background),
    backgroundHover: tintTo(theme, TINT_LUMINANCE.hover),
  };
}
