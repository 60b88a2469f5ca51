import { Box, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/list/data-table';
import { RowCards } from '../../../components/list/row-cards';
import { TransportStatusBadge } from '../../../components/status-badges';
import { formatMoney, formatTonnes } from '../../../lib/format';
import { SAMPLE_ROWS, type SampleRow, type SampleSortKey, samplePage, useSampleListState } from '../sample-list';
import { Section } from './section';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Columns as a list declares them: sort keys, alignment, a sticky action, and each one's place on a phone card. */
function sampleColumns(t: Translate): Column<SampleRow, SampleSortKey>[] {
  return [
    {
      key: 'number',
      title: t('sandbox.table.number'),
      sortKey: 'number',
      isAlwaysShown: true,
      card: 'title',
      render: (row) => row.number,
    },
    {
      key: 'counterparty',
      title: t('sandbox.table.counterparty'),
      sortKey: 'counterparty',
      card: 'subtitle',
      render: (row) => row.counterparty,
    },
    {
      key: 'quantity',
      title: t('sandbox.table.quantity'),
      sortKey: 'quantity',
      align: 'right',
      card: 'field',
      render: (row) => formatTonnes(row.quantityKg),
    },
    {
      key: 'value',
      title: t('sandbox.table.value'),
      align: 'right',
      card: 'field',
      render: (row) => formatMoney(row.valueMinor, 'PLN'),
    },
    {
      key: 'status',
      title: t('sandbox.table.status'),
      card: 'badge',
      render: (row) => <TransportStatusBadge status={row.status} />,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      sticky: true,
      isAlwaysShown: true,
      card: 'actions',
      render: (row) => (
        <Button size="compact-sm" variant="light" aria-label={t('sandbox.table.showDetails', { number: row.number })}>
          {t('common.details')}
        </Button>
      ),
    },
  ];
}

function SampleTable({ listId, density }: { listId: string; density: 'compact' | 'comfortable' }) {
  const { t } = useTranslation();
  const list = useSampleListState();
  return (
    <DataTable<SampleRow>
      listId={listId}
      columns={sampleColumns(t)}
      rows={samplePage(SAMPLE_ROWS, list)}
      filtered={SAMPLE_ROWS.length}
      rowKey={(row) => row.id}
      list={list}
      isLoading={false}
      isError={false}
      defaultDensity={density}
      rowHeight={54}
    />
  );
}

/** The shared data table in both densities (sortable, paged, with the column chooser). */
export function TablesSection() {
  const { t } = useTranslation();
  return (
    <Section id="tables" title={t('sandbox.sections.tables')}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Text fw={600}>{t('sandbox.table.dense')}</Text>
          <SampleTable listId="sandbox-dense" density="compact" />
        </Stack>
        <Stack gap="xs">
          <Text fw={600}>{t('sandbox.table.comfortable')}</Text>
          <SampleTable listId="sandbox-comfortable" density="comfortable" />
        </Stack>
      </Stack>
    </Section>
  );
}

/** The cards a list becomes below the `sm` breakpoint, drawn at a phone's width on any screen. */
export function CardsSection() {
  const { t } = useTranslation();
  return (
    <Section id="cards" title={t('sandbox.sections.cards')}>
      <Box maw={390}>
        <RowCards<SampleRow> columns={sampleColumns(t)} rows={SAMPLE_ROWS.slice(0, 3)} rowKey={(row) => row.id} />
      </Box>
    </Section>
  );
}

function StateTable({
  label,
  listId,
  state,
}: {
  label: string;
  listId: string;
  state: 'loading' | 'empty' | 'error' | 'noResults';
}) {
  const { t } = useTranslation();
  const list = useSampleListState(state === 'noResults' ? { search: 'ZK/1999' } : {});
  return (
    <Stack gap="xs">
      <Text fw={600}>{label}</Text>
      <DataTable<SampleRow>
        listId={listId}
        columns={sampleColumns(t).slice(0, 3)}
        rows={state === 'loading' ? undefined : []}
        filtered={0}
        rowKey={(row) => row.id}
        list={list}
        isLoading={state === 'loading'}
        isError={state === 'error'}
      />
    </Stack>
  );
}

/** The list states of spec/2 section 8: loading, empty, error and no search results. */
export function StatesSection() {
  const { t } = useTranslation();
  return (
    <Section id="states" title={t('sandbox.sections.states')}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <StateTable label={t('sandbox.table.loading')} listId="sandbox-states" state="loading" />
        <StateTable label={t('sandbox.table.empty')} listId="sandbox-states" state="empty" />
        <StateTable label={t('sandbox.table.error')} listId="sandbox-states" state="error" />
        <StateTable label={t('sandbox.table.noResults')} listId="sandbox-states" state="noResults" />
      </SimpleGrid>
    </Section>
  );
}
