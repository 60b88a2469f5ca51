import { formatAddressLine } from '@grain/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AgreementStatusBadge } from '../../../components/status-badges';
import { formatDate, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { type ContractDashboard, counterpartyOf } from '../contract-view';
import type { ContractSide } from '../side';
import { LabelledValue } from './labelled-value';

/** The contract summary of the realization tab. */
export function ContractSummary({ side, contract }: { side: ContractSide; contract: ContractDashboard }) {
  const { t } = useTranslation();
  const counterparty = counterpartyOf(contract);
  const flags = (['isFor', 'isCert', 'isGmp'] as const).filter((flag) => contract[flag]);
  const minPrice = 'minPrice' in contract ? contract.minPrice : null;
  const notes = 'confirmationNotesForSales' in contract ? contract.confirmationNotesForSales : [];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Title order={4} mb="md">
        {t('contracts.dashboard.summary')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" verticalSpacing="sm">
        <LabelledValue label={t(`${side.i18n}.counterparty`)}>
          <Stack gap={0} align="flex-start">
            <ContractorCode id={counterparty.id} code={counterparty.code} />
            {counterparty.name && <Text size="xs">{counterparty.name}</Text>}
          </Stack>
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.quality')}>
          {contract.rawMaterialName} · {contract.rawMaterialQualityTitle}
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.price')}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatPricePerTonne(contract.price, contract.currency)}</span>
          {side.hasMinPrice && minPrice !== null && (
            <Text size="xs" c="dimmed">
              {t('contracts.fields.minPriceShort')}: {formatPricePerTonne(minPrice, contract.currency)}
            </Text>
          )}
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.receipt')}>
          {formatDate(contract.dateOfReceiptFrom)} – {formatDate(contract.dateOfReceiptTo)}
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.freightAndAddress')}>
          {contract.freight} · {formatAddressLine(contract.address) || '—'}
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.agreementStatus')}>
          <AgreementStatusBadge status={contract.agreementStatus} />
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.owner')}>{contract.ownerName}</LabelledValue>
        <LabelledValue label={t('contracts.dashboard.conditions')}>
          {flags.length ? (
            <Group gap={4}>
              {flags.map((flag) => (
                <Badge key={flag} variant="light" size="sm">
                  {t(`contracts.fields.${flag}`)}
                </Badge>
              ))}
            </Group>
          ) : null}
        </LabelledValue>
        <LabelledValue label={t('contracts.fields.cargoQuantity')}>
          <span style={{ whiteSpace: 'nowrap' }}>{formatTonnes(contract.cargoQuantity)}</span>
        </LabelledValue>
        {contract.hasOption && (
          <LabelledValue label={t('contracts.form.additionalOptions')}>
            {contract.additionalCargoOption
              .map(
                (option) =>
                  `${option.rawMaterialQualityTitle}: ${formatPricePerTonne(option.price, contract.currency)}`,
              )
              .join(', ')}
          </LabelledValue>
        )}
        {contract.comments && <LabelledValue label={t('contracts.fields.comments')}>{contract.comments}</LabelledValue>}
        {contract.overDeliveryNotes.length > 0 && (
          <LabelledValue label={t('contracts.dashboard.overDeliveryNotes')}>
            {contract.overDeliveryNotes.join(' · ')}
          </LabelledValue>
        )}
        {notes.length > 0 && (
          <LabelledValue label={t('contracts.dashboard.confirmationNotes')}>{notes.join(' · ')}</LabelledValue>
        )}
      </SimpleGrid>
    </Paper>
  );
}
