import '../i18n';
import { positionListLink } from '@grain/shared';
import { Anchor, Card, Center, Loader, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useIsCardView } from '../../../components/list/data-table';
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
  const positions = usePositions(dateFrom, dateTo, true, params.get('paid') === '1');
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
      <QualityRows position={position} />
    </>
  );
}

type PositionDetail = NonNullable<ReturnType<typeof usePositions>['data']>[number];

function FigureLink({
  kind,
  position,
  detail,
}: {
  kind: 'purchase' | 'sales';
  position: PositionDetail;
  detail: PositionDetail['details'][number];
}) {
  const { t } = useTranslation();
  const value = kind === 'purchase' ? detail.purchase : detail.sales;
  const label = t(kind === 'purchase' ? 'positions.showPurchaseList' : 'positions.showSalesList', {
    name: detail.title,
  });
  return (
    <Anchor
      component={Link}
      to={positionListLink(kind, position.id, detail.id)}
      aria-label={`${formatTonnes(value)}, ${label}`}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatTonnes(value)}
    </Anchor>
  );
}

/** One row per quality; below `sm` one card per quality (no sideways scrolling on a phone). */
function QualityRows({ position }: { position: PositionDetail }) {
  const { t } = useTranslation();
  const isCardView = useIsCardView();
  if (isCardView) {
    return (
      <Stack gap="sm" component="ul" p={0} m={0} aria-label={t('positions.quality')}>
        {position.details.map((detail) => (
          <Card key={detail.id} component="li" withBorder padding="sm" data-testid="row-card">
            <Text fw={600} mb={4}>
              {detail.title}
            </Text>
            <SimpleGrid cols={3} spacing="xs">
              <div>
                <Text size="xs" c="dimmed">
                  {t('positions.purchase')}
                </Text>
                <FigureLink kind="purchase" position={position} detail={detail} />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('positions.sales')}
                </Text>
                <FigureLink kind="sales" position={position} detail={detail} />
              </div>
              <div>
                <Text size="xs" c="dimmed">
                  {t('positions.longShort')}
                </Text>
                <LongShortValue purchase={detail.purchase} sales={detail.sales} size="sm" />
              </div>
            </SimpleGrid>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
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
              <Table.Td style={{ textAlign: 'right' }}>
                <FigureLink kind="purchase" position={position} detail={detail} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>
                <FigureLink kind="sales" position={position} detail={detail} />
              </Table.Td>
              <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <LongShortValue purchase={detail.purchase} sales={detail.sales} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
