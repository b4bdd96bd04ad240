import { Card, Divider, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LiveView } from '../api/live-view';
import { formatClock } from './live-clock';
import { RoleTag } from './live-parts';

/**
 * Who is on the page now: the staff by name with their role and since when, the bidders counted
 * (named once the bids are opened or the draw is made).
 */
export function PresenceCard({ present }: { present: LiveView['present'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('live.present.title')} data-testid="live-present">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('live.present.hint')}
      </Typography.Paragraph>
      <Typography.Text strong>{t('live.present.staff')}</Typography.Text>
      {present.staff.length ? (
        <ul className="live-page__list" data-testid="live-staff">
          {present.staff.map((person) => (
            <li key={`${person.role}:${person.name}`}>
              <span className="live-page__name">{person.name}</span>
              <RoleTag role={person.role} />
              <Typography.Text type="secondary">
                {t('live.present.since', { time: formatClock(person.since) })}
              </Typography.Text>
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Paragraph type="secondary">{t('live.present.noStaff')}</Typography.Paragraph>
      )}
      <Divider style={{ margin: '8px 0' }} />
      <div data-testid="live-bidders">
        <Typography.Text strong>{t('live.present.bidders', { count: present.bidders })}</Typography.Text>
        {present.bidderNames ? (
          present.bidderNames.length ? (
            <ul className="live-page__list">
              {present.bidderNames.map((name) => (
                <li key={name}>
                  <span className="live-page__name">{name}</span>
                </li>
              ))}
            </ul>
          ) : null
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            {t('live.present.namesHidden')}
          </Typography.Paragraph>
        )}
      </div>
    </Card>
  );
}

/** The supervisors who confirmed presence at the opening, and whether each is on the page now. */
export function WitnessCard({ witnesses }: { witnesses: LiveView['witnesses'] }) {
  const { t } = useTranslation();
  return (
    <Card size="small" title={t('live.witnesses.title')} data-testid="live-witnesses">
      {witnesses.length ? (
        <ul className="live-page__list">
          {witnesses.map((w) => (
            <li key={w.name}>
              <span className="live-page__name">{w.name}</span>
              {w.present ? (
                <Tag color="success">{t('live.witnesses.present')}</Tag>
              ) : (
                <Tag>{t('live.witnesses.absent')}</Tag>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('live.witnesses.none')} />
      )}
    </Card>
  );
}
