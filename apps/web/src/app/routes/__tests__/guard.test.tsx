import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { RouteErrorPage } from '@/shared/components/errors/route-error-page';
import { isBackOfficePath } from '../back-office-paths';
import { guardLoader } from '../guard';

/** The guard of the app's root route over a stand-in route tree: where does a visitor land? */
function openWithoutToken(path: string) {
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{location.pathname + location.search}</p>;
  }
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader: guardLoader,
        ErrorBoundary: RouteErrorPage,
        HydrateFallback: () => null,
        children: [
          { path: 'adminlogin', Component: Where },
          { path: 'hall', Component: Where },
          { path: '*', Component: Where },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

describe('back-office paths the app knows', () => {
  it.each([
    '/adminindex',
    '/user/profile',
    '/company/info',
    '/company/edit',
    '/redirect/system/user',
    '/system/user',
    '/manager/itemtype',
    '/web/hall',
    '/mandraw/score',
    '/order',
    '/order/myguarantee',
  ])('%s is a back-office page', (path) => expect(isBackOfficePath(path)).toBe(true));
  it.each([
    '/no-such-page',
    '/no/such/page',
    '/system',
    '/system/nothing',
    '/company',
    '/user',
    '/adminindex/x',
    '/hasOwnProperty',
  ])('%s is unknown', (path) => expect(isBackOfficePath(path)).toBe(false));
});

describe('route guard without a token', () => {
  // The 404 page (and antd, which the error page's spinner no longer brings) loads on demand: fetched
  // here once, so that a loaded machine's first transform does not eat the wait for the page.
  beforeAll(async () => {
    await import('@/shared/components/errors/not-found-page');
  }, 60_000);

  it.each(['/system/user', '/adminindex', '/company/info', '/user/profile'])(
    'sends %s to the back-office sign-in with the way back',
    async (path) => {
      openWithoutToken(path);
      expect(await screen.findByTestId('where')).toHaveTextContent(`/adminlogin?redirect=${encodeURIComponent(path)}`);
    },
  );

  it('keeps the query string in the way back', async () => {
    openWithoutToken('/system/user?page=2');
    expect(await screen.findByTestId('where')).toHaveTextContent(
      `/adminlogin?redirect=${encodeURIComponent('/system/user?page=2')}`,
    );
  });

  it.each(['/no-such-page', '/no/such/page', '/system/nothing'])(
    'shows the 404 page for the unknown %s',
    async (path) => {
      openWithoutToken(path);
      expect(await screen.findByTestId('not-found')).toBeInTheDocument();
      expect(screen.getByText('404')).toBeInTheDocument();
      expect(screen.queryByTestId('where')).not.toBeInTheDocument();
    },
  );

  it('opens a public page', async () => {
    openWithoutToken('/hall');
    expect(await screen.findByTestId('where')).toHaveTextContent('/hall');
  });
});
