import { Form, Select, type FormInstance } from 'antd';
import { useHallOptions } from '@/shared/api/hall-options';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';

/**
 * The project type, its sub-category (cleared when the type changes) and a region, as the pool
 * and the draws ask for them (form fields `typeId`, `subCategoryId`, `placeId`), with each page's
 * own labels and messages.
 */
export function TypeRegionFields({
  form,
  labels,
}: {
  form: FormInstance;
  labels: { type: string; typeRequired: string; subCategory: string; place: string; placeRequired: string };
}) {
  const options = useHallOptions();
  const typeId = Form.useWatch('typeId', form) as number | undefined;
  return (
    <>
      <Form.Item name="typeId" label={labels.type} rules={[{ required: true, message: labels.typeRequired }]}>
        <Select
          options={options.types.map((x) => ({ value: x.id, label: x.label }))}
          onChange={() => form.setFieldValue('subCategoryId', null)}
        />
      </Form.Item>
      <Form.Item name="subCategoryId" label={labels.subCategory}>
        <Select
          allowClear
          disabled={!typeId}
          options={options.subCategories
            .filter((s) => s.typeId === typeId)
            .map((s) => ({ value: s.id, label: s.label }))}
        />
      </Form.Item>
      <Form.Item name="placeId" label={labels.place} rules={[{ required: true, message: labels.placeRequired }]}>
        <LabelTreeSelect options={options.places} />
      </Form.Item>
    </>
  );
}
