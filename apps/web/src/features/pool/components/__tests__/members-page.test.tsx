import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/lib/i18n';
import { button, findButton, postsOf, renderPage, stubServer } from '@/testing/render';
import MembersPage from '../members-page';
import { HALL_OPTIONS, MEMBER, dialogTitled, dictAnswer, ok } from './fixtures';

const SUSPENDED = { ...MEMBER, status: 'suspended', statusReason: 'Safety incident' };

function serve(
  member: Record<string, unknown> = MEMBER,
  onPut: () => unknown = () => ok({ data: member }),
  onPost: () => unknown = () => ok({ data: member }),
) {
  return stubServer((url, init) => {
    const dict = dictAnswer(url);
    if (dict) return dict;
    if (init?.method === 'PUT') return onPut();
    if (init?.method === 'POST') return onPost();
    if (url.pathname === '/api/hall/options') return ok({ data: HALL_OPTIONS });
    if (url.pathname === '/api/pool/members') return ok({ rows: [member], total: 1 });
    if (url.pathname === '/api/manager/suppliers') return ok({ rows: [], total: 0 });
    if (url.pathname === '/api/pool/members/11')
      return ok({
        data: {
          ...member,
          actions: [],
          timeline: [
            { id: 1, action: 'pool_member.add', actorName: 'admin', data: {}, createdAt: MEMBER.createdAt },
            {
              id: 2,
              action: 'pool_member.suspend',
              actorName: 'admin',
              data: { reason: 'Safety incident' },
              createdAt: MEMBER.updatedAt,
            },
          ],
        },
      });
    return ok({ data: [] });
  });
}

const PERMISSIONS = [
  'pool:member:list',
  'pool:member:query',
  'pool:member:add',
  'pool:member:edit',
  'pool:member:remove',
];

const renderMembers = (permissions = PERMISSIONS) =>
  renderPage(
    <MemoryRouter>
      <MembersPage />
    </MemoryRouter>,
    permissions,
  );

describe('the pool members (marwsup/cbsman)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('edits a member: sends every field, and shows a refusal under its field', async () => {
    let answers = 0;
    const server = serve(MEMBER, () =>
      answers++ === 0 ? { code: 500, msg: 'on or after valid from', field: 'validTo' } : ok({ data: MEMBER }),
    );
    const user = userEvent.setup();
    renderMembers();
    expect(await screen.findByText('Hill Builders Co., Ltd.')).toBeInTheDocument();
    expect(screen.getByText('2026-01-01 to 2030-12-31')).toBeInTheDocument();

    await user.click(await findButton(document.body, 'Edit'));
    const dialog = await dialogTitled('Edit the pool member');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('on or after valid from')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(postsOf(server, 'PUT')).toHaveLength(2));
    expect(postsOf(server, 'PUT')[1]).toMatchObject({
      path: '/api/pool/members/11',
      body: {
        companyId: 4,
        typeId: 2,
        subCategoryId: null,
        placeId: 3,
        validFrom: '2026-01-01',
        validTo: '2030-12-31',
        remark: 'Qualified in 2026',
      },
    });
  });

  it('suspends with a reason under an Idempotency-Key', async () => {
    const server = serve();
    const user = userEvent.setup();
    renderMembers();
    await user.click(await findButton(document.body, 'Suspend'));
    const dialog = await dialogTitled('Suspend Hill Builders Co., Ltd.');
    await user.click(within(dialog).getByLabelText('Reason'));
    await user.paste('Safety incident');
    await user.click(button(dialog, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    const [post] = postsOf(server);
    expect(post).toMatchObject({ path: '/api/pool/members/11/suspend', body: { reason: 'Safety incident' } });
    expect(post!.key).toBeTruthy();
  });

  it('offers reinstatement of a suspended member and shows its history in the drawer', async () => {
    const server = serve(SUSPENDED);
    const user = userEvent.setup();
    renderMembers();
    expect(await screen.findByText('Safety incident')).toBeInTheDocument();
    expect(screen.queryByText('Suspend')).not.toBeInTheDocument();

    await user.click(await findButton(document.body, 'View'));
    const timeline = await screen.findByTestId('pool-timeline');
    expect(within(timeline).getByText('Suspended')).toBeInTheDocument();
    expect(within(timeline).getByText('Reason: Safety incident')).toBeInTheDocument();

    await user.click(button(await screen.findByTestId('pool-members-page'), 'Reinstate'));
    const confirm = (await screen.findByText('Reinstate Hill Builders Co., Ltd. in the pool?')).closest<HTMLElement>(
      '.ant-modal',
    )!;
    await user.click(button(confirm, 'Confirm'));
    await waitFor(() => expect(postsOf(server)).toHaveLength(1));
    expect(postsOf(server)[0]).toMatchObject({ path: '/api/pool/members/11/reinstate' });
  });

  it('shows only what the permissions allow', async () => {
    serve();
    renderMembers(['pool:member:list']);
    expect(await screen.findByText('Hill Builders Co., Ltd.')).toBeInTheDocument();
    expect(screen.queryByText('Edit')).not.toBeInTheDocument();
    expect(screen.queryByText('Suspend')).not.toBeInTheDocument();
    expect(screen.queryByText('Remove')).not.toBeInTheDocument();
  });

  it('shows the page in Chinese', async () => {
    await i18n.changeLanguage('zh-CN');
    serve();
    renderMembers();
    expect(await screen.findByText('杭州市')).toBeInTheDocument();
    expect(screen.getByText('2026-01-01 至 2030-12-31')).toBeInTheDocument();
    expect(await screen.findByText('正常')).toBeInTheDocument();
  });
});
