import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A yes/no filter: "any" is unset; the value is kept as the text "true" / "false" (filter-values.ts flagOf). */
export function YesNoSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | string[] | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={label}
      data={[
        { value: '', label: t('filters.any') },
        { value: 'true', label: t('filters.yes') },
        { value: 'false', label: t('filters.no') },
      ]}
      value={typeof value === 'string' ? value : ''}
      onChange={(next) => onChange(next ?? '')}
      allowDeselect={false}
    />
  );
}
