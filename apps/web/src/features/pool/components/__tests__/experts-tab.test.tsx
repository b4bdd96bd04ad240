import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import MembersPage from '../members-page';
import { HALL_OPTIONS, MEMBER, dialogTitled, dictAnswer, ok } from './fixtures';

const EXPERT = {
  id: 21,
  userId: 7,
  name: 'Evan Expert',
  loginUid: 'expert1',
  deptName: 'Experts',
  kind: 'outside',
  typeId: 2,
  typeName: 'Construction',
  typeNameZh: '施工',
  placeId: 3,
  placeName: 'Hangzhou',
  placeNameZh: '杭州市',
  employer: 'Zhejiang University',
  employerCreditCode: '12330000470003281N',
  validFrom: '2026-01-01',
  validTo: '2030-12-31',
  remark: '',
  status: 'active',
  statusReason: null,
  createdAt: '2026-12-01T02:00:00.000Z',
  updatedAt: '2026-12-01T02:00:00.000Z',
};

const EXPERT_STATUS = [
  { dictValue: 'active', dictLabel: 'Active', dictLabelZh: '正常', listClass: 'success' },
  { dictValue: 'suspended', dictLabel: 'Suspended', dictLabelZh: '已暂停', listClass: 'danger' },
];

function serve(expert: Record<string, unknown> = EXPERT) {
  return stubServer((url, init) => {
    if (url.pathname === '/system/dict/data/type/expert_status')
      return ok({ data: EXPERT_STATUS.map((d, i) => ({ ...d, dictSort: i, cssClass: '', isDefault: 'N' })) });
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'POST' || init?.method === 'PUT') return ok({ data: { id: 21 } });
    if (url.pathname === '/api/hall/options') return ok({ data: HALL_OPTIONS });
    if (url.pathname === '/api/pool/members') return ok({ rows: [MEMBER], total: 1 });
    if (url.pathname === '/api/pool/experts') return ok({ rows: [expert], total: 1 });
    if (url.pathname === '/api/pool/experts/accounts')
      return ok({ data: [{ userId: 7, name: 'Evan Expert', loginUid: 'expert1', deptName: 'Experts' }] });
    if (url.pathname === '/api/pool/experts/21')
      return ok({
        data: {
          ...expert,
          actions: [],
          timeline: [
            { id: 1, action: 'expert.add', actorName: 'admin', data: {}, createdAt: EXPERT.createdAt },
            {
              id: 2,
              action: 'expert.suspend',
              actorName: 'admin',
              data: { reason: 'Conflict of interest' },
              createdAt: EXPERT.updatedAt,
            },
          ],
        },
      });
    return ok({ data: [] });
  });
}

const PERMISSIONS = [
  'pool:member:list',
  'pool:expert:list',
  'pool:expert:query',
  'pool:expert:add',
  'pool:expert:edit',
  'pool:expert:remove',
];

const renderPool = (permissions = PERMISSIONS) =>
  renderPage(
    <MemoryRouter>
      <MembersPage />
    </MemoryRouter>,
    permissions,
  );

/** Opens the Experts tab and waits for its list. */
async function openExperts(user: ReturnType<typeof userEvent.setup>, tab = 'Experts') {
  await user.click(await screen.findByText(tab));
  return screen.findByTestId('pool-experts-tab');
}

describe('the expert pool tab (marwsup/cbsman)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('is shown only to holders of pool:expert:list', async () => {
    serve();
    renderPool(['pool:member:list']);
    expect(await screen.findByText('Hill Builders Co., Ltd.')).toBeInTheDocument();
    expect(screen.getByText('Contractors')).toBeInTheDocument();
    expect(screen.queryByText('Experts')).not.toBeInTheDocument();
  });

  it('lists the experts with their account, kind, employer and status, and opens one with its history', async () => {
    serve();
    const user = userEvent.setup();
    renderPool();
    const tab = await openExperts(user);
    expect(await within(tab).findByText('Evan Expert')).toBeInTheDocument();
    expect(within(tab).getByText('expert1 · Experts')).toBeInTheDocument();
    expect(within(tab).getByText('Outside expert')).toBeInTheDocument();
    expect(within(tab).getByText('Zhejiang University')).toBeInTheDocument();
    expect(within(tab).getByText('2026-01-01 to 2030-12-31')).toBeInTheDocument();
    expect(await within(tab).findByText('Active')).toBeInTheDocument();
    // No export without its permission.
    expect(within(tab).queryByText('Export')).not.toBeInTheDocument();

    await user.click(button(tab, 'View'));
    const timeline = await screen.findByTestId('expert-timeline');
    expect(within(timeline).getByText('Suspended')).toBeInTheDocument();
    expect(within(timeline).getByText('Reason: Conflict of interest')).toBeInTheDocument();
  });

  it('shows each field’s message in the add dialog and sends nothing until they are right', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPool();
    const tab = await openExperts(user);
    await user.click(await findButton(tab, 'Add'));
    const dialog = await dialogTitled('Add an expert');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Choose the account.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the specialty.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the region.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the first and last day of validity.')).toBeInTheDocument();

    await user.click(within(dialog).getByText('Outside expert'));
    await user.click(within(dialog).getByLabelText('Employer credit code'));
    await user.paste('91330100MA27XK0A1');
    await user.click(button(dialog, 'Save'));
    expect(
      await within(dialog).findByText("Give the outside expert's employer, at least 2 characters."),
    ).toBeInTheDocument();
    expect(
      within(dialog).getByText('A unified credit code: 18 characters, such as 91330100MA27XK0A1B.'),
    ).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);
  });

  it('shows the dialog’s messages in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve();
    const user = userEvent.setup();
    renderPool();
    const tab = await openExperts(user, '专家库');
    expect(await within(tab).findByText('外部专家')).toBeInTheDocument();
    await user.click(await findButton(tab, '新增'));
    const dialog = await dialogTitled('新增专家');
    await user.click(within(dialog).getByText('外部专家'));
    // antd spaces a two-character Chinese label.
    await user.click(button(dialog, '保 存'));
    expect(await within(dialog).findByText('请选择账号。')).toBeInTheDocument();
    expect(within(dialog).getByText('外部专家须填写工作单位，至少 2 个字符。')).toBeInTheDocument();
  });

  it('needs a reason to suspend, and sends it under an Idempotency-Key', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderPool();
    const tab = await openExperts(user);
    await user.click(await findButton(tab, 'Suspend'));
    const dialog = await dialogTitled('Suspend Evan Expert');
    await user.click(button(dialog, 'Confirm'));
    expect(await within(dialog).findByText('Give the reason (at least 2 characters).')).toBeInTheDocument();
    expect(postsOf(server)).toHaveLength(0);

    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('Conflict of interest');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    const [post] = postsOf(server);
    expect(post).toMatchObject({ path: '/api/pool/experts/21/suspend', body: { reason: 'Conflict of interest' } });
    expect(post!.key).toBeTruthy();
  });

  it('offers reinstatement of a suspended expert', async () => {
    const server = serve({ ...EXPERT, status: 'suspended', statusReason: 'Conflict of interest' });
    const user = userEvent.setup();
    renderPool();
    const tab = await openExperts(user);
    expect(await within(tab).findByText('Conflict of interest')).toBeInTheDocument();
    expect(within(tab).queryByText('Suspend')).not.toBeInTheDocument();
    await user.click(button(tab, 'Reinstate'));
    const confirm = (await screen.findByText('Reinstate Evan Expert in the expert pool?')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    await user.click(button(confirm, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/pool/experts/21/reinstate' });
  });
});
