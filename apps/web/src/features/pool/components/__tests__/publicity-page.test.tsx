import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import PublicityPage from '../publicity-page';
import { HALL_OPTIONS, MEMBER, dialogTitled, dictAnswer, ok } from './fixtures';

const PUBLICITY = {
  id: 3,
  noticeId: 40,
  title: 'Contractor pool publicity 2026',
  intro: '',
  memberIds: [11],
  createdByName: 'admin',
  createdAt: '2026-12-02T02:00:00.000Z',
  updatedAt: '2026-12-02T02:00:00.000Z',
};

function serve() {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST') return ok({ data: { ...PUBLICITY, members: [MEMBER] } });
    if (url.pathname === '/api/hall/options') return ok({ data: HALL_OPTIONS });
    if (url.pathname === '/api/pool/publicity') return ok({ rows: [PUBLICITY], total: 1 });
    if (url.pathname === '/api/pool/publicity/3') return ok({ data: { ...PUBLICITY, members: [MEMBER] } });
    if (url.pathname === '/api/pool/members') return ok({ rows: [MEMBER], total: 1 });
    return ok({ data: [] });
  });
}

const renderPublicity = () =>
  renderPage(
    <MemoryRouter>
      <PublicityPage />
    </MemoryRouter>,
    ['pool:publicity:list', 'pool:publicity:query', 'pool:publicity:add', 'pool:publicity:edit'],
  );

describe('the pool publicity (marwsup/fixpub)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('lists the publicity and publishes the chosen members', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPublicity();
    expect(await screen.findByText('Contractor pool publicity 2026')).toBeInTheDocument();

    await user.click(await findButton(document.body, 'Add'));
    const dialog = await dialogTitled('New publicity');
    await user.click(within(dialog).getByLabelText('Title'));
    await user.paste('Pool publicity, December');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Choose at least one member.')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);

    await within(dialog).findByText('Hill Builders Co., Ltd.');
    const row = within(dialog).getByText('Hill Builders Co., Ltd.').closest('tr')!;
    await user.click(row.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    expect(within(dialog).getByText('1 member chosen')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    const [post] = postsOf(server);
    expect(post).toMatchObject({
      path: '/api/pool/publicity',
      body: { title: 'Pool publicity, December', intro: '', memberIds: [11] },
    });
    expect(post!.key).toBeTruthy();
  });

  it('opens a publicity with its members', async () => {
    serve();
    const user = userEvent.setup();
    renderPublicity();
    await user.click(await findButton(document.body, 'View'));
    const detail = await screen.findByTestId('pool-publicity-detail');
    expect(await within(detail).findByText('Hill Builders Co., Ltd.')).toBeInTheDocument();
  });

  it('shows the page in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve();
    renderPublicity();
    expect((await screen.findAllByText('公示单位数')).length).toBeGreaterThan(0);
    expect(await screen.findByText('新增')).toBeInTheDocument();
  });
});
