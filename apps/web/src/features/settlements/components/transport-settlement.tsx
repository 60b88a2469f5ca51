import type { TransactionRow } from '@grain/shared';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconReceipt2 } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettlementStatusBadge } from '../../../components/status-badges';
import { formatDate, formatMoney, formatTonnes } from '../../../lib/format';
import { useTransportStatementRows } from '../api';
import { truckRowsFor, truckSteps } from '../truck-settlement';
import { ActionModal, type OpenAction } from './action-modal';
import { BulkDialog, type BulkDialogStep } from './bulk-dialog';
import { RowActionsMenu } from './row-actions-menu';
import { TruckLabResults, TruckRowQuality } from './truck-quality';

const KIND_COLORS = { PURCHASE: 'teal', SALES: 'indigo', TRANSPORT: 'orange' } as const;

/**
 * A delivered truck's statement rows in its details, settled and invoiced in place with the statement's own
 * dialogs (RULES.md Settlements): "Rozlicz" asks for the missing invoices then settles every open row; "Wystaw
 * fakturę" issues the sales invoice, then goes on to the rest.
 */
export function TransportSettlement({ transportId }: { transportId: number }) {
  const { t } = useTranslation();
  const query = useTransportStatementRows(transportId);
  const [step, setStep] = useState<BulkDialogStep | null>(null);
  const [open, setOpen] = useState<OpenAction | null>(null);
  const rows = query.data ?? [];
  const steps = truckSteps(rows);
  const shownStep = resolveStep(step, rows);

  return (
    <Stack gap="xs" data-testid="transport-settlement">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Title order={3} fz="md">
          {t('statement.truck.title')}
        </Title>
        <Group gap="xs">
          {steps.canIssue && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconReceipt2 size={14} />}
              onClick={() => setStep({ kind: 'issue' })}
            >
              {t('statement.truck.issue')}
            </Button>
          )}
          {steps.canSettle && (
            <Button
              size="xs"
              color="green.8"
              leftSection={<IconChecks size={14} />}
              onClick={() => setStep(steps.settleStep)}
            >
              {t('statement.truck.settle')}
            </Button>
          )}
        </Group>
      </Group>
      {query.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {query.isError && <Alert color="red">{t('statement.truck.loadFailed')}</Alert>}
      {query.isSuccess && rows.length === 0 && (
        <Text fz="sm" c="dimmed">
          {t('statement.truck.none')}
        </Text>
      )}
      <TruckLabResults rows={rows} />
      {rows.map((row) => (
        <TruckRow key={row.id} row={row} onAction={(action) => setOpen({ action, row })} />
      ))}
      {steps.isAllSettled && (
        <Text fz="sm" c="green.9" role="status">
          {t('statement.truck.allSettled')}
        </Text>
      )}
      <BulkDialog
        step={shownStep}
        rows={shownStep ? truckRowsFor(shownStep.kind, rows) : []}
        onStep={setStep}
        afterIssue={() => ({ kind: 'invoice', thenSettle: true })}
      />
      <ActionModal open={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </Stack>
  );
}

/** Once the sales invoice is issued, invoices are asked only while a row lacks one; with none open, all is done. */
function resolveStep(step: BulkDialogStep | null, rows: TransactionRow[]): BulkDialogStep | null {
  if (!step) return null;
  if (truckRowsFor(step.kind, rows).length > 0) return step;
  if (step.kind === 'invoice' && step.thenSettle) return resolveStep({ kind: 'settle' }, rows);
  return null;
}

function TruckRow({ row, onAction }: { row: TransactionRow; onAction: OpenActionHandler }) {
  const { t } = useTranslation();
  const quantity = row.finalQuantity ?? row.realQuantity ?? row.plannedQuantity;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid={`truck-row-${row.id}`}>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6} wrap="wrap">
            <Text fz="sm" fw={700}>
              #{row.id}
            </Text>
            <Badge size="xs" variant="light" color={KIND_COLORS[row.type]}>
              {t(`statement.kinds.${row.type}`)}
            </Badge>
            <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {row.contractorCode}
            </Text>
            <SettlementStatusBadge status={row.status} />
          </Group>
          <Text fz="xs">
            {formatTonnes(quantity)} · {t('statement.truck.net', { value: formatMoney(row.netValue, row.currency) })}
          </Text>
          <TruckRowQuality row={row} />
          <Text fz="xs" c={row.invoiceNumber ? undefined : 'dimmed'}>
            {row.invoiceNumber
              ? t('statement.truck.invoice', { number: row.invoiceNumber, date: formatDate(row.invoiceDate) })
              : t('statement.truck.noInvoice')}
          </Text>
        </Stack>
        <RowActionsMenu row={row} onAction={onAction} />
      </Group>
    </Paper>
  );
}

type OpenActionHandler = Parameters<typeof RowActionsMenu>[0]['onAction'];
