import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeProjectsQuery } from '../api/notice-projects';

/** How long typing must pause before the projects are searched. */
const SEARCH_PAUSE_MS = 300;

/**
 * A project a notice may be written for, searched by name or code (a form control: value and
 * onChange are the project's id).
 */
export function ProjectPicker({
  value,
  onChange,
  id,
  width,
  allowClear,
}: {
  value?: number;
  onChange?: (id: number | undefined) => void;
  id?: string;
  width?: number | string;
  allowClear?: boolean;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const projects = useQuery(noticeProjectsQuery(keyword));
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      allowClear={allowClear}
      style={{ width, maxWidth: '100%' }}
      placeholder={t('results.notice.projectPlaceholder')}
      loading={projects.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      notFoundContent={projects.isFetching ? t('common.loading') : t('results.notice.noProject')}
      options={(projects.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}` }))}
    />
  );
}
