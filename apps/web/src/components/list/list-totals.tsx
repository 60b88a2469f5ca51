import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useIsCardView } from './data-table';

export interface ListTotal {
  label: string;
  value: string;
  testId: string;
}

/**
 * The totals row under a table (a summary line above the cards on a phone): sums over every filtered row, from
 * the list answer's totalData. `items` null: more rows match than the server sums (FILTERED_COUNT_CAP); undefined:
 * nothing fetched yet.
 */
export function ListTotals({ items }: { items: ListTotal[] | null | undefined }) {
  const { t } = useTranslation();
  const isCardView = useIsCardView();
  if (items === undefined) return null;
  return (
    <Group
      component="section"
      aria-label={t('list.totals')}
      data-testid="list-totals"
      gap={isCardView ? 'xs' : 'lg'}
      px="xs"
      py={6}
      mt={isCardView ? 0 : 4}
      mb={isCardView ? 'sm' : 0}
      style={{ borderTop: '2px solid var(--mantine-color-default-border)', rowGap: 2 }}
    >
      <Text size="sm" fw={700}>
        {t('list.totals')}
      </Text>
      {items === null ? (
        <Text size="sm" c="dimmed">
          {t('list.totalsCapped')}
        </Text>
      ) : (
        items.map((item) => (
          <Text key={item.testId} size="sm" span>
            <Text span c="dimmed">
              {item.label}:{' '}
            </Text>
            <Text span fw={600} data-testid={item.testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {item.value}
            </Text>
          </Text>
        ))
      )}
    </Group>
  );
}
