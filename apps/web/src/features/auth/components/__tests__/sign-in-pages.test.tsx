import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/shared/lib/i18n';
import { clearSession } from '@/shared/lib/session';
import { getToken } from '@/shared/lib/token';
import { renderPage, stubServer } from '@/testing/render';
import { EmployeeLoginPage } from '../employee-login-page';
import { SupplierLoginPage } from '../supplier-login-page';

const LOGIN_KEY = '0123456789abcdef';

interface Answers {
  captchaEnabled?: boolean;
  /** The sign-in call is refused with this message. */
  refuse?: string;
  /** …naming this body field. */
  field?: string;
}

/** The server of the sign-in pages: site info, captcha, SMS code and the sign-in calls. */
function stubSignInServer({ captchaEnabled = false, refuse, field }: Answers = {}) {
  let captchas = 0;
  return stubServer((url) => {
    switch (url.pathname) {
      case '/api/common/site-info':
        return {
          code: 200,
          data: { platformName: 'P', consultPhone: '1', serviceHours: '9-5', loginKey: LOGIN_KEY, captchaEnabled },
        };
      case '/api/common/common/captcha':
        captchas += 1;
        return { code: 200, captchaEnabled, uuid: `c${captchas}`, img: `data:image/gif;base64,R0lG${captchas}` };
      case '/api/common/common/code':
        return { code: 200, uuid: 'sms-uuid' };
      default:
        if (refuse) return { code: 500, msg: refuse, ...(field ? { field } : {}) };
        return url.pathname.startsWith('/api/external')
          ? { code: 200, rows: { token: 'tok' } }
          : { code: 200, msg: 'tok' };
    }
  });
}

function renderAt(path: string, page: 'supplier' | 'employee') {
  const router = createMemoryRouter(
    [
      { path: '/weblogin', element: <SupplierLoginPage /> },
      { path: '/adminlogin', element: <EmployeeLoginPage /> },
      { path: '/adminindex', element: <p>admin home</p> },
      { path: '/user/profile', element: <p>profile</p> },
    ],
    { initialEntries: [path.startsWith('/') ? path : page === 'supplier' ? '/weblogin' : '/adminlogin'] },
  );
  renderPage(<RouterProvider router={router} />);
  return router;
}

const callsTo = (fetchMock: ReturnType<typeof stubServer>, pathname: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === pathname);

const bodyOf = (call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)) as Record<string, string>;

afterEach(() => clearSession());

describe('supplier sign-in (/weblogin)', () => {
  it('explains what is missing, in English and in Chinese', async () => {
    const user = userEvent.setup();
    stubSignInServer();
    renderAt('/weblogin', 'supplier');
    await user.click(await screen.findByTestId('login-submit'));
    expect(screen.getByText('Enter your mobile phone number.')).toBeVisible();
    expect(screen.getByText('Enter your password.')).toBeVisible();
    expect(screen.getByText('Enter the SMS code.')).toBeVisible();
    await user.type(screen.getByLabelText('Mobile phone'), '12345');
    expect(screen.getByText('Enter an 11-digit mobile number starting with 1.')).toBeVisible();
    expect(screen.getByLabelText('Mobile phone')).toHaveAccessibleDescription(
      'Enter an 11-digit mobile number starting with 1.',
    );

    await setLanguage('zh-CN');
    await user.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByText('请输入密码。')).toBeVisible();
    expect(screen.getByText('请输入短信验证码。')).toBeVisible();
  });

  it('sends the SMS code only to a valid phone, then counts down', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSignInServer();
    renderAt('/weblogin', 'supplier');
    const send = await screen.findByTestId('send-sms-code');
    await user.click(send);
    expect(screen.getByText('Enter your mobile phone number.')).toBeVisible();
    expect(callsTo(fetchMock, '/api/common/common/code')).toHaveLength(0);

    await user.type(screen.getByLabelText('Mobile phone'), '13900000001');
    await user.click(send);
    await waitFor(() => expect(send).toHaveTextContent(/Resend in \d+ s/));
    expect(send).toBeDisabled();
    const [call] = callsTo(fetchMock, '/api/common/common/code');
    expect(new URL(String(call![0]), 'http://localhost').searchParams.get('tel')).toBe('13900000001');
  });

  it('keeps digits only in the SMS code, signs in with encrypted fields and goes to the admin home', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSignInServer();
    const router = renderAt('/weblogin', 'supplier');
    await user.type(await screen.findByLabelText('Mobile phone'), '13900000001');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Secret123');
    await user.type(screen.getByLabelText('SMS code'), '12a3456');
    expect(screen.getByLabelText('SMS code')).toHaveValue('123456');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminindex'));
    const [call] = callsTo(fetchMock, '/api/external/login');
    const body = bodyOf(call!);
    expect(Object.keys(body).sort()).toEqual(['msgCode', 'pwd', 'tel']);
    // Encrypted: nothing is sent as typed.
    expect(Object.values(body)).not.toContain('13900000001');
    expect(getToken()).toBe('tok');
  });

  it('signs in by phone with the uuid of the code sent', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSignInServer();
    const router = renderAt('/weblogin', 'supplier');
    await user.click(await screen.findByRole('tab', { name: 'SMS code' }));
    const panel = screen.getByRole('tabpanel', { name: 'SMS code' });
    await user.type(within(panel).getByLabelText('Mobile phone'), '13900000001');
    await user.click(within(panel).getByTestId('send-sms-code'));
    await waitFor(() => expect(within(panel).getByTestId('send-sms-code')).toBeDisabled());
    await user.type(within(panel).getByLabelText('SMS code'), '654321');
    await user.click(within(panel).getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminindex'));
    expect(bodyOf(callsTo(fetchMock, '/api/external/tellogin')[0]!)).toEqual({
      tel: '13900000001',
      msgCode: '654321',
      uuid: 'sms-uuid',
    });
  });
});

