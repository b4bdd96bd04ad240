import type { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FeedbackHolders } from './antd-scope-loader';
import { FrameProvider } from './frame-provider';

/**
 * What every page of the app runs in, without antd: the frame (./frame-provider.tsx) and the holders
 * of messages and dialogs. antd's configuration comes with the pages that use antd
 * (app/root-shell.tsx, app/antd-scope-loader.tsx); messages and dialogs bring it along when first
 * asked for. The server draws a page with a query client of its own.
 */
export function AppProvider({ children, client }: { children: ReactNode; client?: QueryClient }) {
  return (
    <FrameProvider client={client}>
      <FeedbackHolders />
      {children}
    </FrameProvider>
  );
}
