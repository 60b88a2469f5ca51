import type { TransactionRow } from '@grain/shared';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../api/client';
import { DateInput } from '../../../components/form/date-input';
import { submitChange } from '../../../components/form/submit-change';
import { useZodForm } from '../../../components/form/use-zod-form';
import { messageCodeText } from '../../../i18n';
import { formatDate } from '../../../lib/format';
import { EXCHANGE_RATES_PATH } from '../../exchange-rates';
import { invoicePath, useCreateInvoice } from '../../invoices';
import {
  type IssueInvoiceFormValues,
  issueInvoiceBlocker,
  issueInvoiceDefaults,
  issueInvoiceFormSchema,
  neededExchangeRate,
  toCreateInvoiceRequest,
} from '../issue-invoice-form';
import { RowSummary } from './row-summary';

interface IssueInvoiceFormProps {
  rows: TransactionRow[];
  onDone: (isIssued: boolean) => void;
  /** The issued invoice's screen opens (from the statement); a truck's details stay to settle its rows. */
  isOpenedAfterIssue?: boolean;
}

/**
 * Issues one sales invoice (FA(3), numbered from the company's series) from the selected sales rows and opens it
 * (RULES.md Invoices, VAT and KSeF). A refusal shows its catalogue text under the date it concerns, or in a toast
 * (rows, company settings, the buyer's NIP).
 */
export function IssueInvoiceForm({ rows, onDone, isOpenedAfterIssue = true }: IssueInvoiceFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateInvoice();
  const form = useZodForm<IssueInvoiceFormValues>({
    schema: issueInvoiceFormSchema,
    initialValues: issueInvoiceDefaults(),
  });
  const blocker = issueInvoiceBlocker(rows);
  const [missingRate, setMissingRate] = useState<ReturnType<typeof neededExchangeRate>>(null);

  const submit = form.handleSubmit(async (values) => {
    await submitChange(form, {
      send: () => create.mutateAsync(toCreateInvoiceRequest(rows, values)),
      saved: (invoice) => t('statement.issue.issued', { number: invoice.number }),
      onRefused: (error) =>
        setMissingRate(
          error instanceof ApiError && error.messageCode === 'EXCHANGE_RATE_MISSING'
            ? neededExchangeRate(rows, values)
            : null,
        ),
      done: (invoice) => {
        onDone(true);
        if (isOpenedAfterIssue) void navigate(invoicePath(invoice.id));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm">{t('statement.issue.hint')}</Text>
        {blocker && (
          <Alert color="red" role="alert" data-testid="issue-invoice-blocker">
            {messageCodeText(blocker)}
          </Alert>
        )}
        {missingRate && (
          <Alert color="red" role="alert" data-testid="issue-invoice-missing-rate">
            {t('statement.issue.missingRate', { currency: missingRate.currency, date: formatDate(missingRate.date) })}{' '}
            <Anchor component={Link} to={EXCHANGE_RATES_PATH} fz="sm">
              {t('statement.issue.openExchangeRates')}
            </Anchor>
          </Alert>
        )}
        {rows.map((row) => (
          <RowSummary key={row.id} row={row} />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateInput
            label={t('statement.issue.issueDate')}
            withAsterisk
            {...form.getInputProps('issueDate')}
            value={form.values.issueDate}
          />
          <DateInput
            label={t('statement.issue.saleDate')}
            description={t('statement.issue.saleDateHint')}
            {...form.getInputProps('saleDate')}
            value={form.values.saleDate}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(false)}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending} disabled={blocker !== null}>
            {t('statement.issue.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
