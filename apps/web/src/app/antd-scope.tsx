// Deep imports (not antd's index): the build works antd's core chunk out from what this module
// imports (vite.config.ts).
import ConfigProvider from 'antd/es/config-provider';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import { useMemo, type ReactNode } from 'react';
import type { ThemeShades } from '@/shared/lib/contrast';
import { appTheme } from './theme';

export type ComponentSize = 'large' | 'medium' | 'small';

/**
 * antd's configuration (theme, interface size, locale) around the pages that use antd and around
 * the message and dialog holders. Loaded with the first such page or message and goes with antd's
 * core chunk: it imports nothing of the entry (the settings come as props from
 * app/antd-scope-loader.tsx, which follows them), so that the entry never loads that chunk.
 */
export function AntdScope({
  children,
  shades,
  reducedMotion,
  size,
  locale,
}: {
  children: ReactNode;
  shades: ThemeShades;
  reducedMotion: boolean;
  size: ComponentSize;
  /** antd's texts of the current language; English when not given. */
  locale: Locale | undefined;
}) {
  const theme = useMemo(() => appTheme(shades, reducedMotion), [shades, reducedMotion]);
  return (
    <ConfigProvider locale={locale ?? enUS} componentSize={size} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
