import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage } from '@/testing/render';
import BusinessParametersPage from '../business-parameters-page';

const PARAM = {
  id: 7,
  configKey: 'bid.minParticipants',
  name: 'Minimum valid participants',
  value: '3',
  valueType: 'number',
  scope: 'business',
  builtIn: true,
  updatedAt: '2026-11-25T01:00:00.000Z',
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function serve(onSave: () => Response = () => json({ code: 200, msg: 'saved' })) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PUT') return onSave();
    if (url.pathname === '/api/base/parameters/7') return json({ code: 200, msg: 'ok', data: PARAM });
    if (url.pathname === '/api/base/parameters') return json({ code: 200, msg: 'ok', rows: [PARAM], total: 1 });
    return json({ code: 200, msg: 'ok', data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
}

const PERMS = ['base:parameter:list', 'base:parameter:edit', 'base:parameter:query'];

describe('a number business parameter', () => {
  afterEach(() => setLanguage('en'));

  it('is refused unless it is a number in digits, and the server’s refusal of the value stands under it', async () => {
    const sent = serve(() => json({ code: 500, msg: 'value: at most 20', field: 'value' }, 400));
    const user = userEvent.setup();
    renderPage(<BusinessParametersPage />, PERMS);
    await user.click(await screen.findByRole('button', { name: /Edit$/ }));
    const dialog = await screen.findByRole('dialog');
    const value = await within(dialog).findByLabelText('Value');
    await waitFor(() => expect(value).toHaveValue('3'));
    for (const typed of ['1e3', '0x10', ' ', '-2', '3 participants']) {
      await user.clear(value);
      await user.type(value, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Save' }));
      expect(
        await within(dialog).findByText(
          'Enter a number in digits (for example 3 or 0.5), without a sign, spaces or letters.',
        ),
      ).toBeInTheDocument();
      expect(value).toHaveValue(typed);
    }
    expect(sent()).toHaveLength(0);
    await user.clear(value);
    await user.type(value, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const shown = await within(dialog).findByText('value: at most 20');
    expect(shown.closest('.ant-form-item')).toContainElement(value);
    expect(screen.getAllByText('value: at most 20')).toHaveLength(1);
    expect(sent()).toEqual([expect.objectContaining({ value: '25' })]);
  });

  it('says so in Chinese', async () => {
    await setLanguage('zh-CN');
    serve();
    const user = userEvent.setup();
    renderPage(<BusinessParametersPage />, PERMS);
    await user.click(await screen.findByRole('button', { name: /编\s?辑$/ }));
    const dialog = await screen.findByRole('dialog');
    const value = await within(dialog).findByLabelText('参数键值');
    await user.clear(value);
    await user.type(value, '1e3');
    expect(
      await within(dialog).findByText('请输入数字（例如 3 或 0.5），不含正负号、空格或字母。'),
    ).toBeInTheDocument();
  });
});
