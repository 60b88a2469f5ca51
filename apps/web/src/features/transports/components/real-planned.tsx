import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useListDensity } from '../../../components/list/data-table';
import { translate as t } from '../../../i18n';

/**
 * A real figure over its dimmed planned one (spec/1 Logistics: each value shows a real figure, where present,
 * next to a planned one). Without a real figure only the planned one shows.
 */
export function RealPlanned({ real, planned }: { real: string | null; planned: string }) {
  const isCompact = useListDensity() === 'compact';
  if (real === null) {
    return (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={t('transports.plannedTitle')}>
        {planned}
      </Text>
    );
  }
  if (isCompact) {
    // A compact row is one line: the real figure, the planned one in its title (as the statement's cells do).
    return (
      <Text
        size="sm"
        fw={600}
        style={{ whiteSpace: 'nowrap' }}
        title={`${t('transports.realTitle')}; ${t('transports.plannedSuffix', { value: planned })}`}
      >
        {real}
      </Text>
    );
  }
  return (
    <Lines>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} title={t('transports.realTitle')}>
        {real}
      </Text>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {t('transports.plannedSuffix', { value: planned })}
      </Text>
    </Lines>
  );
}

/** Lines of a cell: stacked, or side by side on one line in the compact density's rows. */
function Lines({ children }: { children: ReactNode }) {
  const isCompact = useListDensity() === 'compact';
  if (isCompact) {
    return (
      <Group gap={6} wrap="nowrap" align="baseline">
        {children}
      </Group>
    );
  }
  return <Stack gap={0}>{children}</Stack>;
}

/** Two short lines in one cell (an address over a date, a name over a phone). */
export function TwoLines({ top, bottom }: { top: string | null; bottom: string | null }) {
  return (
    <Lines>
      <Text size="sm" lineClamp={1} title={top ?? undefined}>
        {top ?? '—'}
      </Text>
      {bottom && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {bottom}
        </Text>
      )}
    </Lines>
  );
}
