import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';

interface DateRangeFilterProps {
  dateFrom: string | null;
  dateTo: string | null;
  onChange: (range: { dateFrom: string | null; dateTo: string | null }) => void;
}

/** Receipt-date range; date-from cannot exceed date-to (the inputs clamp each other). */
export function DateRangeFilter({ dateFrom, dateTo, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <DateInput
        label={t('positions.dateFrom')}
        value={dateFrom}
        max={dateTo ?? undefined}
        onChange={(value) => onChange({ dateFrom: value, dateTo })}
        w={170}
      />
      <DateInput
        label={t('positions.dateTo')}
        value={dateTo}
        min={dateFrom ?? undefined}
        onChange={(value) => onChange({ dateFrom, dateTo: value })}
        w={170}
      />
      <Button
        variant="default"
        disabled={!dateFrom && !dateTo}
        onClick={() => onChange({ dateFrom: null, dateTo: null })}
      >
        {t('positions.clearDates')}
      </Button>
    </Group>
  );
}

export function useDateRangeParams(params: URLSearchParams) {
  return { dateFrom: params.get('date_from'), dateTo: params.get('date_to') };
}
