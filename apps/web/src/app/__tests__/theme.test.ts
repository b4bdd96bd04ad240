import { PRESET_THEME_COLORS } from '@lvb/contracts/limits';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio, themeShades } from '@/shared/lib/contrast';
import { appTheme, TAG_TEXT_COLOURS } from '../theme';

/** antd's tokens as hex (its alias texts are rgba over white). */
function solid(colour: string): string {
  const rgba = /^rgba?\((\d+), ?(\d+), ?(\d+)(?:, ?([\d.]+))?\)$/.exec(colour);
  if (!rgba) return colour.slice(0, 7);
  const alpha = Number(rgba[4] ?? 1);
  const channels = [rgba[1], rgba[2], rgba[3]].map((c) => Math.round(Number(c) * alpha + 255 * (1 - alpha)));
  return `#${channels.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

describe('antd theme', () => {
  it.each(PRESET_THEME_COLORS)('gives primary texts, buttons and tints 4.5:1 with %s', (colour) => {
    const token = theme.getDesignToken(appTheme(themeShades(colour), false));
    for (const text of [token.colorPrimary, token.colorLink, token.colorInfo, token.colorPrimaryHover]) {
      expect(contrastRatio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, token.colorPrimaryBg)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(text, token.colorInfoBg)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('writes secondary texts, placeholders and errors at 4.5:1 on white and the page background', () => {
    const token = theme.getDesignToken(appTheme(themeShades('#409EFF'), false));
    for (const text of [token.colorTextDescription, token.colorTextTertiary, token.colorTextPlaceholder]) {
      expect(contrastRatio(solid(text), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(solid(token.colorTextDescription), '#f3f5f9')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token.colorError, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token.colorError, token.colorErrorBg)).toBeGreaterThanOrEqual(4.5);
  });

  it('gives every tag colour 4.5:1 on its background', () => {
    const token = theme.getDesignToken() as unknown as Record<string, string>;
    const presets = [
      'red',
      'volcano',
      'orange',
      'gold',
      'yellow',
      'lime',
      'green',
      'cyan',
      'blue',
      'geekblue',
      'purple',
      'magenta',
    ];
    for (const preset of presets) {
      const key = `${preset}7`;
      const text = (TAG_TEXT_COLOURS as Record<string, string>)[key] ?? token[key]!;
      expect(contrastRatio(text, token[`${preset}1`]!), preset).toBeGreaterThanOrEqual(4.5);
    }
    expect(contrastRatio(TAG_TEXT_COLOURS.colorSuccess, token.colorSuccessBg!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(TAG_TEXT_COLOURS.colorWarning, token.colorWarningBg!)).toBeGreaterThanOrEqual(4.5);
  });
});
