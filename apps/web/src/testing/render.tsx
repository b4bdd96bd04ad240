import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
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

/** Answers every call with `answer(url, init)` as the server's JSON; returns the mock to read the calls. */
export function stubServer(answer: (url: URL, init?: RequestInit) => unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    return new Response(JSON.stringify(answer(url, init)), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * The POSTs (or PUTs) a stubbed server received: path, JSON body (or the form of an upload) and
 * Idempotency-Key.
 */
export function postsOf(fetchMock: ReturnType<typeof stubServer>, method: 'POST' | 'PUT' = 'POST') {
  return (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === method)
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://localhost').pathname,
      body: typeof init!.body === 'string' ? (JSON.parse(init!.body) as unknown) : init!.body,
      key: new Headers(init!.headers).get('Idempotency-Key'),
    }));
}

/**
 * A button by its text. Queries by role compute the accessibility tree of the whole page, which
 * takes seconds on antd's markup in jsdom: these look for the text and its button.
 */
const buttonOf = (texts: HTMLElement[]) => texts.map((el) => el.closest('button')).find(Boolean)!;
export const button = (scope: HTMLElement, text: string) => buttonOf(within(scope).getAllByText(text));
export const findButton = async (scope: HTMLElement, text: string) => buttonOf(await within(scope).findAllByText(text));
