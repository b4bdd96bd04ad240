import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { registerFeedbackApis } from '@/shared/lib/notify';
import { sessionStore } from '@/shared/lib/session';

function Feedback({ children }: { children: ReactNode }) {
  const { message, modal } = AntApp.useApp();
  registerFeedbackApis({ message, modal });
  return <>{children}</>;
}

/** Renders inside the providers the app gives every page, signed in with the given permissions. */
export function renderPage(ui: ReactNode, permissions: string[] = ['*:*:*']) {
  sessionStore.set({ ...sessionStore.get(), permissions });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AntApp>
        <Feedback>{ui}</Feedback>
      </AntApp>
    </QueryClientProvider>,
  );
}

/** Answers every call with `answer(url)` as the server's JSON; returns the mock to read the calls. */
export function stubServer(answer: (url: URL) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    return new Response(JSON.stringify(answer(url)), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
