import { formatDate, formatMoney, formatTonnes, MAX_STRING, type ReceivedInvoiceDetails } from '@grain/shared';
import { Alert, Badge, Button, Group, Loader, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { messageCodeText } from '../../../i18n';
import {
  downloadReceivedInvoicePdf,
  useAcceptReceivedInvoice,
  useAssignReceivedInvoice,
  useHideReceivedInvoice,
  useReceivedInvoiceDetails,
} from '../api';
import { ReceivedCorrections } from './received-corrections';
import { ReceivedStatusBadge } from './received-invoice-columns';

const refusalOf = (error: unknown) => messageCodeText(error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR');

/** One received invoice: its header, lines, both figures, and its rows (assign by hand, a click per row). */
export function ReceivedInvoicePanel({ id }: { id: number }) {
  const { t } = useTranslation();
  const query = useReceivedInvoiceDetails(id);
  if (!query.data) return <Loader size="sm" aria-label={t('common.loading', 'Ładowanie')} />;
  const invoice = query.data;
  const money = (minor: number | null) => formatMoney(minor, invoice.currency ?? 'PLN');
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600}>{invoice.sellerName ?? '—'}</Text>
          <Text fz="sm" c="dimmed">
            NIP {invoice.sellerNip ?? '—'} · {invoice.contractorCode ?? t('receivedInvoices.unknownSeller')}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('receivedInvoices.ksefNumber')}: {invoice.ksefNumber} · {formatDate(invoice.issueDate)}
          </Text>
        </Stack>
        <Group gap="xs">
          <ReceivedStatusBadge status={invoice.status} />
          {!invoice.parseError && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconFileTypePdf size={16} />}
              onClick={() => void downloadReceivedInvoicePdf(invoice)}
            >
              {t('receivedInvoices.pdf')}
            </Button>
          )}
        </Group>
      </Group>
      {invoice.parseError && (
        <Alert color="red">{t('receivedInvoices.parseError', { error: invoice.parseError })}</Alert>
      )}
      <ReceivedCorrections invoice={invoice} />
      {invoice.note && <Text fz="sm">{t('receivedInvoices.noteShown', { note: invoice.note })}</Text>}
      <Text fz="sm" data-testid="received-figures">
        {t('receivedInvoices.figures', {
          invoiceNet: money(invoice.netTotal),
          invoiceKg: invoice.invoiceQuantityKg === null ? '—' : formatTonnes(invoice.invoiceQuantityKg),
          rowsNet: money(invoice.rowsNetTotal),
          rowsKg: formatTonnes(invoice.rowsQuantityKg),
        })}
      </Text>
      <LinesTable invoice={invoice} />
      <RowsTable invoice={invoice} />
      {invoice.status === 'DIFFERENCE' && <NoteForm invoice={invoice} kind="accept" />}
      {(invoice.status === 'TO_ASSIGN' || invoice.status === 'DIFFERENCE') && invoice.transactionIds.length === 0 && (
        <NoteForm invoice={invoice} kind="hide" />
      )}
    </Stack>
  );
}

