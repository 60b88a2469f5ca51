import type { ToAssignRow } from '@grain/shared';
import { Button } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { openCreateTransport } from '../../transports/components/create-transport';
import { pairOfToAssignRow } from '../../transports/transport-pair';
import { allocationKeys } from '../api';

/** spec/1 Allocations page: "add transport" opens the create-transport modal for the pair, then its summary. */
export function AddTransportButton({ row }: { row: ToAssignRow }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconTruck size={14} />}
      style={{ whiteSpace: 'nowrap' }}
      aria-label={t('allocations.addTransportFor', {
        purchase: row.purchaseAgreementDocumentNumber,
        sale: row.salesAgreementDocumentNumber,
      })}
      onClick={() =>
        openCreateTransport({
          purchaseId: row.purchaseId,
          salesId: row.salesId,
          saleRequiresGmp: row.salesIsGmp,
          pair: pairOfToAssignRow(row),
          onCreated: () => void client.invalidateQueries({ queryKey: allocationKeys.all }),
        })
      }
    >
      {t('allocations.addTransport')}
    </Button>
  );
}
