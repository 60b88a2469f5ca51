import type { VehicleClash } from '@grain/shared';
import { Alert, List, Text } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';

/**
 * Issue 17, no truck in two places: the other planned transports of this truck or driver at the same time, with
 * their id and route, shown before save; saving then needs the double booking note.
 */
export function VehicleClashWarning({ clashes }: { clashes: VehicleClash[] }) {
  const { t } = useTranslation();
  if (clashes.length === 0) return null;
  return (
    <Alert
      color="orange"
      icon={<IconTruck size={18} />}
      title={t('transports.clash.title')}
      data-testid="vehicle-clash"
    >
      <List size="sm" spacing={4}>
        {clashes.map((clash) => (
          <List.Item key={clash.id}>
            <Text size="sm" span fw={600}>
              {t('transports.clash.transport', { id: clash.id })}
            </Text>{' '}
            {t('transports.clash.route', {
              purchase: clash.purchaseDocumentNumber,
              supplier: clash.supplierCode,
              sale: clash.salesDocumentNumber,
              recipient: clash.recipientCode,
              from: clash.loadingCity ?? '—',
              to: clash.unloadingCity ?? '—',
            })}
            {', '}
            {formatDate(clash.dateLoading)}–{formatDate(clash.dateUnloading)}
            {' · '}
            {clash.fields.map((field) => t(`transports.clash.${field}`)).join(', ')}
          </List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {t('transports.clash.hint')}
      </Text>
    </Alert>
  );
}