describe('back-office sign-in (/adminlogin)', () => {
  it('needs a user name that is not only blanks', async () => {
    const user = userEvent.setup();
    stubSignInServer();
    renderAt('/adminlogin', 'employee');
    await user.type(await screen.findByLabelText('User name'), '   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your user name.');
    expect(screen.getByLabelText('User name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('signs in once however often the button is pressed, and returns to the page asked for', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSignInServer();
    const router = renderAt('/adminlogin?redirect=/user/profile', 'employee');
    await user.type(await screen.findByLabelText('User name'), ' admin ');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'Admin@2026');
    const submit = screen.getByTestId('login-submit');
    await user.click(submit);
    await user.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/profile'));
    expect(callsTo(fetchMock, '/api/employee/loginEmp')).toHaveLength(1);
    // Captcha switched off: neither answer nor uuid is sent.
    expect(Object.keys(bodyOf(callsTo(fetchMock, '/api/employee/loginEmp')[0]!)).sort()).toEqual([
      'loginPwd',
      'loginUid',
    ]);
  });

  it('shows the captcha when enabled; a refused sign-in clears the answer and fetches a new picture', async () => {
    const user = userEvent.setup();
    const fetchMock = stubSignInServer({ captchaEnabled: true, refuse: 'Wrong user name or password' });
    renderAt('/adminlogin', 'employee');
    const picture = await screen.findByRole('img', { name: 'Captcha' });
    expect(picture).toHaveAttribute('src', 'data:image/gif;base64,R0lG1');
    await user.click(screen.getByRole('button', { name: 'Click the image for a new captcha' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Captcha' })).toHaveAttribute('src', 'data:image/gif;base64,R0lG2'),
    );

    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByText('Enter the captcha.')).toBeVisible();
    await user.type(screen.getByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-1');
    await user.type(screen.getByLabelText('Captcha'), 'ab12');
    await user.click(screen.getByTestId('login-submit'));
    // The server's message is shown (antd's message, loaded on demand).
    expect(await screen.findByText('Wrong user name or password')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Captcha')).toHaveValue(''));
    await waitFor(() => expect(callsTo(fetchMock, '/api/common/common/captcha')).toHaveLength(3));
    expect(bodyOf(callsTo(fetchMock, '/api/employee/loginEmp')[0]!)).toHaveProperty('uuid');
    expect(getToken()).toBeFalsy();
  });

  it('puts a refusal naming a field under that field, not in a toast', async () => {
    const user = userEvent.setup();
    stubSignInServer({ refuse: 'loginUid: this account is disabled', field: 'loginUid' });
    renderAt('/adminlogin', 'employee');
    await user.type(await screen.findByLabelText('User name'), 'admin');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'wrong-1');
    await user.click(screen.getByTestId('login-submit'));
    await waitFor(() =>
      expect(screen.getByLabelText('User name')).toHaveAccessibleDescription('loginUid: this account is disabled'),
    );
    expect(screen.getAllByText('loginUid: this account is disabled')).toHaveLength(1);
    // Typing again takes the message away.
    await user.type(screen.getByLabelText('User name'), '2');
    expect(screen.queryByText('loginUid: this account is disabled')).toBeNull();
  });
});
