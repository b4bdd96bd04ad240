import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dictionaryAnswers } from '@/testing/dictionaries';
import { hallRow18, publicPage } from '@/testing/public-pages';
import { stubServer } from '@/testing/render';
import { HallList } from '../hall-list';

const project = hallRow18();
const dictionaries = dictionaryAnswers({
  project_status: [['published', 'Published', '已发布', 'primary']],
  selection_model: [['3', 'Best-value evaluation', '综合评审', 'success']],
});

function renderHall(path = '/hall') {
  const { router, ui } = publicPage(<HallList />, path);
  render(ui);
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
      return dictionaries(url) ?? { code: 404, msg: 'not found' };
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