function LinesTable({ invoice }: { invoice: ReceivedInvoiceDetails }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {t('receivedInvoices.lines')}
      </Title>
      <Table.ScrollContainer minWidth={480}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('receivedInvoices.lineName')}</Table.Th>
              <Table.Th ta="right">{t('receivedInvoices.quantity')}</Table.Th>
              <Table.Th>{t('receivedInvoices.unit')}</Table.Th>
              <Table.Th ta="right">{t('receivedInvoices.net')}</Table.Th>
              <Table.Th>{t('receivedInvoices.rate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.lineNumber}>
                <Table.Td>{line.name ?? '—'}</Table.Td>
                <Table.Td ta="right">{line.quantity ?? '—'}</Table.Td>
                <Table.Td>{line.unit ?? ''}</Table.Td>
                <Table.Td ta="right">{formatMoney(line.netMinor, invoice.currency ?? 'PLN')}</Table.Td>
                <Table.Td>{line.rate ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function RowsTable({ invoice }: { invoice: ReceivedInvoiceDetails }) {
  const { t } = useTranslation();
  const assign = useAssignReceivedInvoice(invoice.id);
  const canAssign = invoice.status === 'TO_ASSIGN' || invoice.status === 'DIFFERENCE';
  const onAssign = async (rowId: number) => {
    try {
      await assign.mutateAsync({ transactionIds: [rowId] });
      notifications.show({ color: 'green', message: t('receivedInvoices.assigned', { number: invoice.number }) });
    } catch (error) {
      notifications.show({ color: 'red', message: refusalOf(error) });
    }
  };
  return (
    <Stack gap={4}>
      <Title order={3} fz="md">
        {t('receivedInvoices.rows')}
      </Title>
      {canAssign && (
        <Text fz="sm" c="dimmed">
          {t('receivedInvoices.rowsHint')}
        </Text>
      )}
      {invoice.rows.length === 0 ? (
        <Text fz="sm">{t('receivedInvoices.noRows')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('receivedInvoices.type')}</Table.Th>
                <Table.Th>{t('receivedInvoices.truck')}</Table.Th>
                <Table.Th>{t('receivedInvoices.unloading')}</Table.Th>
                <Table.Th ta="right">{t('receivedInvoices.quantity')}</Table.Th>
                <Table.Th ta="right">{t('receivedInvoices.net')}</Table.Th>
                <Table.Th>{t('receivedInvoices.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`received-row-${row.id}`}>
                  <Table.Td>{t(`receivedInvoices.types.${row.type}`, row.type)}</Table.Td>
                  <Table.Td>{row.registrationNumber ?? '—'}</Table.Td>
                  <Table.Td>{formatDate(row.dateUnloading)}</Table.Td>
                  <Table.Td ta="right">{formatTonnes(row.quantityKg)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(row.netValue, row.currency)}</Table.Td>
                  <Table.Td>
                    {row.linked ? (
                      <Badge color="green" variant="light">
                        {t('receivedInvoices.linked')}
                      </Badge>
                    ) : (
                      <Group gap={6} wrap="nowrap">
                        {row.suggested && (
                          <Badge color="blue" variant="light">
                            {t('receivedInvoices.suggested')}
                          </Badge>
                        )}
                        {canAssign && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            aria-label={t('receivedInvoices.assignRow', { id: row.id })}
                            loading={assign.isPending && assign.variables?.transactionIds[0] === row.id}
                            onClick={() => void onAssign(row.id)}
                          >
                            {t('receivedInvoices.assign')}
                          </Button>
                        )}
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** Accepting a difference (a note) or hiding an invoice that is not ours (a reason). */
function NoteForm({ invoice, kind }: { invoice: ReceivedInvoiceDetails; kind: 'accept' | 'hide' }) {
  const { t } = useTranslation();
  const accept = useAcceptReceivedInvoice(invoice.id);
  const hide = useHideReceivedInvoice(invoice.id);
  const write = kind === 'accept' ? accept : hide;
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async () => {
    setRefusal(null);
    try {
      await write.mutateAsync({ note });
      notifications.show({
        color: 'green',
        message: t(`receivedInvoices.${kind === 'accept' ? 'accepted' : 'hidden'}`),
      });
    } catch (error) {
      setRefusal(refusalOf(error));
    }
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t(`receivedInvoices.${kind === 'accept' ? 'acceptTitle' : 'hideTitle'}`)}
      </Title>
      {kind === 'accept' && (
        <Text fz="sm" c="dimmed">
          {t('receivedInvoices.acceptHint')}
        </Text>
      )}
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      <Textarea
        label={t(`receivedInvoices.${kind === 'accept' ? 'note' : 'reason'}`)}
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={MAX_STRING}
      />
      <Group justify="flex-end">
        <Button
          variant={kind === 'accept' ? 'filled' : 'default'}
          loading={write.isPending}
          disabled={!note.trim()}
          onClick={() => void submit()}
        >
          {t(`receivedInvoices.${kind}`)}
        </Button>
      </Group>
    </Stack>
  );
}
