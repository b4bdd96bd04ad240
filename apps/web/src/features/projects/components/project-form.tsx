import { Model } from '@lvb/contracts/projects';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Col, DatePicker, Form, Input, Modal, Row, Select, Skeleton, Switch } from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatYuan } from '@lvb/contracts/money';
import { FileUpload, type UploadedFile } from '@/shared/components/file-upload';
import { LabelTreeSelect } from '@/shared/components/label-tree-select';
import { NumberInput } from '@/shared/components/number-input';
import { useHallOptions } from '@/shared/api/hall-options';
import { submitForm } from '@/shared/lib/form-submit';
import { feedback } from '@/shared/lib/notify';
import { guaranteeMaxFen, projectRulesQuery } from '../api/project-rules';
import { projectQuery, saveProject, type ProjectInput } from '../api/projects';
import { useDictOptions } from '@/shared/lib/dict-options';
import { isoToPicker, pickerToIso } from '@/shared/lib/picker-time';
import { fenToYuanText, fenValue, moneyRule, numberRule, numberValue } from '@/shared/lib/strict-number';
import { ProjectRulesPanel } from './project-rules-panel';

interface FormValues {
  name: string;
  typeId: number;
  subCategoryId?: number | null;
  placeId: number;
  /** Amounts and counts as typed: checked by the rules, read when sent (shared/lib/strict-number). */
  budgetYuan: string;
  model: number;
  minParticipants: string | number;
  guaranteeRequired: boolean;
  guaranteeYuan?: string;
  signupStart: Dayjs;
  bidDeadline: Dayjs;
  openingAt: Dayjs;
  publicityDays: string | number;
  qualification?: string;
  description?: string;
  contactName: string;
  contactTel: string;
  documents?: UploadedFile[];
}

interface ProjectFormProps {
  open: boolean;
  /** The draft to edit; none to create one. */
  id?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}

/** The form's names of the body fields it calls differently. */
const FIELD_NAMES = { budget: 'budgetYuan', guaranteeAmount: 'guaranteeYuan' };
const DAY_MS = 86_400_000;
/** Fields whose rules depend on the type and model: checked again when the rules arrive. */
const RULED_FIELDS = ['budgetYuan', 'minParticipants', 'guaranteeYuan', 'bidDeadline'] as const;

/**
 * Create or edit a draft project: budget entered in yuan, sent in fen; times in platform time. The
 * rules of the chosen type and model (value limit, sign-up days, minimum participants, guarantee
 * maximum) are shown before saving and checked as the owner types; what the server still refuses
 * stands under its field.
 */
