import { Collapse, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsCardView } from './data-table';

export interface TotalItem {
  label: string;
  value: string;
  note?: string;
  testId: string;
}

function Total({ label, value, note, testId }: TotalItem) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
        {note && (
          <Text span size="sm" c="dimmed" fw={400} ml={6}>
            ({note})
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/**
 * Sums over every filtered row of a list, not only the page (allocations, contract lists). `items` null: more rows
 * match than the server sums (FILTERED_COUNT_CAP); the bar asks to narrow the search.
 */
export function TotalsBar({ label, items }: { label: string; items: TotalItem[] | null }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" mb="md" radius="md" component="section" aria-label={label}>
      {items === null ? (
        <Text size="sm" c="dimmed" data-testid="totals-capped">
          {t('list.totalsCapped')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, xs: items.length }} spacing="sm" verticalSpacing="xs">
          {items.map((item) => (
            <Total key={item.testId} {...item} />
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}

/**
 * Phone: filters, chips and totals wait behind the one filter button, so the first card shows without
 * scrolling; on wider screens they are always shown.
 */
export function PhoneCollapse({ isOpen, children }: { isOpen: boolean; children: ReactNode }) {
  const isCardView = useIsCardView();
  if (!isCardView) return <>{children}</>;
  return (
    <Collapse expanded={isOpen} w="100%">
      {children}
    </Collapse>
  );
}
