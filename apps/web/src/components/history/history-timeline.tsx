import type { Currency, HistoryEntry } from '@grain/shared';
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatExchangeRate, formatMoney, formatTonnes } from '../../lib/format';
import { type HistoryChange, type HistoryFormats, historyAuthor, historyChanges } from './history';

/** How one entry of a history reads: its title, its fields and the currency of each amount. */
export interface HistoryEntryView {
  title: string;
  formats: HistoryFormats;
  /** The i18n prefix of the field labels, e.g. `contracts.history.fields`. */
  fields: string;
  currencyOf: (field: string) => Currency;
}

function useValueText() {
  const { t } = useTranslation();
  return (change: HistoryChange, value: unknown, currencyOf: (field: string) => Currency): string => {
    if (value === null || value === undefined || value === '') return '—';
    const { format } = change;
    if (format.startsWith('enum:')) return t(`${format.slice('enum:'.length)}.${value}`, String(value));
    switch (format) {
      case 'tonnes':
        return formatTonnes(Number(value));
      case 'money':
        return formatMoney(Number(value), currencyOf(change.field));
      case 'pln':
        return formatMoney(Number(value), 'PLN');
      case 'rate':
        return formatExchangeRate(Number(value));
      case 'date':
        return formatDate(String(value));
      case 'flag':
        return value ? t('common.yes') : t('common.no');
      default:
        return String(value);
    }
  };
}

interface HistoryTimelineProps {
  history: HistoryEntry[];
  viewOf: (entry: HistoryEntry) => HistoryEntryView;
  testId: string;
}

/**
 * Who changed what and when (RULES.md "Everything that changes data"): the history a contract dashboard or a
 * transport's details answer, newest first, each changed field as "Label: from → to".
 */
export function HistoryTimeline({ history, viewOf, testId }: HistoryTimelineProps) {
  const { t, i18n } = useTranslation();
  const valueText = useValueText();

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Title order={4} mb="md">
        {t('history.title')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid={testId}>
          {history.map((entry) => {
            const view = viewOf(entry);
            const fieldLabel = (field: string) =>
              i18n.exists(`${view.fields}.${field}`) ? t(`${view.fields}.${field}`) : field;
            const lineOf = (change: HistoryChange) => {
              const label = fieldLabel(change.field);
              if (change.kind === 'fromTo') {
                const from = valueText(change, change.from, view.currencyOf);
                return `${label}: ${from} → ${valueText(change, change.to, view.currencyOf)}`;
              }
              return change.kind === 'value' ? `${label}: ${valueText(change, change.value, view.currencyOf)}` : label;
            };
            return (
              <Timeline.Item
                key={entry.id}
                title={
                  <Text size="sm" fw={600}>
                    {view.title}
                  </Text>
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(entry.createdAt)} · {historyAuthor(entry) ?? t('history.system')}
                </Text>
                <Stack gap={0} mt={4}>
                  {historyChanges(entry, view.formats).map((change) => (
                    <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {lineOf(change)}
                    </Text>
                  ))}
                </Stack>
              </Timeline.Item>
            );
          })}
        </Timeline>
      )}
    </Paper>
  );
}
