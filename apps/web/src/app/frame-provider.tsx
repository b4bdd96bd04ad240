import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { themeShades } from '@/shared/lib/contrast';
import { useLayoutSettings } from '@/shared/lib/layout-settings';
import { queryClient } from '@/shared/lib/query-client';

/**
 * What every page runs in, antd or not: the query client, the theme colour as CSS variables and the
 * app frame (text colour, size and font of the theme: global.css `.app-frame`). The app adds its
 * messages and dialogs (./provider.tsx), the light client its own (src/light/).
 */
export function FrameProvider({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const settings = useLayoutSettings();
  useEffect(() => {
    // The page's own styles use the accessible shades of the theme colour, as antd does.
    const shades = themeShades(settings.theme);
    const style = document.documentElement.style;
    style.setProperty('--app-primary', shades.primary);
    style.setProperty('--app-primary-hover', shades.hover);
    style.setProperty('--app-primary-active', shades.active);
    style.setProperty('--app-primary-bg', shades.background);
  }, [settings.theme]);

  return (
    <QueryClientProvider client={client}>
      <div className="app-frame">{children}</div>
    </QueryClientProvider>
  );
}
