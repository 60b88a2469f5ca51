import { Chip, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface StatusChipsProps<S extends string> {
  statuses: readonly S[];
  value: S[];
  onChange: (value: S[]) => void;
  labelOf: (status: S) => string;
}

/** spec/1 List filters: status chips are multi-select and "all" clears them. */
export function StatusChips<S extends string>({ statuses, value, onChange, labelOf }: StatusChipsProps<S>) {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="wrap" role="group" aria-label="status">
      <Chip size="xs" checked={value.length === 0} onChange={() => onChange([])} variant="light">
        {t('filters.allStatuses')}
      </Chip>
      <Chip.Group multiple value={value} onChange={(next) => onChange(next as S[])}>
        {statuses.map((status) => (
          <Chip key={status} value={status} size="xs" variant="light">
            {labelOf(status)}
          </Chip>
        ))}
      </Chip.Group>
    </Group>
  );
}
