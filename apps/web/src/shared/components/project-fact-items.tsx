import type { hallProjectDetail } from '@lvb/contracts/project-rows';
import type { WireOf } from '@lvb/contracts/wire';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict, type DictOption } from '@/shared/lib/dict';
import { formatMoney, formatTime, localName } from '@/shared/lib/format';

/**
 * The facts of a project's detail, staff's and the public's alike: which fields, in which order,
 * with their labels and values. The back office lays them out with antd's Descriptions
 * (project-fields.tsx), the public project page as plain HTML (public/components/plain-project-facts.tsx),
 * so this module imports nothing of antd: the public page draws without it.
 */

/** A project as its detail shows it (staff's detail has more; the hall's sign-up state is not shown). */
export type ProjectShown = Omit<WireOf<typeof hallProjectDetail>, 'notices' | 'signup'>;

/** One fact, in the shape of an item of antd's Descriptions. */
export interface ProjectFactItem {
  key: string;
  label: string;
  children: ReactNode;
  /** The whole row of the two-column layout (the reason). */
  span?: 2;
}

/** How a dictionary value is drawn: antd's DictTag in the back office, PlainDictTag on the public page. */
type DictTagComponent = ComponentType<{ options: readonly DictOption[] | undefined; value: string }>;

/** Statuses a project reaches by a step with a reason: rejected, failed, cancelled, a result returned or passed on. */
const REASONED_STATUSES: readonly string[] = ['rejected', 'failed', 'cancelled', 'result_pending'];

/** The facts of a project, its selection model drawn by `DictTag`. */
export function useProjectFactItems(DictTag: DictTagComponent) {
  const { t, i18n } = useTranslation();
  const models = useDict('selection_model');
  return (p: ProjectShown): ProjectFactItem[] => [
    { key: 'owner', label: t('projects.field.owner'), children: p.ownerName },
    { key: 'type', label: t('projects.field.type'), children: localName(i18n.language, p.typeName, p.typeNameZh) },
    { key: 'place', label: t('projects.field.place'), children: localName(i18n.language, p.placeName, p.placeNameZh) },
    { key: 'budget', label: t('projects.field.budget'), children: formatMoney(p.budget) },
    {
      key: 'model',
      label: t('projects.field.model'),
      children: <DictTag options={models.data} value={String(p.model)} />,
    },
    { key: 'min', label: t('projects.field.minParticipants'), children: p.minParticipants },
    {
      key: 'guarantee',
      label: t('projects.field.guarantee'),
      children: p.guaranteeRequired ? formatMoney(p.guaranteeAmount) : t('projects.info.noGuarantee'),
    },
    { key: 'signup', label: t('projects.field.signupStart'), children: formatTime(p.signupStart) },
    { key: 'deadline', label: t('projects.field.bidDeadline'), children: formatTime(p.bidDeadline) },
    { key: 'opening', label: t('projects.field.openingAt'), children: formatTime(p.openingAt) },
    { key: 'published', label: t('projects.field.publishedAt'), children: formatTime(p.publishedAt) },
    { key: 'contact', label: t('projects.field.contact'), children: `${p.contactName} ${p.contactTel}` },
    // The reason of the step that left the project where it is (a later step without one keeps it).
    ...(p.statusReason && REASONED_STATUSES.includes(p.status)
      ? [{ key: 'reason', label: t('projects.field.statusReason'), children: p.statusReason, span: 2 as const }]
      : []),
  ];
}
