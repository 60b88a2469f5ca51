import '../i18n';
import type { Position, PositionTimeline, PriceListEntry } from '@grain/shared';
import {
  Alert,
  Card,
  Center,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatTonnes } from '../../../lib/format';
import { DayPrices, usePriceListOfDay } from '../../price-lists';
import { usePositions, usePositionTimeline } from '../api';
import { DateRangeFilter, useDateRangeParams } from '../components/date-range-filter';
import { LongShortValue } from '../components/long-short';
import { PositionChart } from '../components/position-chart';

function PositionCard({
  position,
  timeline,
  prices,
  search,
}: {
  position: Position;
  timeline?: PositionTimeline;
  /** The raw material's entries of today's purchase price list (CONTRIBUTING.md Price lists). */
  prices?: PriceListEntry[];
  search: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card withBorder padding="lg" radius="md" data-testid={`position-card-${position.id}`}>
      <UnstyledButton w="100%" onClick={() => navigate(`/positions/${position.id}${search}`)}>
        {/* The button's name is its visible text plus this (WCAG 2.5.3: the visible label is part of the name). */}
        <VisuallyHidden>{t('positions.openDetails', { name: position.translatePl })}</VisuallyHidden>
        <Text fw={700} size="lg">
          {position.translatePl}
        </Text>
        <Stack gap={4} mt="sm">
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('positions.purchase')}
            </Text>
            <Text fw={600} size="sm" data-testid="position-purchase" style={{ whiteSpace: 'nowrap' }}>
              {formatTonnes(position.purchase)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('positions.sales')}
            </Text>
            <Text fw={600} size="sm" data-testid="position-sales" style={{ whiteSpace: 'nowrap' }}>
              {formatTonnes(position.sales)}
            </Text>
          </Group>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {t('positions.longShort')}
            </Text>
            <LongShortValue
              purchase={position.purchase}
              sales={position.sales}
              size="md"
              data-testid="position-balance"
              style={{ whiteSpace: 'nowrap' }}
            />
          </Group>
        </Stack>
      </UnstyledButton>
      <Card.Section inheritPadding pt="sm" pb="xs" mt="sm" withBorder>
        <PositionChart timeline={timeline} />
      </Card.Section>
      {prices && prices.length > 0 && (
        <Card.Section inheritPadding pt="xs" pb="sm" withBorder>
          <DayPrices list={prices} />
        </Card.Section>
      )}
    </Card>
  );
}

/** spec/1 Positions: one card per raw material, the landing page after sign-in. */
export function Page() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { dateFrom, dateTo } = useDateRangeParams(params);
  const isRangeValid = !dateFrom || !dateTo || dateFrom <= dateTo;
  const isPaidWeight = params.get('paid') === '1';
  const positions = usePositions(dateFrom, dateTo, isRangeValid, isPaidWeight);
  const timeline = usePositionTimeline();
  const dayPrices = usePriceListOfDay(null).data?.list;
  const search = params.toString() ? `?${params.toString()}` : '';

  return (
    <>
      <PageHeader crumbs={[{ label: t('positions.title') }]} title={t('positions.title')} />
      <Stack gap="md">
        <DateRangeFilter
          dateFrom={dateFrom}
          dateTo={dateTo}
          onChange={(range) => {
            const next = new URLSearchParams();
            if (range.dateFrom) next.set('date_from', range.dateFrom);
            if (range.dateTo) next.set('date_to', range.dateTo);
            if (isPaidWeight) next.set('paid', '1');
            setParams(next, { replace: true });
          }}
        />
        <Switch
          label={t('positions.paidWeight')}
          checked={isPaidWeight}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.currentTarget.checked) next.set('paid', '1');
            else next.delete('paid');
            setParams(next, { replace: true });
          }}
        />
        {!isRangeValid && (
          <Alert color="red" role="alert">
            {t('validation.dateToIsBefore')}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('positions.hint')}
        </Text>
        {positions.isPending ? (
          <Center py="xl">
            <Loader />
          </Center>
        ) : positions.isError ? (
          <Alert color="red">{t('list.error')}</Alert>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 4 }} spacing="md">
            {positions.data?.map((position) => (
              <PositionCard
                key={position.id}
                position={position}
                timeline={timeline.data?.find((row) => row.rawMaterialId === position.id)}
                prices={dayPrices?.filter((entry) => entry.rawMaterialId === position.id)}
                search={search}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
}
