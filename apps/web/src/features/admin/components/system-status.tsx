import { useTranslation } from 'react-i18next';
import { formatDuration, formatNumber } from '@/lib/format';
import { useSystemStatus } from '../api/get-system-status';

/** The admin footer's figures: how long the server has been up and who is signed in now (a dash until known). */
export function SystemStatus() {
  const { t } = useTranslation();
  const status = useSystemStatus().data;
  return (
    <>
      <span>{t('admin.footer.uptime', { value: status ? formatDuration(status.uptime_seconds) : '—' })}</span>
      <span title={status ? t('admin.footer.onlineWindow', { minutes: status.online_window_minutes }) : undefined}>
        {t('admin.footer.usersOnline', { value: status ? formatNumber(status.users_online) : '—' })}
      </span>
    </>
  );
}
