import type { TransactionRow } from '@grain/shared';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { formatTonnes } from '../../../lib/format';
import { useSplit } from '../api';
import { effectiveQuantityKg } from '../row-figures';
import { type SplitFormValues, splitFormSchema, splitQuantities } from '../row-forms';
import { RowSummary } from './row-summary';

function Part({ label, kg, testId }: { label: string; kg: number | null; testId: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{formatTonnes(kg)}</Text>
    </Paper>
  );
}

/** Split (RULES.md Settlements): a quantity over 0 and under the row's goes to a new transaction. */
export function SplitForm({ row, onDone }: { row: TransactionRow; onDone: () => void }) {
  const { t } = useTranslation();
  const split = useSplit();
  const schema = useMemo(() => splitFormSchema(row), [row]);
  const form = useZodForm<SplitFormValues>({ schema, initialValues: { quantity: null } });
  const wholeKg = effectiveQuantityKg(row);
  const parts = splitQuantities(row, form.values.quantity);

  const submit = form.handleSubmit(async (values) => {
    const body = schema.parse(values);
    await submitChange(form, {
      confirm: {
        title: t('statement.split.confirmTitle'),
        message: t('statement.split.confirm', { quantity: formatTonnes(body.quantity), id: row.id }),
        confirmLabel: t('statement.split.submit'),
      },
      send: () => split.mutateAsync(body),
      saved: t('statement.split.saved'),
      done: onDone,
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RowSummary row={row} />
        <Text fz="sm">{t('statement.split.current', { quantity: formatTonnes(wholeKg) })}</Text>
        <NumberField
          label={t('statement.split.quantity')}
          description={t('statement.split.quantityHint', { max: formatTonnes(wholeKg) })}
          withAsterisk
          decimals={3}
          min={0}
          data-autofocus
          {...form.getInputProps('quantity')}
          value={form.values.quantity}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Part
            label={t('statement.split.remains', { id: row.id })}
            kg={parts?.remainingKg ?? null}
            testId="split-remains"
          />
          <Part label={t('statement.split.created')} kg={parts?.createdKg ?? null} testId="split-created" />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={split.isPending}>
            {t('statement.split.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
