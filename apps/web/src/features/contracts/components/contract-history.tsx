import type { ContractHistoryEntry, Currency } from '@grain/shared';
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime, formatMoney, formatTonnes } from '../../../lib/format';
import { type HistoryChange, historyAuthor, historyChanges } from '../history';

function useValueText(currency: Currency) {
  const { t } = useTranslation();
  return (change: HistoryChange, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '—';
    switch (change.format) {
      case 'tonnes':
        return formatTonnes(Number(value));
      case 'money':
        return formatMoney(Number(value), currency);
      case 'date':
        return formatDate(String(value));
      case 'flag':
        return value ? t('common.yes') : t('common.no');
      case 'status':
        return t(`status.contract.${value}`);
      case 'agreement':
        return t(`status.agreement.${value}`);
      default:
        return String(value);
    }
  };
}

/** Who changed what and when (the dashboard answer's history, newest first). */
export function ContractHistory({ history, currency }: { history: ContractHistoryEntry[]; currency: Currency }) {
  const { t, i18n } = useTranslation();
  const valueText = useValueText(currency);
  const fieldLabel = (field: string) =>
    i18n.exists(`contracts.history.fields.${field}`) ? t(`contracts.history.fields.${field}`) : field;
  const actionLabel = (action: string) =>
    i18n.exists(`contracts.history.actions.${action}`) ? t(`contracts.history.actions.${action}`) : action;

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Title order={4} mb="md">
        {t('contracts.history.title')}
      </Title>
      {history.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('contracts.history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="contract-history">
          {history.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={
                <Text size="sm" fw={600}>
                  {actionLabel(entry.action)}
                </Text>
              }
            >
              <Text size="xs" c="dimmed">
                {formatDateTime(entry.createdAt)} · {historyAuthor(entry) ?? t('contracts.history.system')}
              </Text>
              <Stack gap={0} mt={4}>
                {historyChanges(entry).map((change) => (
                  <Text key={change.field} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {fieldLabel(change.field)}
                    {change.format !== 'none' &&
                      `: ${valueText(change, change.from)} → ${valueText(change, change.to)}`}
                  </Text>
                ))}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
