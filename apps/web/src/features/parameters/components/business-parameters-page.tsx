import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { ParametersList } from './parameters-list';

/** base/parameter: the business rules (value limits, days, fees, consultation line); values only. */
export default function BusinessParametersPage() {
  const { t } = useTranslation();
  return (
    <ListFrame testId="business-parameters-page">
      <Alert type="info" showIcon title={t('params.businessHint')} style={{ marginBottom: 12 }} />
      <ParametersList
        url="/api/base/parameters"
        perm="base:parameter"
        fixedKeys
        exportName="business-parameters.xlsx"
      />
    </ListFrame>
  );
}
