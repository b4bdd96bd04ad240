import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { renderPage, stubServer } from '@/testing/render';
import { FormDialog } from '../form-dialog';
import { PasswordField, PhoneField, TextField } from '../form-fields';
import { enabledColumn, switchColumn, textColumns } from '../list-parts';

interface Account {
  name: string;
  tel: string;
  password: string;
}

function AccountDialog({ onSubmit }: { onSubmit: (values: Account) => Promise<unknown> }) {
  const [form] = Form.useForm<Account>();
  return (
    <FormDialog<Account> open title="Account" form={form} name="account" onClose={() => undefined} onSubmit={onSubmit}>
      <TextField name="name" label="Name" required="Enter the name." max={50} />
      <PhoneField required />
      <PasswordField label="Password" />
    </FormDialog>
  );
}

const save = () => userEvent.click(screen.getByText('Save').closest('button')!);

describe('form fields', () => {
  it('refuse a blank name, a wrong phone number and a weak password, and send nothing', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderPage(<AccountDialog onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), '   ');
    await userEvent.type(screen.getByLabelText('Phone'), '12345');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await save();
    expect(await screen.findByText('Enter the name.')).toBeInTheDocument();
    expect(screen.getByText('The phone number has 11 digits and starts with 1.')).toBeInTheDocument();
    expect(
      screen.getByText('Password: 8 to 64 characters with at least one letter and one digit.'),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  }, 15_000);

  it('send the values once they are valid', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderPage(<AccountDialog onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Li Lei');
    await userEvent.type(screen.getByLabelText('Phone'), '13900000077');
    await userEvent.type(screen.getByLabelText('Password'), 'Buyer-pass-2026');
    await save();
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ name: 'Li Lei', tel: '13900000077', password: 'Buyer-pass-2026' }),
    );
  }, 15_000);
});

interface Unit {
  id: number;
  name: string;
  status: string;
}

function UnitsTable({ onChanged }: { onChanged: () => Promise<unknown> }) {
  const { t } = useTranslation();
  return (
    <Table<Unit>
      rowKey="id"
      pagination={false}
      dataSource={[
        { id: 7, name: 'Depot', status: '0' },
        { id: 8, name: 'Yard', status: '1' },
      ]}
      columns={[
        ...textColumns<Unit>({ name: 'Unit' }),
        { ...enabledColumn<Unit>(t), key: 'plain' },
        switchColumn<Unit>(t, {
          permissions: ['test:unit:edit'],
          name: (u) => u.name,
          url: (u) => `/api/test/units/${u.id}`,
          onChanged,
        }),
      ]}
    />
  );
}

describe('list columns', () => {
  it('show fields as they are, and switch a status at its call after the user confirms', async () => {
    const server = stubServer(() => ({ code: 200, msg: 'ok' }));
    const onChanged = vi.fn(async () => undefined);
    renderPage(<UnitsTable onChanged={onChanged} />);
    const depot = screen.getByText('Depot').closest('tr')!;
    expect(within(depot).getAllByText('Enabled').length).toBeGreaterThan(0);

    await userEvent.click(within(depot).getByRole('switch'));
    const question = (await screen.findAllByText('Disable "Depot"?')).at(-1)!;
    await userEvent.click(within(question.closest('.ant-modal-confirm')!).getByText('Confirm').closest('button')!);
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    const [url, init] = server.mock.calls.at(-1) as unknown as [string, RequestInit];
    expect(url).toContain('/api/test/units/7/status');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ status: '1' });
  }, 15_000);

  it('show the status only, without the permission to change it', () => {
    renderPage(<UnitsTable onChanged={async () => undefined} />, ['test:unit:list']);
    const yard = screen.getByText('Yard').closest('tr')!;
    expect(within(yard).getByRole('switch')).toBeDisabled();
  });
});
