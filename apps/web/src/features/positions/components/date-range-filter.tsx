import { Button, Group } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';

interface DateRangeFilterProps {
  dateFrom: string | null;
  dateTo: string | null;
  onChange: (range: { dateFrom: string | null; dateTo: string | null }) => void;
}

/**
 * Receipt-date range; date-from cannot exceed date-to. A typed inverted range stays as typed with the message and
 * is not applied until it is put right (typed values are never changed behind the user's back).
 */
export function DateRangeFilter({ dateFrom, dateTo, onChange }: DateRangeFilterProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ dateFrom, dateTo });
  const [applied, setApplied] = useState({ dateFrom, dateTo });
  // An outside change (the address, "clear") replaces only the bound that changed: a bound typed meanwhile, while
  // the other one's change was still reaching the address, stays as typed.
  if (applied.dateFrom !== dateFrom || applied.dateTo !== dateTo) {
    setApplied({ dateFrom, dateTo });
    setDraft((current) => ({
      dateFrom: applied.dateFrom !== dateFrom ? dateFrom : current.dateFrom,
      dateTo: applied.dateTo !== dateTo ? dateTo : current.dateTo,
    }));
  }
  const isInverted = Boolean(draft.dateFrom && draft.dateTo && draft.dateTo < draft.dateFrom);
  const change = (next: { dateFrom: string | null; dateTo: string | null }) => {
    setDraft(next);
    if (!(next.dateFrom && next.dateTo && next.dateTo < next.dateFrom)) onChange(next);
  };
  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <DateInput
        label={t('positions.dateFrom')}
        value={draft.dateFrom}
        max={draft.dateTo ?? undefined}
        onChange={(value) => change({ ...draft, dateFrom: value })}
        w={170}
      />
      <DateInput
        label={t('positions.dateTo')}
        value={draft.dateTo}
        min={draft.dateFrom ?? undefined}
        onChange={(value) => change({ ...draft, dateTo: value })}
        error={isInverted ? t('validation.dateToIsBefore') : undefined}
        w={170}
      />
      <Button
        variant="default"
        mt={25}
        disabled={!draft.dateFrom && !draft.dateTo}
        onClick={() => change({ dateFrom: null, dateTo: null })}
      >
        {t('positions.clearDates')}
      </Button>
    </Group>
  );
}

export function useDateRangeParams(params: URLSearchParams) {
  return { dateFrom: params.get('date_from'), dateTo: params.get('date_to') };
}
