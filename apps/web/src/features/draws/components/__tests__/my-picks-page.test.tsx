import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TFunction } from 'i18next';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import MyPicksPage, { timeLeft } from '../my-picks-page';
import { dialogTitled, dictAnswer, fill, ok } from './fixtures';

const PICK = {
  id: 52,
  rank: 1,
  position: 2,
  companyId: 102,
  companyName: 'Haixi Design Institute',
  status: 'asked',
  statusReason: null,
  askedAt: '2026-12-03T05:00:00.000Z',
  deadline: '2026-12-04T05:00:00.000Z',
  // By the platform's clock, which need not be the browser's: the page counts from this.
  secondsLeft: 7_200,
  answeredAt: null,
  drawId: 7,
  projectId: 31,
  projectCode: 'LV20261201000031',
  projectName: 'Bridge inspection',
  ownerName: 'Demo Owner',
  budgetFen: 12_345_678,
};

function serve(rows: unknown[] = [PICK]) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return ok({ data: { ...PICK, status: 'confirmed' } });
    if (url.pathname === '/api/supplier/draw-picks') return ok({ rows, total: rows.length });
    return ok({ data: [] });
  });
}

const renderMine = () =>
  renderPage(
    <MemoryRouter>
      <MyPicksPage />
    </MemoryRouter>,
    ['web:bidding1:list', 'web:bidding1:confirm'],
  );

describe("the supplier's pool draws (web/bidding1)", () => {
  it('confirms after stating the budget in figures and in capital numerals', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(new Date('2026-12-03T07:30:00.000Z').getTime());
    const server = serve();
    const user = userEvent.setup();
    renderMine();
    expect(await screen.findByText('Bridge inspection')).toBeInTheDocument();
    expect(screen.getByText('¥123,456.78')).toBeInTheDocument();
    // The platform's time zone, and the time left by the platform's clock (two hours), not by
    // this browser's (which would say 21 h 30 min).
    expect(screen.getByText('2026-12-04 13:00')).toBeInTheDocument();
    expect(screen.getByTestId('pick-due')).toHaveTextContent('due in 2 h');
    await user.click(await findButton(document.body, 'Confirm'));
    const confirm = await screen.findByTestId('pick-confirm');
    expect(confirm).toHaveTextContent(
      'Your company takes the project “Bridge inspection” of Demo Owner at its budget of ¥123,456.78:',
    );
    expect(within(confirm).getByTestId('pick-budget-words')).toHaveTextContent('壹拾贰万叁仟肆佰伍拾陆元柒角捌分');
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(confirm.closest<HTMLElement>('.ant-modal')!, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/supplier/draw-picks/52/confirm' });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('You have taken the project.')).toBeInTheDocument();
  });

  it('declines only with a reason', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderMine();
    await user.click(await findButton(document.body, 'Decline'));
    const dialog = await dialogTitled('Decline Bridge inspection');
    await user.click(button(dialog, 'Confirm'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await fill(user, within(dialog).getByLabelText('Reason'), 'Crew busy until March');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/supplier/draw-picks/52/decline',
      body: { reason: 'Crew busy until March' },
    });
  });

  it('offers nothing on an answered ask, and says when no draw picked the company', async () => {
    serve([{ ...PICK, status: 'confirmed', answeredAt: '2026-12-03T06:00:00.000Z' }]);
    renderMine();
    expect(await screen.findByText('Bridge inspection')).toBeInTheDocument();
    expect(screen.queryByText('Decline')).toBeNull();
    expect(screen.queryByTestId('pick-due')).toBeNull();
  });

  it('shows the empty state', async () => {
    serve([]);
    renderMine();
    expect(await screen.findByTestId('my-picks-empty')).toHaveTextContent('No draw has picked your company yet.');
  });

  it('writes the time left in days, hours and minutes', () => {
    const t = i18n.t.bind(i18n) as TFunction;
    const hour = 3_600_000;
    expect(timeLeft(t, 53 * hour)).toBe('2 d 5 h');
    expect(timeLeft(t, 45 * 60_000)).toBe('45 min');
    expect(timeLeft(t, -hour)).toBeNull();
  });
});
