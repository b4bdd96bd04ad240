import { Col, Form, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusOptions } from '@/shared/lib/list';

/** The sort order of a record (0 to 9999), a half-width column of a dialog's grid. */
export function OrderField({ required }: { required?: boolean }) {
  const { t } = useTranslation();
  return (
    <Col xs={24} sm={12}>
      <Form.Item name="orderNum" label={t('admin.orderNum')} rules={required ? [{ required: true }] : undefined}>
        <InputNumber min={0} max={9999} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
}

/** Enabled or disabled (`0` / `1`), a half-width column of a dialog's grid. */
export function StatusField() {
  const { t } = useTranslation();
  return (
    <Col xs={24} sm={12}>
      <Form.Item name="status" label={t('admin.status')}>
        <Radio.Group options={statusOptions(t)} />
      </Form.Item>
    </Col>
  );
}
