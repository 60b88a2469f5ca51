import type { SalesDashboardResponse } from '@grain/shared';
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { FlagBadges } from './flag-badges';

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} ta="right" data-testid={testId} component="div">
        {children}
      </Text>
    </Group>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={4} fz="md" mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

/** spec/1 Sale allocation screen: the sale summary, its realization figures and the "to allocate" indicator. */
export function SaleSummary({ sale }: { sale: SalesDashboardResponse }) {
  const { t } = useTranslation();
  const allocatedShare = sale.cargoQuantity > 0 ? Math.min(100, (sale.allocated / sale.cargoQuantity) * 100) : 0;
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md" mb="lg">
      <Card title={t('allocations.sale')}>
        <Figure label={t('allocations.documentNumber')}>{sale.documentNumber}</Figure>
        <Figure label={t('allocations.recipient')}>
          <ContractorCode id={sale.recipientId} code={sale.recipientCode} name={sale.recipientName} />
        </Figure>
        <Figure label={t('allocations.quality')}>{sale.rawMaterialQualityTitle}</Figure>
        <Figure label={t('allocations.quantity')}>{formatTonnes(sale.cargoQuantity)}</Figure>
        <Figure label={t('allocations.price')}>{formatPricePerTonne(sale.price, sale.currency)}</Figure>
        <Figure label={t('allocations.receiptDates')}>
          {formatDate(sale.dateOfReceiptFrom)} – {formatDate(sale.dateOfReceiptTo)}
        </Figure>
        <Figure label={t('allocations.requirements')}>
          <FlagBadges isGmp={sale.isGmp} isCert={sale.isCert} />
        </Figure>
      </Card>
      <Card title={t('allocations.realization')}>
        <Figure label={t('allocations.allocated')}>{formatTonnes(sale.allocated)}</Figure>
        <Figure label={t('allocations.inDelivery')}>
          {formatTonnes(sale.inDelivery)}{' '}
          <Text span size="xs" c="dimmed">
            ({t('allocations.transportCount', { count: sale.inDeliveryTransportCount })})
          </Text>
        </Figure>
        <Figure label={t('allocations.delivered')}>{formatTonnes(sale.delivered)}</Figure>
        <Figure label={t('allocations.realized')}>{formatTonnes(sale.realized)}</Figure>
        <Figure label={t('allocations.toDeliver')}>{formatTonnes(sale.toDeliver)}</Figure>
      </Card>
      <Card title={t('allocations.toAllocate')}>
        <Text fz={28} fw={700} c={sale.toAllocate > 0 ? undefined : 'teal'} data-testid="to-allocate">
          {formatTonnes(sale.toAllocate)}
        </Text>
        <Progress
          value={allocatedShare}
          color={sale.toAllocate < 0 ? 'orange' : 'teal'}
          aria-label={t('indicators.allocatedShare', { percent: Math.round(allocatedShare) })}
        />
        <Text size="sm" c="dimmed">
          {t('allocations.allocated')}:{' '}
          {t('allocations.allocatedOf', {
            allocated: formatTonnes(sale.allocated),
            quantity: formatTonnes(sale.cargoQuantity),
          })}
        </Text>
        {sale.isTolerance && (
          <Text size="sm" c="dimmed">
            {t('allocations.toleranceLimit', { value: formatTonnes(sale.toleranceUpperLimit) })}
          </Text>
        )}
        {sale.toAllocate < 0 && (
          <Text size="sm" c="orange">
            {t('allocations.overAllocated')}
          </Text>
        )}
      </Card>
    </SimpleGrid>
  );
}
