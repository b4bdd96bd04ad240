import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import DrawsPage from '../draws-page';
import { CANDIDATES, choose, DETAIL, dialogTitled, dictAnswer, DRAW, DRAWN, fill, HALL_OPTIONS, ok } from './fixtures';

const OWNER = ['selection:draw:list', 'selection:draw:schedule'];
const SUPERVISOR = ['selection:draw:list', 'selection:draw:witness'];

const SCHEDULABLE = {
  projectId: 31,
  projectCode: 'LV20261201000031',
  projectName: 'Bridge inspection',
  drawAt: '2026-12-03T02:00:00.000Z',
  typeId: 1,
  subCategoryId: 5,
  placeId: 12,
};

function serve({ draw = {}, post }: { draw?: Record<string, unknown>; post?: () => unknown } = {}) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return post ? post() : ok({ data: { ...DETAIL, ...draw } });
    if (url.pathname === '/api/hall/options') return ok({ data: HALL_OPTIONS });
    if (url.pathname === '/api/draws/schedulable') return ok({ data: [SCHEDULABLE] });
    if (url.pathname === '/api/draws/preview')
      return ok({ data: { candidates: CANDIDATES.map(({ position: _, ...c }) => c), excludedRecent: 2 } });
    if (url.pathname === '/api/draws/7') return ok({ data: { ...DETAIL, ...draw } });
    if (url.pathname === '/api/draws') return ok({ rows: [{ ...DRAW, ...draw }], total: 1 });
    return ok({ data: [] });
  });
}

const renderDraws = (permissions: string[]) =>
  renderPage(
    <MemoryRouter>
      <DrawsPage />
    </MemoryRouter>,
    permissions,
  );

describe('the pool draws (mandraw/draw)', () => {
  it('lets the supervisor draw with entropy digits, after a confirmation', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderDraws(SUPERVISOR);
    expect(await screen.findByText('Bridge inspection')).toBeInTheDocument();
    expect(screen.queryByText('Schedule draw')).toBeNull();
    expect(screen.queryByText('Cancel draw')).toBeNull();
    await user.click(await findButton(document.body, 'Draw'));
    const dialog = await dialogTitled('Draw for Bridge inspection');
    const entropy = within(dialog).getByLabelText('Entropy (digits)');
    await fill(user, entropy, '31415x');
    await user.click(button(dialog, 'Next'));
    expect(await within(dialog).findByText('Up to 32 digits, nothing else.')).toBeInTheDocument();
    await fill(user, entropy, '314159');
    await user.click(button(dialog, 'Next'));
    expect(await within(dialog).findByText(/Draw now with entropy 314159\?/)).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(dialog, 'Draw now'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/draws/7/draw', body: { entropy: '314159' } });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Drawn: the first contractor has been asked.')).toBeInTheDocument();
  });

  it('keeps the server’s refusal of an early draw in the dialog', async () => {
    const server = serve({ post: () => ({ code: 409, msg: 'The draw time has not come yet.' }) });
    const user = userEvent.setup();
    renderDraws(SUPERVISOR);
    await user.click(await findButton(document.body, 'Draw'));
    const dialog = await dialogTitled('Draw for Bridge inspection');
    await user.click(button(dialog, 'Next'));
    await user.click(await findButton(dialog, 'Draw now'));
    expect(await within(dialog).findByTestId('draw-refusal')).toHaveTextContent('The draw time has not come yet.');
    expect(postsOf(server)[0]).toMatchObject({ body: { entropy: '' } });
  });

  it('schedules a draw only after the owner saw the candidates the list freezes', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderDraws(OWNER);
    expect(await screen.findByText('Bridge inspection')).toBeInTheDocument();
    expect(screen.queryByText('Draw')).toBeNull();
    await user.click(await findButton(document.body, 'Schedule draw'));
    const dialog = await dialogTitled('Schedule a pool draw');
    await choose(user, dialog, 'Project', 'Bridge inspection (LV20261201000031)');
    // Type, sub-category and region come from the project.
    await waitFor(() => expect(dialog).toHaveTextContent('Engineering'));
    expect(dialog).toHaveTextContent('Roads');
    expect(dialog).toHaveTextContent('Gulou');
    await fill(user, within(dialog).getByLabelText('Reserves'), '3');
    await user.click(button(dialog, 'Preview candidates'));
    const preview = await within(dialog).findByTestId('draw-preview');
    expect(preview).toHaveTextContent('5 candidate(s) would be frozen into the list.');
    expect(preview).toHaveTextContent('2 member(s) left out as drawn recently.');
    expect(preview).toHaveTextContent('Cangshan Services');
    expect(within(dialog).getByTestId('draw-binding')).toHaveTextContent(/freezes this list and publishes it/);
    const call = server.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((u) => u.pathname === '/api/draws/preview')!;
    expect(Object.fromEntries(call.searchParams)).toEqual({
      projectId: '31',
      typeId: '1',
      subCategoryId: '5',
      placeId: '12',
    });
    expect(postsOf(server)).toHaveLength(0);
    await user.click(button(dialog, 'Freeze and publish'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/draws',
      body: { projectId: 31, typeId: 1, subCategoryId: 5, placeId: 12, reserves: 3 },
    });
    expect(postsOf(server)[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('The draw is scheduled and its list published.')).toBeInTheDocument();
  });

  it('cancels a scheduled draw with a reason', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderDraws(OWNER);
    await user.click(await findButton(document.body, 'Cancel draw'));
    const dialog = await dialogTitled('Cancel the draw for Bridge inspection');
    await fill(user, within(dialog).getByLabelText('Reason'), 'Project withdrawn');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({
      path: '/api/draws/7/cancel',
      body: { reason: 'Project withdrawn' },
    });
  });

  it('shows a drawn draw: list, hashes, seed, entropy, order and the contractors asked', async () => {
    serve({ draw: { ...DRAWN, witnessName: 'Sam Supervisor' } });
    const user = userEvent.setup();
    renderDraws(SUPERVISOR);
    await user.click(await findButton(document.body, 'View'));
    const detail = await screen.findByTestId('draw-detail');
    expect(await within(detail).findByTestId('draw-seed')).toHaveTextContent(DRAWN.seed);
    expect(within(detail).getByTestId('draw-list-hash')).toHaveTextContent(DRAWN.listHash);
    expect(within(detail).getByTestId('draw-commitment')).toHaveTextContent(DRAWN.commitment);
    expect(detail).toHaveTextContent('Witness entropy314159');
    const order = within(detail).getByTestId('draw-order');
    expect([...order.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Gulou Construction',
      'Haixi Design Institute',
      'Cangshan Services',
      'Fuzhou Road Works Co.',
      'Minjiang Survey Ltd.',
    ]);
    const picks = within(detail).getByTestId('draw-picks');
    expect(picks).toHaveTextContent('No. 1Gulou ConstructionDeclinedCrew busy');
    expect(picks).toHaveTextContent('No. 2Haixi Design InstituteAsked');
    expect(within(detail).getByTestId('draw-candidates')).toHaveTextContent('91350100MA2XXXXX05Cangshan Services');
    // Drawn: no Draw and no Cancel any more.
    expect(within(detail).queryByText('Draw')).toBeNull();
  });
});
