import type { ToAssignRow } from '@grain/shared';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openCreateTransport, pairOfToAssignRow } from '../../transports';
import { allocationKeys } from '../api';

/**
 * spec/1 Allocations page: "add transport" opens the create-transport modal for the pair, then its summary. In the
 * table it is an icon (the list fits at 1440 px); on a phone card it is a labelled button.
 */
export function AddTransportButton({ row, isIconOnly = false }: { row: ToAssignRow; isIconOnly?: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const label = t('allocations.addTransportFor', {
    purchase: row.purchaseAgreementDocumentNumber,
    sale: row.salesAgreementDocumentNumber,
  });
  const open = () =>
    openCreateTransport({
      purchaseId: row.purchaseId,
      salesId: row.salesId,
      saleRequiresGmp: row.salesIsGmp,
      pair: pairOfToAssignRow(row),
      onCreated: () => void client.invalidateQueries({ queryKey: allocationKeys.all }),
    });
  if (isIconOnly) {
    return (
      <Tooltip label={t('allocations.addTransport')}>
        <ActionIcon variant="light" aria-label={label} onClick={open}>
          <IconTruck size={16} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTruck size={14} />}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={label}
      onClick={open}
    >
      {t('allocations.addTransport')}
    </Button>
  );
}
