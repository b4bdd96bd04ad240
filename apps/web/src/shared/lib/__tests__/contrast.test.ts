import { DEFAULT_THEME_COLOR, PRESET_THEME_COLORS } from '@lvb/contracts/limits';
import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenTo, luminance, themeShades, tintTo } from '../contrast';

const WHITE = '#ffffff';

describe('contrast ratio', () => {
  it('follows WCAG 2', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio(WHITE, WHITE)).toBe(1);
    // The spec's default theme colour fails AA for text on white.
    expect(contrastRatio(DEFAULT_THEME_COLOR, WHITE)).toBeCloseTo(2.78, 2);
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
  });
});

describe('theme shades', () => {
  it('render the default theme colour in a blue of 5:1 on white', () => {
    expect(themeShades(DEFAULT_THEME_COLOR).primary).toBe('#006cdc');
  });

  it.each(PRESET_THEME_COLORS)('meet AA for text on white, on the tint and white on the shade: %s', (colour) => {
    const shades = themeShades(colour);
    for (const shade of [shades.primary, shades.hover, shades.active]) {
      expect(contrastRatio(shade, WHITE)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, shades.background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(shade, shades.backgroundHover)).toBeGreaterThanOrEqual(4.5);
    }
    expect(luminance(shades.hover)).toBeLessThan(luminance(shades.primary));
    expect(luminance(shades.active)).toBeLessThan(luminance(shades.hover));
  });

  it('keep a colour that is dark enough, and darken only the lightness', () => {
    expect(darkenTo('#c71585', 0.16)).toBe('#c71585');
    expect(darkenTo('#000000', 0.16)).toBe('#000000');
    // Pure hues stay pure: red stays red, only darker.
    expect(darkenTo('#ff0000', 0.1)).toMatch(/^#[0-9a-f]{2}0000$/);
  });

  it('tint towards white just enough', () => {
    const tint = tintTo('#006cdc', 0.93);
    expect(luminance(tint)).toBeGreaterThanOrEqual(0.93);
    expect(luminance(tint)).toBeLessThan(0.94);
    expect(tintTo(WHITE, 0.93)).toBe(WHITE);
  });
});
