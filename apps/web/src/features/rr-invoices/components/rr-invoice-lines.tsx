import { formatPolishAccount, type RrInvoice } from '@grain/shared';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';

const zl = (minor: number) => formatMoney(minor, 'PLN');

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/** The invoice's lines as issued: a table on a wide screen, a card per line on a phone. */
export function RrInvoiceLines({ invoice }: { invoice: RrInvoice }) {
  const { t } = useTranslation();
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {t('rrInvoices.details.lines')}
      </Title>
      {isPhone ? (
        <Stack gap="sm" role="list" aria-label={t('rrInvoices.details.lines')}>
          {invoice.lines.map((line) => (
            <Paper key={line.position} withBorder p="sm" role="listitem">
              <Text fw={600}>
                {line.position}. {line.name} ({line.quality})
              </Text>
              <SimpleGrid cols={2} spacing={4} mt={4}>
                <Field label={t('rrInvoices.details.purchaseDate')}>{formatDate(line.purchaseDate)}</Field>
                <Field label={t('rrInvoices.details.quantity')}>{formatTonnes(line.quantity)}</Field>
                <Field label={t('rrInvoices.details.unitPrice')}>{formatPricePerTonne(line.unitPrice)}</Field>
                <Field label={t('rrInvoices.value')}>{zl(line.value)}</Field>
                <Field label={t('rrInvoices.refund')}>{zl(line.refund)}</Field>
              </SimpleGrid>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped data-testid="rr-invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('rrInvoices.details.position')}</Table.Th>
                <Table.Th>{t('rrInvoices.details.commodity')}</Table.Th>
                <Table.Th>{t('rrInvoices.details.quality')}</Table.Th>
                <Table.Th>{t('rrInvoices.details.purchaseDate')}</Table.Th>
                <Table.Th ta="right">{t('rrInvoices.details.quantity')}</Table.Th>
                <Table.Th ta="right">{t('rrInvoices.details.unitPrice')}</Table.Th>
                <Table.Th ta="right">{t('rrInvoices.value')}</Table.Th>
                <Table.Th ta="right">{t('rrInvoices.refund')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.lines.map((line) => (
                <Table.Tr key={line.position}>
                  <Table.Td>{line.position}</Table.Td>
                  <Table.Td>{line.name}</Table.Td>
                  <Table.Td>{line.quality}</Table.Td>
                  <Table.Td>{formatDate(line.purchaseDate)}</Table.Td>
                  <Table.Td ta="right">{formatTonnes(line.quantity)}</Table.Td>
                  <Table.Td ta="right">{formatPricePerTonne(line.unitPrice)}</Table.Td>
                  <Table.Td ta="right">{zl(line.value)}</Table.Td>
                  <Table.Td ta="right">{zl(line.refund)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

/** The payments to the farmer, oldest first, with how each was made. */
export function RrPaymentsPanel({ invoice }: { invoice: RrInvoice }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {t('rrInvoices.details.payments')}
      </Title>
      {invoice.payments.length === 0 ? (
        <Text c="dimmed">{t('rrInvoices.details.noPayments')}</Text>
      ) : (
        <Stack gap="sm" role="list" aria-label={t('rrInvoices.details.payments')} data-testid="rr-payments">
          {invoice.payments.map((payment) => (
            <Paper key={payment.id} withBorder p="sm" role="listitem">
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
                <Field label={t('rrInvoices.paidAt')}>{formatDate(payment.paidAt)}</Field>
                <Field label={t('rrInvoices.details.amount')}>{zl(payment.amount)}</Field>
                <Field label={t('rrInvoices.method')}>{t(`rrInvoices.methods.${payment.method}`)}</Field>
                <Field label={t('rrInvoices.account')}>
                  {payment.account ? formatPolishAccount(payment.account) : '—'}
                </Field>
              </SimpleGrid>
              {payment.title && <Field label={t('rrInvoices.transferTitle')}>{payment.title}</Field>}
            </Paper>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
