import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '@/shared/lib/permission';
import { ListFrame } from '@/shared/components/list-kit/list-frame';
import { DictionariesPanel } from './dictionaries-panel';
import { ParametersList } from './parameters-list';

/** system/config: system parameters, and the dictionaries every status label comes from. */
export default function SystemConfigPage() {
  const { t } = useTranslation();
  const { hasPermission } = usePermission();
  const parameters = {
    key: 'parameters',
    label: t('params.systemTab'),
    children: (
      <ParametersList
        url="/api/system/config"
        perm="system:config"
        fixedKeys={false}
        exportName="system-parameters.xlsx"
      />
    ),
  };
  const dictionaries = { key: 'dictionaries', label: t('dicts.tab'), children: <DictionariesPanel /> };
  return (
    <ListFrame testId="system-config-page">
      <Tabs
        className="admin-tabs"
        destroyOnHidden
        items={hasPermission(['system:dict:list', 'system:dict:query']) ? [parameters, dictionaries] : [parameters]}
      />
    </ListFrame>
  );
}
