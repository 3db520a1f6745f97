import { ADMIN_RESPONSE_WINDOW_MINUTES } from '@conduit/contracts';
import { Clock, Gauge } from 'lucide-react';
import { StatCard } from '../../components/ui/stat-card.tsx';
import { formatMs, formatUptime } from './admin-format.ts';

/** This process's uptime and mean response time: on the Overview and the Health tab alike. */
export function SystemCards({ uptime, responseTime }: { uptime: number; responseTime: number }) {
  return (
    <>
      <StatCard
        headingLevel={3}
        label="Uptime"
        value={formatUptime(uptime)}
        note="Since this server process started"
        Icon={Clock}
      />
      <StatCard
        headingLevel={3}
        label="Response time"
        value={formatMs(responseTime)}
        note={`Mean over the last ${ADMIN_RESPONSE_WINDOW_MINUTES} minutes`}
        Icon={Gauge}
      />
    </>
  );
}
