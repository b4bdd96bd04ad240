import type { ThemeConfig } from 'antd';
// A deep import (not antd's index): the build works antd's core chunk out from it (vite.config.ts).
import antTheme from 'antd/es/theme';
import type { ThemeShades } from '@/shared/lib/contrast';

/**
 * Text colours of antd's tags on their light backgrounds at WCAG AA (4.5:1). antd writes a preset
 * tag's text in the seventh shade of its palette and a status tag's in the status colour itself;
 * several of those are too light (green 3.4:1, gold 2.8:1, success 2.2:1), so tags take a darker
 * shade of the same palette. Palettes whose seventh shade passes (red, blue, geekblue, purple,
 * magenta) keep it.
 */
export const TAG_TEXT_COLOURS = {
  volcano7: '#ad2102',
  orange7: '#ad4e00',
  gold7: '#874d00',
  yellow7: '#876800',
  lime7: '#3f6600',
  green7: '#237804',
  cyan7: '#006d75',
  colorSuccess: '#237804',
  colorWarning: '#874d00',
} as const;

/**
 * The error colour of danger buttons, field messages and error tags: antd's red-7, 5.6:1 on white
 * and 5:1 on its light tint (antd's default #ff4d4f is 3.3:1).
 */
const ERROR_COLOUR = '#cf1322';

/**
 * Secondary texts (descriptions, empty states, step captions) and placeholders at 4.5:1 on white
 * and on the page background; antd's defaults are 45 % and 25 % black (3.4:1 and 1.8:1).
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.55)';

/**
 * antd's theme for the shades of a theme colour (the layout setting, through `themeShades`): the
 * colour is rendered in its accessible shade, hover and pressed states darker still. It takes the
 * shades rather than the colour so that this module, which goes with antd's core chunk, imports no
 * code of the entry (vite.config.ts).
 */
export function appTheme(shades: ThemeShades, reducedMotion: boolean): ThemeConfig {
  return {
    algorithm: antTheme.defaultAlgorithm,
    token: {
      colorPrimary: shades.primary,
      colorPrimaryHover: shades.hover,
      colorPrimaryActive: shades.active,
      colorPrimaryBg: shades.background,
      colorPrimaryBgHover: shades.backgroundHover,
      colorInfo: shades.primary,
      colorInfoBg: shades.background,
      colorError: ERROR_COLOUR,
      colorLink: shades.primary,
      colorLinkHover: shades.hover,
      colorLinkActive: shades.active,
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      borderRadius: 6,
      fontFamily: 'var(--app-font)',
      motion: !reducedMotion,
    },
    components: {
      Tag: { ...TAG_TEXT_COLOURS, colorInfo: shades.primary },
      // An empty table's "No data" is written in the disabled grey (1.8:1); it is not disabled.
      Table: { colorTextDisabled: SECONDARY_TEXT },
    },
  };
}
