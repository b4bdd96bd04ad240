import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Input } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormDialog } from '@/shared/components/list-kit/form-dialog';
import { OrderField, orderValue } from '@/shared/components/list-kit/form-fields';
import { setLanguage } from '@/shared/lib/i18n';
import { request } from '@/shared/lib/request';
import { renderPage } from '@/testing/render';

interface Unit {
  name: string;
  orderNum: string | number;
}

function UnitDialog({ onSubmit }: { onSubmit: (values: Unit) => Promise<unknown> }) {
  const [form] = Form.useForm<Unit>();
  return (
    <FormDialog<Unit>
      open
      title="Unit"
      form={form}
      name="unit"
      refusalTestId="unit-refusal"
      initialValues={{ name: 'Depot', orderNum: 3 }}
      onClose={() => undefined}
      onSubmit={onSubmit}
    >
      <Form.Item name="name" label="Name">
        <Input />
      </Form.Item>
      <OrderField required />
    </FormDialog>
  );
}

const save = (name = 'Save') => userEvent.click(screen.getByText(name).closest('button')!);

/** A server that refuses every call with this body (HTTP 400). */
const refuseWith = (body: Record<string, unknown>) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify(body), { status: 400, headers: { 'Content-Type': 'application/json' } }),
    ),
  );

describe('a number field', () => {
  afterEach(() => setLanguage('en'));

  it('keeps what was typed and refuses it with a message instead of clamping it', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderPage(<UnitDialog onSubmit={onSubmit} />);
    const order = screen.getByLabelText('Order');
    expect(order).toHaveValue('3');
    for (const typed of ['12abc', '-1', '10000', '2.5', '1e3']) {
      await userEvent.clear(order);
      await userEvent.type(order, typed);
      await userEvent.tab();
      expect(await screen.findByText('Enter a whole number from 0 to 9,999, in digits.')).toBeInTheDocument();
      expect(order).toHaveValue(typed);
    }
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.clear(order);
    await userEvent.type(order, '12');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ name: 'Depot', orderNum: '12' }));
    expect(orderValue('12')).toBe(12);
  });

  it('says so in Chinese', async () => {
    await setLanguage('zh-CN');
    renderPage(<UnitDialog onSubmit={async () => undefined} />);
    const order = screen.getByLabelText('显示顺序');
    await userEvent.clear(order);
    await userEvent.type(order, '99999');
    expect(await screen.findByText('请输入 0 到 9,999 之间的整数（数字）。')).toBeInTheDocument();
    expect(order).toHaveValue('99999');
  });
});

describe('a refusal naming a field', () => {
  it('stands under the field of the dialog, without a toast or a banner', async () => {
    refuseWith({ code: 500, msg: 'orderNum: taken by another unit', field: 'orderNum' });
    renderPage(<UnitDialog onSubmit={(values) => request('/api/units', { method: 'POST', data: values })} />);
    await save();
    const shown = await screen.findByText('orderNum: taken by another unit');
    expect(shown.closest('.ant-form-item')).toContainElement(screen.getByLabelText('Order'));
    expect(screen.getAllByText('orderNum: taken by another unit')).toHaveLength(1);
    expect(screen.queryByTestId('unit-refusal')).toBeNull();
  });

  it('is shown as before when the dialog has no such field', async () => {
    refuseWith({ code: 500, msg: 'ownerId: not yours', field: 'ownerId' });
    renderPage(<UnitDialog onSubmit={(values) => request('/api/units', { method: 'POST', data: values })} />);
    await save();
    expect(await screen.findByTestId('unit-refusal')).toHaveTextContent('ownerId: not yours');
    // The banner and the toast: the request wrapper showed it.
    await waitFor(() => expect(screen.getAllByText('ownerId: not yours')).toHaveLength(2));
    const field = screen.getByLabelText('Order').closest<HTMLElement>('.ant-form-item')!;
    expect(within(field).queryByText('ownerId: not yours')).toBeNull();
  });
});
