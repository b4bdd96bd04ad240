import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState, type InterfaceSize } from '@/shared/lib/app-state';
import { themeShades } from '@/shared/lib/contrast';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { registerFeedbackApis } from '@/shared/lib/notify';
import { queryClient } from '@/shared/lib/query-client';
import { appTheme } from './theme';

const componentSize: Record<InterfaceSize, 'large' | 'medium' | 'small'> = {
  large: 'large',
  default: 'medium',
  small: 'small',
};

/** Hands antd's context-aware message/modal/notification to code outside components. */
function FeedbackBridge() {
  const apis = AntApp.useApp();
  registerFeedbackApis(apis);
  return null;
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
        locale={i18n.language === 'zh-CN' ? zhCN : enUS}
        componentSize={componentSize[size]}
        theme={theme}
      >
        <AntApp>
          <FeedbackBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
