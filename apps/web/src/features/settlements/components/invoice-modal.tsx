import type { TransactionRow } from '@grain/shared';
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { showServerErrors } from '../../../components/form/server-errors';
import { useZodForm } from '../../../components/form/use-zod-form';
import { useSetInvoice } from '../api';
import { type InvoiceFormValues, invoiceDefaults, invoiceFormSchema } from '../row-forms';
import { RowSummary } from './row-summary';

/** Set invoice (RULES.md Settlements): number, invoice date and payment date, only while TO_SETTLEMENT. */
export function InvoiceForm({ row, onDone }: { row: TransactionRow; onDone: (saved?: TransactionRow) => void }) {
  const { t } = useTranslation();
  const setInvoice = useSetInvoice(row.type);
  const form = useZodForm<InvoiceFormValues>({ schema: invoiceFormSchema, initialValues: invoiceDefaults(row) });

  const submit = form.handleSubmit(async (values) => {
    const body = invoiceFormSchema.parse(values);
    try {
      const saved = await setInvoice.mutateAsync(body);
      notifications.show({ color: 'green', message: t('statement.invoice.saved'), withCloseButton: true });
      onDone(saved);
    } catch (error) {
      showServerErrors(form, error);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <RowSummary row={row} />
        {row.invoiceNumber && (
          <Alert color="blue" variant="light">
            {t('statement.invoice.overwrite', { number: row.invoiceNumber })}
          </Alert>
        )}
        <TextInput
          label={t('statement.invoice.number')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('invoiceNumber')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={t('statement.invoice.date')}
            withAsterisk
            {...form.getInputProps('invoiceDate')}
            value={form.values.invoiceDate}
          />
          <DateInput
            label={t('statement.invoice.paymentDate')}
            min={form.values.invoiceDate ?? undefined}
            {...form.getInputProps('paymentDate')}
            value={form.values.paymentDate}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={setInvoice.isPending}>
            {t('statement.invoice.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
