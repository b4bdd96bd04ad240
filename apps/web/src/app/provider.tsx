import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState, type InterfaceSize } from '@/shared/lib/app-state';
import { themeShades } from '@/shared/lib/contrast';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { isHolderWanted, subscribeHolders, type Holder } from '@/shared/lib/notify';
import { queryClient } from '@/shared/lib/query-client';
import { antdLocales } from './i18n';
import { appTheme } from './theme';

const componentSize: Record<InterfaceSize, 'large' | 'medium' | 'small'> = {
  large: 'large',
  default: 'medium',
  small: 'small',
};

const holders = {
  message: lazy(async () => ({ default: (await import('./feedback-holders')).MessageHolder })),
  dialog: lazy(async () => ({ default: (await import('./feedback-holders')).DialogHolder })),
};

/**
 * Holder of antd's context-aware messages or dialogs for code outside components
 * (shared/lib/notify.ts), fetched when the first one is asked for.
 */
function LazyHolder({ of }: { of: Holder }) {
  const wanted = useSyncExternalStore(subscribeHolders, () => isHolderWanted(of));
  const Holder = holders[of];
  return wanted ? (
    <Suspense fallback={null}>
      <Holder />
    </Suspense>
  ) : null;
}

/** Text colour, size and font of antd's theme around the pages (what antd's <App> wrapper gave). */
function AppFrame({ children }: { children: ReactNode }) {
  const { token } = antdTheme.useToken();
  return (
    <div
      className="app-frame"
      style={{
        color: token.colorText,
        fontSize: token.fontSize,
        lineHeight: token.lineHeight,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}

const reducedMotionQuery = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void): () => void {
  const list = window.matchMedia(reducedMotionQuery);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion; antd's animations are then switched off. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribeReducedMotion, () => window.matchMedia(reducedMotionQuery).matches);
}

/**
 * Theme colour (in its accessible shade, see app/theme.ts), interface size and antd locale follow
 * the user's settings and language.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const settings = useLayoutSettings();
  const { size } = useAppState();
  const reducedMotion = usePrefersReducedMotion();

  const theme = useMemo(() => appTheme(settings.theme, reducedMotion), [settings.theme, reducedMotion]);
  useEffect(() => {
    // The page's own styles use the accessible shades of the theme colour, as antd does.
    const shades = themeShades(settings.theme);
    document.documentElement.style.setProperty('--app-primary', shades.primary);
    document.documentElement.style.setProperty('--app-primary-bg', shades.background);
  }, [settings.theme]);

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        locale={(i18n.language === 'zh-CN' && antdLocales['zh-CN']) || antdLocales.en}
        componentSize={componentSize[size]}
        theme={theme}
      >
        <AppFrame>
          <LazyHolder of="message" />
          <LazyHolder of="dialog" />
          {children}
        </AppFrame>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
