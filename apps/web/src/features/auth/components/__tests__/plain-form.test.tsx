import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { isPhone } from '@/shared/lib/validation';
import { matches, required } from '../form-rules';
import { PasswordTextField, PlainButton, PlainForm, TextField, usePlainForm } from '../plain-form';

const phoneRules = [required('Enter your phone.'), matches(isPhone, 'Eleven digits, please.')];
const nameRules = [required('Enter your name.', true)];
const passwordRules = [required('Enter your password.')];

function Demo({ onFinish }: { onFinish: (values: Record<string, string>) => void }) {
  const form = usePlainForm();
  return (
    <PlainForm name="demo" form={form} onFinish={onFinish}>
      <TextField name="tel" label="Phone" rules={phoneRules} />
      <TextField name="user" label="Name" rules={nameRules} />
      <PasswordTextField name="pwd" label="Password" rules={passwordRules} />
      <PlainButton type="submit" primary block data-testid="submit">
        Send
      </PlainButton>
    </PlainForm>
  );
}

describe('plain form kit', () => {
  it('ties each label to its input and names inputs as antd did (<form>_<field>)', () => {
    render(<Demo onFinish={() => undefined} />);
    expect(screen.getByLabelText('Phone')).toHaveAttribute('id', 'demo_tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
  });

  it('shows every error on submit, announced and tied to its input, and does not finish', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    render(<Demo onFinish={onFinish} />);
    await user.click(screen.getByTestId('submit'));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual(['Enter your phone.', 'Enter your name.', 'Enter your password.']);
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription('Enter your phone.');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('checks a field as it changes; blanks only do not count where the rule trims', async () => {
    const user = userEvent.setup();
    render(<Demo onFinish={() => undefined} />);
    await user.type(screen.getByLabelText('Phone'), '123');
    expect(screen.getByRole('alert')).toHaveTextContent('Eleven digits, please.');
    await user.clear(screen.getByLabelText('Phone'));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your phone.');
    await user.type(screen.getByLabelText('Phone'), '13900000001');
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Name'), '   ');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter your name.');
  });

  it('finishes with the values once every field passes', async () => {
    const user = userEvent.setup();
    const onFinish = vi.fn();
    render(<Demo onFinish={onFinish} />);
    await user.type(screen.getByLabelText('Phone'), '13900000001');
    await user.type(screen.getByLabelText('Name'), 'ann');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');
    expect(onFinish).toHaveBeenCalledWith({ tel: '13900000001', user: 'ann', pwd: 'secret' });
  });

  it('shows and hides the password with a named toggle', async () => {
    const user = userEvent.setup();
    render(<Demo onFinish={() => undefined} />);
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it('ignores presses while loading', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    function Pending() {
      const [loading, setLoading] = useState(false);
      return (
        <PlainButton
          loading={loading}
          onClick={() => {
            onClick();
            setLoading(true);
          }}
        >
          Go
        </PlainButton>
      );
    }
    render(<Pending />);
    const button = screen.getByRole('button', { name: 'Go' });
    await user.click(button);
    await user.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button).toHaveAttribute('aria-busy', 'true');
  });
});
