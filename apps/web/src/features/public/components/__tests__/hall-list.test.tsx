import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubServer } from '@/testing/render';
import { HallList } from '../hall-list';

const project = {
  id: 18,
  code: 'LV20261125000018',
  name: 'Survey of the ancient bridge',
  ownerName: 'Demo Owner',
  typeId: 2,
  typeName: 'Survey',
  typeNameZh: '勘察',
  placeId: 7,
  placeName: 'Xiaoshan',
  placeNameZh: '萧山区',
  budget: 27000000,
  model: 3,
  guaranteeRequired: true,
  guaranteeAmount: 270000,
  signupStart: '2026-01-01T00:00:00Z',
  bidDeadline: '2999-12-08T15:37:09.449+00:00',
  openingAt: '2999-12-09T15:37:09.449+00:00',
  status: 'published',
  publishedAt: '2026-11-25T15:37:09.482+00:00',
  signup: 'open',
};
const dict = (entries: [string, string, string][]) =>
  entries.map(([dictValue, dictLabel, listClass], i) => ({
    dictValue,
    dictLabel,
    listClass,
    cssClass: '',
    dictSort: i,
    isDefault: 'N',
  }));

function renderHall(path = '/hall') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/hall', element: <HallList /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('hall list', () => {
  it('shows the rows first, then fetches the filter options and the dictionaries', async () => {
    const calls: string[] = [];
    let fail = true;
    stubServer((url) => {
      calls.push(url.pathname);
      if (url.pathname === '/api/hall/projects') {
        if (fail) return { code: 500, msg: 'down' };
        return { code: 200, msg: 'ok', rows: [project], total: 1 };
      }
      if (url.pathname === '/api/hall/options')
        return { code: 200, msg: 'ok', data: { types: [], subCategories: [], places: [] } };
      if (url.pathname.endsWith('/selection_model'))
        return { code: 200, msg: 'ok', data: dict([['3', 'Best-value evaluation', 'success']]) };
      return { code: 200, msg: 'ok', data: dict([['published', 'Published', 'primary']]) };
    });
    renderHall();
    expect(screen.getByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    // Failure, then a retry.
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(screen.getByText('The data could not be loaded.')).toBeInTheDocument();
    expect(calls[0]).toBe('/api/hall/projects');
    fail = false;
    await userEvent.setup().click(retry);
    const card = await screen.findByTestId('hall-project');
    expect(card).toHaveAttribute('href', '/iteminfo?id=18');
    expect(card).toHaveTextContent('¥270,000.00');
    expect(card).toHaveTextContent('Code: LV20261125000018');
    expect(card).toHaveTextContent('Place: Xiaoshan');
    expect(within(card).getByText('Open')).toBeInTheDocument();
    expect(within(card).getByText('Bid guarantee required')).toBeInTheDocument();
    // The dictionaries' labels come after the list.
    expect(await within(card).findByText('Published')).toHaveClass('ph-tag--processing');
    expect(within(card).getByText('Best-value evaluation')).toHaveClass('ph-tag--success');
    expect(calls.indexOf('/api/hall/options')).toBeGreaterThan(calls.indexOf('/api/hall/projects'));
    expect(screen.getByText('Total 1')).toBeInTheDocument();
  });

  it('shows the empty state and keeps filters in the URL', async () => {
    stubServer((url) =>
      url.pathname === '/api/hall/projects'
        ? { code: 200, msg: 'ok', rows: [], total: 0 }
        : url.pathname === '/api/hall/options'
          ? {
              code: 200,
              msg: 'ok',
              data: {
                types: [{ id: 1, code: 'c', name: 'Construction', nameZh: '施工', valueLimit: null }],
                subCategories: [],
                places: [],
              },
            }
          : { code: 200, msg: 'ok', data: [] },
    );
    const router = renderHall('/hall?keyword=canal&pageNum=3');
    expect(await screen.findByText('No published project matches.')).toBeInTheDocument();
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByRole('option', { name: 'Construction' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project type' }), 'Construction');
    // A filter starts again from the first page.
    expect(router.state.location.search).toBe('?keyword=canal&typeId=1');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(router.state.location.search).toBe('');
  });

  it('marks a project open for sign-up only when the server says so, whatever this browser’s clock reads', async () => {
    stubServer((url) =>
      url.pathname === '/api/hall/projects'
        ? {
            code: 200,
            msg: 'ok',
            rows: [
              { ...project, id: 18, signup: 'closed' },
              { ...project, id: 19, name: 'Canal lighting', bidDeadline: '2000-01-01T00:00:00Z', signup: 'open' },
            ],
            total: 2,
          }
        : { code: 200, msg: 'ok', data: [] },
    );
    renderHall();
    const [closed, open] = await screen.findAllByTestId('hall-project');
    expect(within(closed!).queryByText('Open')).toBeNull();
    expect(within(open!).getByText('Open')).toBeInTheDocument();
  });
});
