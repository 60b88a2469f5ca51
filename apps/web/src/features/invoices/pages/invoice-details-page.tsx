import '../i18n';
import type { InvoiceDetails } from '@grain/shared';
import { Center, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatExchangeRate, formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { useInvoice } from '../api';
import { InvoiceActions } from '../components/invoice-actions';
import { InvoiceCorrectionsPanel } from '../components/invoice-corrections-panel';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { KsefPanel } from '../components/ksef-panel';

/**
 * One sales invoice as issued: its actions (KSeF, UPO, PDF, XML), its way to KSeF, its header, a line per statement
 * row and the totals per VAT rate.
 */
export function Page() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useInvoice(id);
  if (query.isPending && Number.isInteger(id) && id > 0) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!query.data) {
    return (
      <PageHeader
        crumbs={[{ label: t('invoices.title'), to: '/invoices' }, { label: t('invoices.notFound') }]}
        title={t('invoices.notFound')}
      />
    );
  }
  return <InvoiceScreen invoice={query.data} />;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
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

function InvoiceScreen({ invoice }: { invoice: InvoiceDetails }) {
  const { t } = useTranslation();
  // A phone shows the lines as cards: seven columns do not fit its width (spec/1 section 2: mobile layouts).
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const saleDate =
    invoice.saleDate !== null
      ? formatDate(invoice.saleDate)
      : `${formatDate(invoice.saleDateFrom)} – ${formatDate(invoice.saleDateTo)}`;

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('invoices.title'), to: '/invoices' }, { label: invoice.number }]}
        title={invoice.number}
        badge={<InvoiceStatusBadge status={invoice.status} />}
        actions={<InvoiceActions invoice={invoice} />}
      />
      <Stack gap="lg">
        <KsefPanel invoice={invoice} />
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="md">
            {t('invoices.header')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
            <Field label={t('invoices.kind')}>{t(`invoices.kinds.${invoice.kind}`)}</Field>
            <Field label={t('invoices.issueDate')}>{formatDate(invoice.issueDate)}</Field>
            <Field label={invoice.saleDate !== null ? t('invoices.saleDate') : t('invoices.salePeriod')}>
              {saleDate}
            </Field>
            <Field label={t('invoices.dueDate')}>{formatDate(invoice.dueDate)}</Field>
            <Field label={t('invoices.buyer')}>{invoice.buyerName}</Field>
            <Field label={t('invoices.nip')}>{invoice.buyerNip}</Field>
            <Field label={t('invoices.currency')}>
              {invoice.currency}
              {invoice.exchangeRate !== null && ` (${formatExchangeRate(invoice.exchangeRate)})`}
            </Field>
            <Field label={t('invoices.bankAccount')}>{invoice.bankAccount}</Field>
            <Field label={t('invoices.net')}>{money(invoice.netTotal)}</Field>
            <Field label={t('invoices.vat')}>{money(invoice.vatTotal)}</Field>
            <Field label={t('invoices.gross')}>{money(invoice.grossTotal)}</Field>
          </SimpleGrid>
        </Paper>
        <InvoiceCorrectionsPanel invoice={invoice} />
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="md">
            {t('invoices.lines')}
          </Title>
          {isPhone ? (
            <Stack gap="sm" data-testid="invoice-lines" role="list" aria-label={t('invoices.lines')}>
              {invoice.lines.map((line) => (
                <Paper key={line.position} withBorder p="sm" role="listitem">
                  <Text fw={600}>
                    {line.position}. {line.name}
                  </Text>
                  <SimpleGrid cols={2} spacing={4} mt={4}>
                    <Field label={t('invoices.cnCode')}>{line.cnCode ?? '—'}</Field>
                    <Field label={t('invoices.quantity')}>{formatTonnes(line.quantity)}</Field>
                    <Field label={t('invoices.unitNetPrice')}>
                      {formatPricePerTonne(line.unitNetPrice, invoice.currency)}
                    </Field>
                    <Field label={t('invoices.vatRate')}>{line.vatRate} %</Field>
                    <Field label={t('invoices.net')}>{money(line.netValue)}</Field>
                  </SimpleGrid>
                </Paper>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table striped data-testid="invoice-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invoices.position')}</Table.Th>
                    <Table.Th>{t('invoices.name')}</Table.Th>
                    <Table.Th>{t('invoices.cnCode')}</Table.Th>
                    <Table.Th ta="right">{t('invoices.quantity')}</Table.Th>
                    <Table.Th ta="right">{t('invoices.unitNetPrice')}</Table.Th>
                    <Table.Th ta="right">{t('invoices.net')}</Table.Th>
                    <Table.Th ta="right">{t('invoices.vatRate')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {invoice.lines.map((line) => (
                    <Table.Tr key={line.position}>
                      <Table.Td>{line.position}</Table.Td>
                      <Table.Td>{line.name}</Table.Td>
                      <Table.Td>{line.cnCode ?? '—'}</Table.Td>
                      <Table.Td ta="right">{formatTonnes(line.quantity)}</Table.Td>
                      <Table.Td ta="right">{formatPricePerTonne(line.unitNetPrice, invoice.currency)}</Table.Td>
                      <Table.Td ta="right">{money(line.netValue)}</Table.Td>
                      <Table.Td ta="right">{line.vatRate} %</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
          <Title order={2} size="h4" mb="md">
            {t('invoices.totalsByRate')}
          </Title>
          <Table.ScrollContainer minWidth={300}>
            <Table data-testid="invoice-totals" fz={isPhone ? 'xs' : undefined} horizontalSpacing={isPhone ? 4 : 'xs'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.vatRate')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.net')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.vat')}</Table.Th>
                  <Table.Th ta="right">{t('invoices.gross')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {invoice.totalsByRate.map((total) => (
                  <Table.Tr key={total.vatRate}>
                    <Table.Td>{total.vatRate} %</Table.Td>
                    <Table.Td ta="right">{money(total.netValue)}</Table.Td>
                    <Table.Td ta="right">{money(total.vatValue)}</Table.Td>
                    <Table.Td ta="right">{money(total.netValue + total.vatValue)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  <Table.Td>{t('invoices.total')}</Table.Td>
                  <Table.Td ta="right">{money(invoice.netTotal)}</Table.Td>
                  <Table.Td ta="right">{money(invoice.vatTotal)}</Table.Td>
                  <Table.Td ta="right">{money(invoice.grossTotal)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      </Stack>
    </>
  );
}
