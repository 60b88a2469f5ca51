import type { TransactionRow } from '@grain/shared';
import { Alert, Button, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatDate, formatMoney } from '../../../lib/format';
import { useRawMaterialsWithQualities } from '../../cargo';
import { useSettle } from '../api';
import { hasInvoiceData } from '../row-figures';
import { rawMaterialOfRow } from '../row-forms';
import {
  isForeignCurrency,
  type SettleFormValues,
  settleDefaults,
  settleFormSchema,
  settlePreview,
} from '../settle-form';
import { RowSummary } from './row-summary';

interface SettleFormProps {
  row: TransactionRow;
  onDone: () => void;
  /** Opens the invoice modal for the same row (settling needs the invoice first). */
  onSetInvoice: () => void;
}

/** Settle (RULES.md Settlements): final figures defaulting to the real ones, a live preview, then SETTLED. */
export function SettleForm({ row, onDone, onSetInvoice }: SettleFormProps) {
  const { t } = useTranslation();
  const settle = useSettle(row.type);
  const schema = useMemo(() => settleFormSchema(row), [row]);
  const form = useZodForm<SettleFormValues>({ schema, initialValues: settleDefaults(row) });
  const preview = settlePreview(row, form.values);
  const isInvoiceSet = hasInvoiceData(row);
  const currency = row.currency;

  const submit = form.handleSubmit(async (values) => {
    const body = schema.parse(values);
    await submitChange(form, {
      confirm: {
        title: t('statement.settle.confirmTitle'),
        message: t('statement.settle.confirm', { id: row.id, value: formatMoney(preview.finalValue, currency) }),
        confirmLabel: t('statement.settle.submit'),
      },
      send: () => settle.mutateAsync(body),
      saved: t('statement.settle.saved'),
      done: onDone,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RowSummary row={row} />
        {isInvoiceSet ? (
          <Text fz="sm" c="dimmed">
            {t('statement.settle.invoiceInfo', { number: row.invoiceNumber, date: formatDate(row.invoiceDate) })}
          </Text>
        ) : (
          <Alert color="yellow" title={t('statement.settle.invoiceMissingTitle')}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{t('statement.settle.invoiceMissing')}</Text>
              <Button size="xs" variant="light" color="yellow" onClick={onSetInvoice}>
                {t('statement.settle.goToInvoice')}
              </Button>
            </Stack>
          </Alert>
        )}
        <Text fz="xs" c="dimmed">
          {t('statement.settle.defaultsHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberField
            label={t('statement.settle.finalQuantity')}
            withAsterisk
            decimals={3}
            min={0}
            data-autofocus
            {...form.getInputProps('finalQuantity')}
            value={form.values.finalQuantity}
          />
          <NumberField
            label={t('statement.settle.finalPrice', { currency })}
            withAsterisk
            decimals={2}
            min={0}
            {...form.getInputProps('finalPrice')}
            value={form.values.finalPrice}
          />
          <FinalQualityField row={row} {...form.getInputProps('finalQualityId')} value={form.values.finalQualityId} />
          <NumberField
            label={t('statement.settle.deductions', { currency })}
            decimals={2}
            min={0}
            {...form.getInputProps('deductions')}
            value={form.values.deductions}
          />
          <NumberField
            label={t('statement.settle.surcharges', { currency })}
            decimals={2}
            min={0}
            {...form.getInputProps('surcharges')}
            value={form.values.surcharges}
          />
          {isForeignCurrency(row) && (
            <NumberField
              label={t('statement.settle.exchangeRate', { currency })}
              description={t('statement.settle.exchangeRateHint', { currency })}
              withAsterisk
              decimals={4}
              min={0}
              {...form.getInputProps('exchangeRate')}
              value={form.values.exchangeRate}
            />
          )}
        </SimpleGrid>
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-light)" data-testid="settle-preview">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text fz="sm">{t('statement.settle.preview')}</Text>
            <Text fz="lg" fw={700}>
              {formatMoney(preview.finalValue, currency)}
            </Text>
          </Group>
          {isForeignCurrency(row) && (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text fz="sm">{t('statement.settle.previewPln')}</Text>
              <Text fz="sm" fw={600}>
                {formatMoney(preview.plnValue, 'PLN')}
              </Text>
            </Group>
          )}
          <Text fz="xs" c="dimmed">
            {t('statement.settle.previewFormula')}
          </Text>
        </Paper>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={settle.isPending} disabled={!isInvoiceSet || !form.isValid}>
            {t('statement.settle.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface FinalQualityFieldProps {
  row: TransactionRow;
  value: number | null;
  onChange: (value: number | null) => void;
  error?: string;
}

/** A select of the raw material's qualities; a row without a quality (TRANSPORT) keeps it as it is. */
function FinalQualityField({ row, value, onChange, error }: FinalQualityFieldProps) {
  const { t } = useTranslation();
  const rawMaterials = useRawMaterialsWithQualities();
  const material = rawMaterialOfRow(rawMaterials.data, row);
  if (rawMaterials.isPending) {
    return <Select label={t('statement.settle.finalQuality')} data={[]} disabled placeholder={t('common.loading')} />;
  }
  if (!material) {
    const title = row.realQualityTitle ?? row.plannedQualityTitle;
    return (
      <Text fz="sm" c="dimmed" style={{ alignSelf: 'end' }} pb={8}>
        {title ? t('statement.settle.qualityAsIs', { title }) : t('statement.settle.noQuality')}
      </Text>
    );
  }
  return (
    <Select<number>
      label={t('statement.settle.finalQuality')}
      data={material.qualities.map((quality) => ({ value: quality.id, label: quality.title }))}
      value={value}
      onChange={(next) => onChange(next ?? null)}
      error={error}
      allowDeselect={false}
      searchable
      nothingFoundMessage={t('common.noOptions')}
    />
  );
}
