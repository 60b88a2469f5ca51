import { Grid, Group, Paper, Progress, RingProgress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatTonnes } from '../../../lib/format';
import { type ContractDashboard, dashboardExtrasOf, figuresOf } from '../contract-view';
import { toleranceFromResponse } from '../form-values';
import type { ContractSide } from '../side';
import { LabelledValue } from './labelled-value';

/** A share of the quantity in percent, for the indicators only (the figures themselves come from the server). */
const shareOf = (part: number, whole: number) => (whole > 0 ? Math.max(0, Math.min(100, (part / whole) * 100)) : 0);

/** Realization figures, the allowed / to-allocate indicator and the tolerance range (spec/1 Contract dashboards). */
export function RealizationFigures({ side, contract }: { side: ContractSide; contract: ContractDashboard }) {
  const { t } = useTranslation();
  const figures = figuresOf(contract);
  const extras = dashboardExtrasOf(contract);
  const allocatedShare = shareOf(figures.allocated, figures.cargoQuantity);
  const realizedShare = shareOf(figures.realized, figures.cargoQuantity);
  const range = contract.toleranceRange;

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" h="100%">
          <Title order={4} mb="md">
            {t('contracts.dashboard.realization')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md" data-testid="realization-figures">
            <LabelledValue label={t('contracts.fields.cargoQuantity')} isFigure>
              {formatTonnes(figures.cargoQuantity)}
            </LabelledValue>
            <LabelledValue label={t('contracts.figures.allocated')} isFigure>
              {formatTonnes(figures.allocated)}
            </LabelledValue>
            <LabelledValue
              label={t('contracts.figures.inDelivery', { count: figures.inDeliveryTransportCount })}
              isFigure
            >
              {formatTonnes(figures.inDelivery)}
            </LabelledValue>
            <LabelledValue label={t('contracts.figures.delivered')} isFigure>
              {formatTonnes(figures.delivered)}
            </LabelledValue>
            <LabelledValue label={t('contracts.figures.realized')} isFigure>
              {formatTonnes(figures.realized)}
            </LabelledValue>
            <LabelledValue label={t(`${side.i18n}.toRealize`)} isFigure>
              {formatTonnes(figures.toRealize)}
            </LabelledValue>
            {extras.speculative && (
              <>
                <LabelledValue label={t('contracts.figures.allocatedSpeculative')} isFigure>
                  {formatTonnes(extras.speculative.allocated)}
                </LabelledValue>
                <LabelledValue label={t('contracts.figures.inDeliverySpeculative')} isFigure>
                  {formatTonnes(extras.speculative.inDelivery)}
                </LabelledValue>
              </>
            )}
            {extras.overDelivered > 0 && (
              <LabelledValue label={t('contracts.figures.overDelivered')} isFigure>
                <Text c="orange.8" fw={700} span data-testid="over-delivered">
                  {formatTonnes(extras.overDelivered)}
                </Text>
              </LabelledValue>
            )}
          </SimpleGrid>
          <Stack gap={4} mt="md">
            <Text size="xs" c="dimmed">
              {t('contracts.figures.realizedShare', { percent: formatNumber(Math.round(realizedShare)) })}
            </Text>
            <Progress
              value={realizedShare}
              aria-label={t('contracts.figures.realizedShare', { percent: formatNumber(Math.round(realizedShare)) })}
            />
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" h="100%">
          <Title order={4} mb="md">
            {t(`${side.i18n}.notAllocated`)}
          </Title>
          <Group gap="md" wrap="nowrap" align="center">
            <RingProgress
              size={110}
              thickness={12}
              roundCaps
              sections={[{ value: allocatedShare, color: 'blue' }]}
              role="img"
              aria-label={t('indicators.allocatedShare', { percent: formatNumber(Math.round(allocatedShare)) })}
              label={
                <Text ta="center" fw={700} size="xs" lh={1.2}>
                  {formatNumber(Math.round(allocatedShare))}%
                  <br />
                  {t('indicators.allocatedShort')}
                </Text>
              }
            />
            <Stack gap={4} data-testid="allocation-indicator">
              <Text size="xs" c="dimmed">
                {t(`${side.i18n}.notAllocated`)}
              </Text>
              <Text fw={700} size="xl" style={{ whiteSpace: 'nowrap' }}>
                {formatTonnes(figures.notAllocated)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('contracts.figures.allocated')}: {formatTonnes(figures.allocated)}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('contracts.fields.cargoQuantity')}: {formatTonnes(figures.cargoQuantity)}
              </Text>
            </Stack>
          </Group>
          {range && contract.toleranceUnit && contract.toleranceQuantity !== null && (
            <Stack gap={2} mt="md" data-testid="tolerance-info">
              <Text size="sm" fw={600}>
                {t('contracts.dashboard.tolerance', {
                  type: t(`contracts.toleranceTypes.${contract.toleranceType ?? 'BUYER'}`),
                  quantity: formatNumber(toleranceFromResponse(contract.toleranceQuantity, contract.toleranceUnit)),
                  unit: t(`contracts.toleranceUnits.${contract.toleranceUnit}`),
                })}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('contracts.dashboard.toleranceRange', {
                  min: formatTonnes(range.min),
                  max: formatTonnes(range.max),
                })}
              </Text>
            </Stack>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
