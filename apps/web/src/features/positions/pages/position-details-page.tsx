import { positionListLink } from '@grain/shared';
import { Anchor, Center, Loader, Paper, SimpleGrid, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatTonnes } from '../../../lib/format';
import { usePositions } from '../api';
import { useDateRangeParams } from '../components/date-range-filter';
import { LongShortValue } from '../components/long-short';

/** spec/1 Positions details: header and one row per quality; figures link to the pre-filtered contract lists. */
export function Page() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const { dateFrom, dateTo } = useDateRangeParams(params);
  const positions = usePositions(dateFrom, dateTo);
  if (positions.isPending) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const position = positions.data?.find((item) => item.id === id);
  if (!position) return <Navigate to="/positions" replace />;
  const back = `/positions${params.toString() ? `?${params.toString()}` : ''}`;

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('positions.title'), to: back }, { label: position.translatePl }]}
        title={position.translatePl}
      />
      <Paper withBorder p="lg" mb="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <div>
            <Text size="sm" c="dimmed">
              {t('positions.purchase')}
            </Text>
            <Anchor component={Link} to={positionListLink('purchase', position.id)} fw={700} size="xl">
              {formatTonnes(position.purchase)}
            </Anchor>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('positions.sales')}
            </Text>
            <Anchor component={Link} to={positionListLink('sales', position.id)} fw={700} size="xl">
              {formatTonnes(position.sales)}
            </Anchor>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('positions.longShort')}
            </Text>
            <LongShortValue purchase={position.purchase} sales={position.sales} size="xl" />
          </div>
        </SimpleGrid>
      </Paper>
      <Table.ScrollContainer minWidth={520}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('positions.quality')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('positions.purchase')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('positions.sales')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('positions.longShort')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {position.details.map((detail) => (
              <Table.Tr key={detail.id}>
                <Table.Td fw={500}>{detail.title}</Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <Anchor
                    component={Link}
                    to={positionListLink('purchase', position.id, detail.id)}
                    aria-label={`${formatTonnes(detail.purchase)}, ${t('positions.showPurchaseList', { name: detail.title })}`}
                  >
                    {formatTonnes(detail.purchase)}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <Anchor
                    component={Link}
                    to={positionListLink('sales', position.id, detail.id)}
                    aria-label={`${formatTonnes(detail.sales)}, ${t('positions.showSalesList', { name: detail.title })}`}
                  >
                    {formatTonnes(detail.sales)}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  <LongShortValue purchase={detail.purchase} sales={detail.sales} size="sm" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
