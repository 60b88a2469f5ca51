import { Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLabValue } from '../../../components/quality-lines';
import { formatMoney, formatTonnes } from '../../../lib/format';
import type { ContractDashboard } from '../contract-view';
import { LabelledValue } from './labelled-value';

/**
 * The deliveries of this contract settled by lab results: tonnes and money deducted, premiums, and the
 * average quality delivered per parameter against the basis of the terms. Hidden while there are none.
 */
export function QualitySummaryCard({ contract }: { contract: ContractDashboard }) {
  const { t } = useTranslation();
  const summary = contract.qualitySummary;
  if (summary.deliveries === 0) return null;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" data-testid="quality-summary">
      <Title order={4} mb="md">
        {t('contracts.dashboard.quality.title', { count: summary.deliveries })}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 5 }} spacing="md" verticalSpacing="sm">
        <LabelledValue label={t('contracts.dashboard.quality.unloaded')} isFigure>
          {formatTonnes(summary.grossKg)}
        </LabelledValue>
        <LabelledValue label={t('contracts.dashboard.quality.paid')} isFigure>
          {formatTonnes(summary.paidKg)}
        </LabelledValue>
        <LabelledValue label={t('contracts.dashboard.quality.deductedWeight')} isFigure>
          {formatTonnes(summary.deductedKg)}
        </LabelledValue>
        <LabelledValue label={t('contracts.dashboard.quality.discounts')} isFigure>
          {formatMoney(summary.discounts, contract.currency)}
        </LabelledValue>
        <LabelledValue label={t('contracts.dashboard.quality.premiums')} isFigure>
          {formatMoney(summary.premiums, contract.currency)}
        </LabelledValue>
        {summary.parameters.map((parameter) => (
          <LabelledValue key={parameter.parameter} label={parameter.parameter}>
            <Text span size="sm" fw={600}>
              {formatLabValue(parameter.average, parameter.unit)}
            </Text>{' '}
            <Text span size="xs" c="dimmed">
              {t('contracts.dashboard.quality.basis', { basis: formatLabValue(parameter.basis, parameter.unit) })}
            </Text>
          </LabelledValue>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
