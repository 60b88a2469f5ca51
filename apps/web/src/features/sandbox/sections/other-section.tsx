import type { QualityLine } from '@grain/shared';
import { ActionIcon, Button, Group, Menu, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../../components/hover-tooltip';
import { LazyMenu } from '../../../components/lazy-menu';
import { ExportButton } from '../../../components/list/export-button';
import { TotalsBar } from '../../../components/list/totals-bar';
import { QualityLines } from '../../../components/quality-lines';
import { formatTonnes } from '../../../lib/format';
import { Section } from './section';

/** Quality lines (RULES.md Transports): a weight line, a price discount and a line past its rejection limit. */
const SAMPLE_QUALITY_LINES: QualityLine[] = [
  {
    parameter: 'Wilgotność',
    unit: '%',
    rule: 'MOISTURE_SHRINK',
    direction: 'MAX',
    basis: 1450,
    labValue: 1620,
    weightKg: 496,
    pricePerTonne: 0,
    amount: 0,
    isBeyondLimit: false,
  },
  {
    parameter: 'Białko',
    unit: '%',
    rule: 'PRICE',
    direction: 'MIN',
    basis: 1200,
    labValue: 1150,
    weightKg: 0,
    pricePerTonne: -1500,
    amount: -36_825,
    isBeyondLimit: false,
  },
  {
    parameter: 'Liczba opadania',
    unit: 's',
    rule: 'LIMIT_ONLY',
    direction: 'MIN',
    basis: 25_000,
    labValue: 19_000,
    weightKg: 0,
    pricePerTonne: 0,
    amount: 0,
    isBeyondLimit: true,
  },
];

/** The smaller shared pieces: totals bar, hover tooltip, a row's lazy menu, quality lines, the export button. */
export function OtherSection() {
  const { t } = useTranslation();
  return (
    <Section id="other" title={t('sandbox.sections.other')}>
      <Stack gap="md">
        <TotalsBar
          label={t('sandbox.other.totals')}
          items={[
            { label: t('sandbox.other.toPickUp'), value: formatTonnes(375_000), testId: 'sandbox-total-to-pick-up' },
            {
              label: t('sandbox.other.inDelivery'),
              value: formatTonnes(50_000),
              note: t('sandbox.other.transports', { count: 2 }),
              testId: 'sandbox-total-in-delivery',
            },
            { label: t('sandbox.other.delivered'), value: formatTonnes(75_500), testId: 'sandbox-total-delivered' },
          ]}
        />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Group gap="sm">
            <HoverTooltip label={t('sandbox.other.tooltipText')}>
              <Button variant="default">{t('sandbox.other.tooltip')}</Button>
            </HoverTooltip>
            <LazyMenu
              position="bottom-end"
              withinPortal
              target={
                <ActionIcon variant="light" aria-label={t('sandbox.other.menu')}>
                  <IconDots size={16} />
                </ActionIcon>
              }
            >
              <Menu.Dropdown>
                <Menu.Item>{t('sandbox.other.menuEdit')}</Menu.Item>
                <Menu.Item color="red">{t('sandbox.other.menuDelete')}</Menu.Item>
              </Menu.Dropdown>
            </LazyMenu>
          </Group>
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('sandbox.other.quality')}
            </Text>
            <QualityLines settlement={{ lines: SAMPLE_QUALITY_LINES, isToDecide: true }} currency="PLN" />
          </Stack>
          <Stack gap={4} align="flex-start">
            <Text size="sm" fw={600}>
              {t('sandbox.other.export')}
            </Text>
            <ExportButton exportFile={() => Promise.reject(new Error('sandbox: no server behind this button'))} />
          </Stack>
        </SimpleGrid>
      </Stack>
    </Section>
  );
}
