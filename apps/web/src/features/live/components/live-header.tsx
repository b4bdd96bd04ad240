import { Model } from '@lvb/contracts/projects';
import { Card, Descriptions, Space, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { DictTag } from '@/shared/components/dict-tag';
import { useDict } from '@/shared/lib/dict';
import { formatTime } from '@/shared/lib/format';
import { parseInstant } from '@/shared/lib/instant';
import type { LiveAnswer } from '../api/live-view';
import { countdown, formatClock, platformNow, useSecondTick } from './live-clock';
import { RoleTag } from './live-parts';

/**
 * The project, its status, the opening or draw time and the countdown to it, run on the server's
 * clock (its `now` plus the time since the answer came), never on the browser's wall clock.
 */
export function LiveHeader({ answer }: { answer: LiveAnswer }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const statuses = useDict('project_status');
  const browserNow = useSecondTick();
  const view = answer.view;
  const kind = view.model === Model.poolDraw ? 'draw' : 'opening';
  const left = countdown(parseInstant(view.openingAt).getTime() - platformNow(answer, browserNow));
  const time = left ? (left.days ? `${t('live.days', { count: left.days })} ${left.clock}` : left.clock) : null;
  return (
    <Card className="page-card" size="small">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        <div className="live-page__head">
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="live-title">
            <span className="live-page__code">{view.code}</span> {view.name}
          </Typography.Title>
          <Typography.Text type="secondary" data-testid="live-updated">
            {t('live.updated', { time: formatClock(view.now) })}
          </Typography.Text>
        </div>
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, md: 3 }}
          items={[
            {
              key: 'status',
              label: t('live.status'),
              children: <DictTag options={statuses.data} value={view.status} />,
            },
            { key: 'time', label: t(`live.time.${kind}`), children: formatTime(view.openingAt) },
            { key: 'viewer', label: t('live.viewer'), children: <RoleTag role={view.viewer} /> },
          ]}
        />
        {/* A timer is not announced each second (its role is not live); the events are, below. */}
        <div
          role="timer"
          className="live-page__countdown"
          data-testid="live-countdown"
          style={{ color: left ? token.colorText : token.colorSuccessText, background: token.colorFillQuaternary }}
        >
          {time ? t(`live.countdown.${kind}`, { time }) : t(`live.arrived.${kind}`)}
        </div>
      </Space>
    </Card>
  );
}