export function ProjectForm({ open, id, onClose, onSaved }: ProjectFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const client = useQueryClient();
  const options = useHallOptions();
  const models = useDictOptions('selection_model', true);
  const existing = useQuery({ ...projectQuery(id ?? 0), enabled: open && !!id });
  const typeId = Form.useWatch('typeId', form);
  const model = Form.useWatch('model', form);
  const guaranteeRequired = Form.useWatch('guaranteeRequired', form);
  const budgetText = Form.useWatch('budgetYuan', form);
  const rulesQuery = useQuery({ ...projectRulesQuery(typeId ?? 0, model ?? 0), enabled: open && !!typeId && !!model });
  const rules = typeId && model ? rulesQuery.data : undefined;
  const budgetFen = fenValue(budgetText);

  // New rules (another type or model) apply to what was typed already.
  useEffect(() => {
    if (!rules) return;
    const typed = RULED_FIELDS.filter((name) => form.isFieldTouched(name));
    if (typed.length) form.validateFields([...typed]).catch(() => undefined);
  }, [rules, form]);

  useEffect(() => {
    if (!open) return;
    if (!id) {
      form.resetFields();
      return;
    }
    const p = existing.data;
    if (!p) return;
    form.setFieldsValue({
      name: p.name,
      typeId: p.typeId,
      subCategoryId: p.subCategoryId,
      placeId: p.placeId,
      budgetYuan: fenToYuanText(p.budget),
      model: p.model,
      minParticipants: p.minParticipants,
      guaranteeRequired: p.guaranteeRequired,
      guaranteeYuan: p.guaranteeAmount ? fenToYuanText(p.guaranteeAmount) : undefined,
      signupStart: isoToPicker(p.signupStart),
      bidDeadline: isoToPicker(p.bidDeadline),
      openingAt: isoToPicker(p.openingAt),
      publicityDays: p.publicityDays,
      qualification: p.qualification,
      description: p.description,
      contactName: p.contactName,
      contactTel: p.contactTel,
      documents: p.documents.map((d) => ({ name: d.originalName, url: d.fileName, uid: d.fileName })),
    });
  }, [open, id, existing.data, form]);

  const save = useMutation({
    mutationFn: (v: FormValues) => {
      const data: ProjectInput = {
        name: v.name.trim(),
        typeId: v.typeId,
        subCategoryId: v.subCategoryId ?? null,
        placeId: v.placeId,
        budget: fenValue(v.budgetYuan)!,
        // The choices are the selection_model dictionary's values, 1 to 3.
        model: v.model as ProjectInput['model'],
        minParticipants: numberValue(v.minParticipants)!,
        guaranteeRequired: !!v.guaranteeRequired,
        guaranteeAmount: v.guaranteeRequired ? fenValue(v.guaranteeYuan)! : 0,
        signupStart: pickerToIso(v.signupStart)!,
        bidDeadline: pickerToIso(v.bidDeadline)!,
        openingAt: pickerToIso(v.openingAt)!,
        publicityDays: numberValue(v.publicityDays)!,
        qualification: v.qualification?.trim() ?? '',
        description: v.description?.trim() ?? '',
        contactName: v.contactName.trim(),
        contactTel: v.contactTel.trim(),
        documents: (v.documents ?? []).map((d) => d.url),
      };
      return saveProject(id, data);
    },
    onSuccess: (savedId) => {
      feedback().message.success(t('projects.saved'));
      void client.invalidateQueries({ queryKey: ['projects'] });
      onSaved(savedId);
    },
  });

  const required = (label: string) => ({
    required: true,
    message: t('projects.validation.required', { field: label }),
  });
  /** A field filled by choosing (a select, a date): "choose the …", not "enter the …". */
  const chosen = (label: string) => ({
    required: true,
    message: t('projects.validation.chosen', { field: label }),
  });
  const f = (key: string) => t(`projects.field.${key}`);
  // Pool draws (model 1) do not count participants; models 2 and 3 need the business parameter's minimum.
  const minParticipants = model !== Model.poolDraw && rules ? rules.minParticipants : 1;

  return (
    <Modal
      open={open}
      title={id ? t('projects.editTitle') : t('projects.createTitle')}
      onCancel={onClose}
      width={860}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => void submitForm(form, (v) => save.mutateAsync(v), FIELD_NAMES)}
      destroyOnHidden
      forceRender
    >
      {id && existing.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          initialValues={{
            model: Model.priceCompetition,
            minParticipants: 3,
            guaranteeRequired: false,
            publicityDays: 3,
          }}
          data-testid="project-form"
        >
          <Row gutter={16}>
            <Col xs={24}>
              <Form.Item
                name="name"
                label={f('name')}
                rules={[required(f('name')), { min: 4, max: 200, message: t('projects.validation.name') }]}
              >
                <Input maxLength={200} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="typeId" label={f('type')} rules={[chosen(f('type'))]}>
                <Select
                  options={options.types.map((x) => ({ value: x.id, label: x.label }))}
                  onChange={() => form.setFieldValue('subCategoryId', null)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="model" label={f('model')} rules={[chosen(f('model'))]}>
                <Select options={models.options} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <ProjectRulesPanel
                chosen={!!typeId && !!model}
                model={model}
                rules={rules}
                loading={rulesQuery.isFetching && !rules}
                failed={rulesQuery.isError}
                budgetFen={budgetFen}
              />
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="subCategoryId" label={f('subCategory')}>
                <Select
                  allowClear
                  disabled={!typeId}
                  options={options.subCategories
                    .filter((s) => s.typeId === typeId)
                    .map((s) => ({ value: s.id, label: s.label }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="placeId" label={f('place')} rules={[chosen(f('place'))]}>
                <LabelTreeSelect options={options.places} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="budgetYuan"
                label={f('budgetYuan')}
                rules={[
                  moneyRule({
                    required: true,
                    requiredMessage: t('projects.validation.required', { field: f('budgetYuan') }),
                    message: t('projects.validation.budget'),
                    check: (fen) =>
                      rules?.valueLimitFen != null && fen > rules.valueLimitFen
                        ? t('projects.rules.aboveValueLimit', { limit: formatYuan(rules.valueLimitFen) })
                        : null,
                  }),
                ]}
              >
                <NumberInput prefix="¥" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="minParticipants"
                label={f('minParticipants')}
                rules={[
                  numberRule(t, {
                    min: minParticipants,
                    max: 50,
                    required: true,
                    requiredMessage: t('projects.validation.required', { field: f('minParticipants') }),
                    message: t('projects.validation.minParticipants', { min: minParticipants, max: 50 }),
                  }),
                ]}
              >
                <NumberInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="guaranteeRequired" label={f('guaranteeRequired')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              {guaranteeRequired ? (
                <Form.Item
                  name="guaranteeYuan"
                  label={f('guaranteeYuan')}
                  dependencies={['budgetYuan']}
                  rules={[
                    ({ getFieldValue }) =>
                      moneyRule({
                        required: true,
                        requiredMessage: t('projects.validation.required', { field: f('guaranteeYuan') }),
                        message: t('projects.validation.guarantee'),
                        check: (fen) => {
                          const budget = fenValue(getFieldValue('budgetYuan'));
                          if (!rules || budget === undefined) return null;
                          const most = guaranteeMaxFen(budget, rules);
                          return fen > most
                            ? t('projects.rules.guaranteeAbove', {
                                percent: rules.guaranteeMaxPercent,
                                most: formatYuan(most),
                              })
                            : null;
                        },
                      }),
                  ]}
                >
                  <NumberInput prefix="¥" />
                </Form.Item>
              ) : null}
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="signupStart" label={f('signupStart')} rules={[chosen(f('signupStart'))]}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="bidDeadline"
                label={f('bidDeadline')}
                dependencies={['signupStart']}
                rules={[
                  chosen(f('bidDeadline')),
                  ({ getFieldValue }) => ({
                    validator: (_, value?: Dayjs) => {
                      const start = getFieldValue('signupStart') as Dayjs | undefined;
                      if (!value || !start) return Promise.resolve();
                      if (!value.isAfter(start))
                        return Promise.reject(new Error(t('projects.validation.deadlineAfterStart')));
                      if (rules?.signupDays && value.diff(start) < rules.signupDays * DAY_MS)
                        return Promise.reject(
                          new Error(t('projects.rules.signupTooShort', { count: rules.signupDays })),
                        );
                      return Promise.resolve();
                    },
                  }),
                ]}
              >
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="openingAt"
                label={f('openingAt')}
                dependencies={['bidDeadline']}
                rules={[
                  chosen(f('openingAt')),
                  ({ getFieldValue }) => ({
                    validator: (_, value?: Dayjs) => {
                      const deadline = getFieldValue('bidDeadline') as Dayjs | undefined;
                      return !value || !deadline || !value.isBefore(deadline)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('projects.validation.openingAfterDeadline')));
                    },
                  }),
                ]}
              >
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="publicityDays"
                label={f('publicityDays')}
                rules={[
                  numberRule(t, {
                    min: 1,
                    max: 30,
                    required: true,
                    requiredMessage: t('projects.validation.required', { field: f('publicityDays') }),
                    message: t('projects.validation.publicityDays'),
                  }),
                ]}
              >
                <NumberInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="contactName" label={f('contactName')} rules={[required(f('contactName')), { max: 50 }]}>
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="contactTel"
                label={f('contactTel')}
                rules={[
                  required(f('contactTel')),
                  { pattern: /^[0-9+\-() ]{6,30}$/, message: t('projects.validation.tel') },
                ]}
              >
                <Input maxLength={30} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="qualification" label={f('qualification')}>
                <Input.TextArea rows={3} maxLength={5000} showCount />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="description" label={f('description')}>
                <Input.TextArea rows={4} maxLength={20000} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="documents" label={f('documents')}>
                <FileUpload />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </Modal>
  );
}
