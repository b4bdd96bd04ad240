import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage } from '@/testing/render';
import ProcessSettingsPage from '../process-settings-page';

const SETTING = {
  id: 3,
  typeId: 4,
  model: 2,
  signupDays: 5,
  bidWindowDays: 3,
  publicityDays: 3,
  requiredDocuments: '',
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function serve() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (init?.method === 'PUT' || init?.method === 'POST') return json({ code: 200, msg: 'saved' });
    if (url.pathname === '/api/basic/process-settings')
      return json({ code: 200, msg: 'ok', rows: [SETTING], total: 1 });
    if (url.pathname === '/api/basic/types')
      return json({ code: 200, msg: 'ok', data: [{ id: 4, name: 'Service', nameZh: '服务', code: 'service' }] });
    return json({ code: 200, msg: 'ok', data: [] });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () =>
    (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][])
      .filter(([, init]) => init?.method === 'PUT' || init?.method === 'POST')
      .map(([, init]) => JSON.parse(String(init!.body)) as Record<string, unknown>);
}

const renderSettings = () =>
  renderPage(
    <MemoryRouter>
      <ProcessSettingsPage />
    </MemoryRouter>,
    ['basic:itemprocess:list', 'basic:itemprocess:edit'],
  );

describe('process settings', () => {
  afterEach(() => setLanguage('en'));

  it('refuses days out of range as typed instead of clamping them, and sends whole numbers', async () => {
    const sent = serve();
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: /Edit$/ }));
    const drawer = await screen.findByRole('dialog');
    const signup = within(drawer).getByLabelText('Sign-up days');
    const window_ = within(drawer).getByLabelText('Bid window days');
    await user.clear(signup);
    await user.type(signup, '99');
    await user.clear(window_);
    await user.type(window_, '-1');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Enter a whole number of days from 1 to 60.')).toBeInTheDocument();
    expect(within(drawer).getByText('Enter a whole number of days from 0 to 60.')).toBeInTheDocument();
    expect(signup).toHaveValue('99');
    expect(window_).toHaveValue('-1');
    expect(sent()).toHaveLength(0);
    await user.clear(signup);
    await user.type(signup, '7');
    await user.clear(window_);
    await user.type(window_, '0');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ signupDays: 7, bidWindowDays: 0, publicityDays: 3 });
  });

  it('says so in Chinese', async () => {
    await setLanguage('zh-CN');
    serve();
    const user = userEvent.setup();
    renderSettings();
    await user.click(await screen.findByRole('button', { name: /编\s?辑$/ }));
    const drawer = await screen.findByRole('dialog');
    const publicity = within(drawer).getByLabelText('公示天数');
    await user.clear(publicity);
    await user.type(publicity, '3.5');
    expect(await within(drawer).findByText('请输入 1 至 30 之间的整数天数。')).toBeInTheDocument();
    expect(publicity).toHaveValue('3.5');
  });
});
