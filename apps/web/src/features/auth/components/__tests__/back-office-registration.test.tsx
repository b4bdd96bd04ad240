import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { renderPage, stubServer } from '@/testing/render';
import { EmployeeLoginPage } from '../employee-login-page';
import { RegisterPage } from '../register-page';
import { SupplierLoginPage } from '../supplier-login-page';

function renderAt(path: string) {
  stubServer((url) =>
    url.pathname === '/api/common/common/captcha'
      ? { code: 200, captchaEnabled: false }
      : { code: 200, msg: 'ok', data: { platformName: 'P', consultPhone: '1', serviceHours: '9-5' } },
  );
  const router = createMemoryRouter(
    [
      { path: '/adminlogin', element: <EmployeeLoginPage /> },
      { path: '/weblogin', element: <SupplierLoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/webregister', element: <RegisterPage /> },
    ],
    { initialEntries: [path] },
  );
  renderPage(<RouterProvider router={router} />);
  return router;
}

describe('registration from the back-office sign-in', () => {
  afterEach(() => setLanguage('en'));

  it('offers owners a back-office account request, never supplier registration', async () => {
    const router = renderAt('/adminlogin');
    const link = await screen.findByRole('link', { name: 'Request one' });
    expect(link).toHaveAttribute('href', '/register?for=back-office');
    expect(screen.getByText('A project owner without a back-office account?')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Register now' })).toBeNull();

    await userEvent.setup().click(link);
    expect(router.state.location.search).toBe('?for=back-office');
    expect(await screen.findByText('Request a back-office account')).toBeInTheDocument();
    expect(screen.getByTestId('owner-register-form')).toBeInTheDocument();
    expect(screen.queryByTestId('supplier-register-form')).toBeNull();
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByLabelText('Company name')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/adminlogin');
  });

  it('reads the same in Chinese', async () => {
    await setLanguage('zh-CN');
    renderAt('/adminlogin');
    expect(await screen.findByRole('link', { name: '申请后台账号' })).toHaveAttribute(
      'href',
      '/register?for=back-office',
    );
    expect(screen.queryByRole('link', { name: '立即注册' })).toBeNull();
  });

  it('still offers suppliers their registration from the supplier sign-in, with both tabs on its page', async () => {
    renderAt('/weblogin');
    expect(await screen.findByRole('link', { name: 'Register now' })).toHaveAttribute('href', '/webregister');
    renderAt('/webregister');
    const tabs = await screen.findAllByRole('tablist');
    expect(within(tabs.at(-1)!).getByRole('tab', { name: 'Supplier company' })).toBeInTheDocument();
  });
});
