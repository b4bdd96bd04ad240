import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignupState } from '@lvb/contracts/project-rows';
import { setLanguage } from '@/shared/lib/i18n';
import { clearSession } from '@/shared/lib/session';
import { hallProject18, signInSupplier } from '@/testing/public-pages';
import { renderPage, stubServer } from '@/testing/render';
import { ApplyPanel } from '../apply-panel';

/**
 * Project 18's dates are ones this browser's clock reads as "sign-up open now": whatever the panel
 * shows must come from `signup`, which the server fills by the database clock.
 */
const project = (signup: SignupState) =>
  hallProject18({ model: 2, guaranteeRequired: false, guaranteeAmount: 0, signup });

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
    signInSupplier(['web:hall:apply']);
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
