import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignupState } from '@lvb/contracts/project-rows';
import { setLanguage } from '@/shared/lib/i18n';
import { clearSession, sessionStore } from '@/shared/lib/session';
import { renderPage, stubServer } from '@/testing/render';
import type { HallProjectDetail } from '@/features/public/api/hall';
import { ApplyPanel } from '../apply-panel';

/**
 * Dates that this browser's clock reads as "sign-up open now": whatever the panel shows must come
 * from `signup`, which the server fills by the database clock.
 */
const project = (signup: SignupState): HallProjectDetail => ({
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
  budget: 27_000_000,
  model: 2,
  guaranteeRequired: false,
  guaranteeAmount: 0,
  signupStart: '2000-01-01T00:00:00.000Z',
  bidDeadline: '2999-12-08T15:37:09.449Z',
  openingAt: '2999-12-09T15:37:09.449Z',
  status: 'published',
  publishedAt: '2026-11-25T15:37:09.482Z',
  signup,
  qualification: '',
  description: '',
  contactName: 'Olivia',
  contactTel: '0571-88880000',
  documents: [],
  minParticipants: 3,
  statusReason: null,
  notices: [],
});

const SUPPLIER = {
  logUid: 'u1',
  empId: 5,
  empName: 'Zhao Lei',
  types: 1,
  userName: 'zhao',
  logTel: '13900000001',
  deptId: null,
  deptName: null,
  company: { compId: 3, compName: 'Hill Builders' },
  fix: 1,
  roles: ['supplier'],
  permissions: ['web:hall:apply'],
};

const renderPanel = (signup: SignupState) =>
  renderPage(
    <MemoryRouter>
      <ApplyPanel project={project(signup)} />
    </MemoryRouter>,
    [],
  );

describe('the apply panel', () => {
  afterEach(async () => {
    clearSession();
    await setLanguage('en');
  });

  it('tells an anonymous visitor that sign-up has closed, without inviting them to sign in', async () => {
    stubServer(() => ({ code: 200, msg: 'ok', data: [] }));
    renderPanel('closed');
    expect(await screen.findByTestId('apply-note')).toHaveTextContent('Sign-up has closed.');
    expect(screen.queryByText('Sign in as a supplier to apply')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('says so in Chinese too', async () => {
    await setLanguage('zh-CN');
    stubServer(() => ({ code: 200, msg: 'ok', data: [] }));
    renderPanel('closed');
    expect(await screen.findByTestId('apply-note')).toHaveTextContent('报名已截止。');
    expect(screen.queryByText('以供应商身份登录后报名')).toBeNull();
  });

  it('invites an anonymous visitor to sign in only while the server says sign-up is open', async () => {
    stubServer(() => ({ code: 200, msg: 'ok', data: [] }));
    const { unmount } = renderPanel('open');
    expect(await screen.findByTestId('apply-note')).toHaveTextContent('Sign in as a supplier to apply');
    unmount();
    renderPanel('not_started');
    expect(await screen.findByTestId('apply-note')).toHaveTextContent(
      'Sign-up opens at 2000-01-01 08:00. Suppliers sign in to apply then.',
    );
  });

  it('offers a signed-in supplier no apply button once the server says sign-up has closed', async () => {
    sessionStore.set({ ...sessionStore.get(), user: SUPPLIER, permissions: SUPPLIER.permissions });
    stubServer((url) =>
      url.pathname.endsWith('/my-application')
        ? { code: 200, msg: 'ok', data: { application: null } }
        : { code: 200, msg: 'ok', data: [] },
    );
    const { unmount } = renderPanel('closed');
    expect(await screen.findByTestId('apply-note')).toHaveTextContent('Sign-up has closed.');
    expect(screen.queryByRole('button', { name: /Apply/ })).toBeNull();
    unmount();
    renderPanel('open');
    await waitFor(() => expect(screen.getByRole('button', { name: /Apply/ })).toBeInTheDocument());
  });
});
