import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage } from '@/testing/render';
import ItemTypesPage from '../item-types-page';

const TYPE = {
  id: 4,
  name: 'Service',
  nameZh: '服务',
  orderNum: 1,
  status: '0',
  code: 'service',
  valueLimit: 1_000_000,
  createdAt: '2026-01-01T00:00:00.000Z',
  priceWeight: 30,
  scoreCriteria: [
    { name: 'Method', nameZh: '方法', max: 60 },
    { name: 'Team', nameZh: '团队', max: 40 },
  ],
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'POST' || init?.method === 'PUT') return json({ code: 200, msg: 'saved', data: { id: 9 } });
    if (url.pathname === '/api/basic/types/4') return json({ code: 200, msg: 'ok', data: TYPE });
    if (url.pathname === '/api/basic/types') return json({ code: 200, msg: 'ok', data: [TYPE] });
    return json({ code: 200, msg: 'ok', data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const sent = (mock: ReturnType<typeof serve>) =>
  (mock.mock.calls as unknown as [string, RequestInit | undefined][])
    .filter(([, init]) => init?.method === 'POST' || init?.method === 'PUT')
    .map(([url, init]) => [url, JSON.parse(String(init!.body))] as const);

const PERMS = ['basic:itemtype:list', 'basic:itemtype:add', 'basic:itemtype:edit', 'basic:itemtype:query'];

describe('the project types page', () => {
  it('shows each type’s best-value rules and starts a new type with the default criteria', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <ItemTypesPage />
      </MemoryRouter>,
      PERMS,
    );
    expect(await screen.findByText('Price 30 · 2 criteria')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Add/ }));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer)
        .getAllByPlaceholderText('Criterion')
        .map((i) => (i as HTMLInputElement).value),
    ).toEqual(['Technical approach', 'Schedule and resources', 'Quality and safety']);
    await user.type(within(drawer).getByLabelText('Code'), 'works');
    await user.type(within(drawer).getByLabelText('Value limit (yuan)'), '2000000');
    await user.type(within(drawer).getByLabelText('Name', { exact: true }), 'Works');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]![1]).toMatchObject({
      priceWeight: 40,
      scoreCriteria: [{ name: 'Technical approach' }, {}, {}],
    });
  });

  it('edits a type’s criteria: the saved ones are shown, one more is added', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPage(
      <MemoryRouter>
        <ItemTypesPage />
      </MemoryRouter>,
      PERMS,
    );
    await user.click(await screen.findByRole('button', { name: /Edit$/ }));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(
        within(drawer)
          .getAllByPlaceholderText('Criterion')
          .map((i) => (i as HTMLInputElement).value),
      ).toEqual(['Method', 'Team']),
    );
    await user.click(within(drawer).getByRole('button', { name: /Add criterion$/ }));
    await user.type(within(drawer).getAllByPlaceholderText('Criterion').at(-1)!, 'Safety');
    await user.type(within(drawer).getAllByPlaceholderText('Chinese name').at(-1)!, '安全');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent(server)).toHaveLength(1));
    expect(sent(server)[0]![1].scoreCriteria).toEqual([
      ...TYPE.scoreCriteria,
      { name: 'Safety', nameZh: '安全', max: 10 },
    ]);
  });

  describe('numbers', () => {
    afterEach(() => setLanguage('en'));

    it('refuses a price weight or maximum out of range as typed, and reads separators in the value limit', async () => {
      const server = serve();
      const user = userEvent.setup();
      renderPage(
        <MemoryRouter>
          <ItemTypesPage />
        </MemoryRouter>,
        PERMS,
      );
      await screen.findByText('Price 30 · 2 criteria');
      await user.click(screen.getByRole('button', { name: /Add/ }));
      const drawer = await screen.findByRole('dialog');
      await user.type(within(drawer).getByLabelText('Code'), 'works');
      await user.type(within(drawer).getByLabelText('Name', { exact: true }), 'Works');
      const limit = within(drawer).getByLabelText('Value limit (yuan)');
      await user.type(limit, '3,000,000');
      const weight = within(drawer).getByLabelText('Price weight (points of 100)');
      await user.clear(weight);
      await user.type(weight, '999');
      const [firstMax] = within(drawer).getAllByLabelText('Max points');
      await user.clear(firstMax!);
      await user.type(firstMax!, '0');
      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      expect(
        await within(drawer).findByText('Enter the price weight as a whole number of points from 0 to 100.'),
      ).toBeInTheDocument();
      expect(
        within(drawer).getByText('Enter the maximum as a whole number of points from 1 to 100.'),
      ).toBeInTheDocument();
      expect(weight).toHaveValue('999');
      expect(firstMax).toHaveValue('0');
      expect(sent(server)).toHaveLength(0);

      await user.clear(weight);
      await user.type(weight, '35');
      await user.clear(firstMax!);
      await user.type(firstMax!, '45');
      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(sent(server)).toHaveLength(1));
      expect(sent(server)[0]![1]).toMatchObject({
        valueLimit: 3_000_000,
        priceWeight: 35,
        scoreCriteria: [{ name: 'Technical approach', max: 45 }, { max: 30 }, { max: 30 }],
      });
    });

    it('says what a value limit must be in Chinese, keeping the text', async () => {
      await setLanguage('zh-CN');
      serve();
      const user = userEvent.setup();
      renderPage(
        <MemoryRouter>
          <ItemTypesPage />
        </MemoryRouter>,
        PERMS,
      );
      await user.click(await screen.findByRole('button', { name: /新\s?增/ }));
      const drawer = await screen.findByRole('dialog');
      const limit = within(drawer).getByLabelText('限额（元）');
      await user.type(limit, '100000001');
      expect(await within(drawer).findByText('请输入 1 至 100,000,000 元之间的整数限额。')).toBeInTheDocument();
      expect(limit).toHaveValue('100000001');
    });
  });
});
