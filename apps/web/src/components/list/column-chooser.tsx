import { ActionIcon, Button, Checkbox, Group, Popover, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconColumns } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type ChoosableColumn,
  type ColumnPrefs,
  type Density,
  isColumnVisible,
  orderedColumns,
  withColumnMoved,
  withColumnVisible,
} from './column-prefs';

export interface LabelledColumn extends ChoosableColumn {
  label: string;
}

interface ColumnChooserProps {
  columns: LabelledColumn[];
  prefs: ColumnPrefs;
  density: Density;
  onChange: (prefs: ColumnPrefs) => void;
  /** On the search line (list-toolbar.tsx): no line of its own above the table. */
  isInToolbar?: boolean;
}

/** Show, hide and reorder the columns of a list, and choose the row density. */
export function ColumnChooser({ columns, prefs, density, onChange, isInToolbar }: ColumnChooserProps) {
  const { t } = useTranslation();
  const ordered = orderedColumns(columns, prefs);
  return (
    <Group gap="xs" justify="flex-end" mb={isInToolbar ? 0 : 6} wrap="nowrap" data-testid="table-view-controls">
      <SegmentedControl
        size="xs"
        aria-label={t('tableView.density')}
        value={density}
        onChange={(value) => onChange({ ...prefs, density: value as Density })}
        data={[
          { value: 'compact', label: t('tableView.compact') },
          { value: 'comfortable', label: t('tableView.comfortable') },
        ]}
      />
      <Popover position="bottom-end" shadow="md" width={300} trapFocus withinPortal>
        <Popover.Target>
          <Button size="xs" variant="default" leftSection={<IconColumns size={14} aria-hidden />}>
            {t('tableView.columns')}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <Text size="sm" fw={600} mb="xs">
            {t('tableView.columnsTitle')}
          </Text>
          <Stack gap={4} mah={360} style={{ overflowY: 'auto' }}>
            {ordered.map((column, index) => (
              <Group key={column.key} gap={4} wrap="nowrap" justify="space-between">
                <Checkbox
                  size="xs"
                  label={column.label}
                  checked={isColumnVisible(column, prefs)}
                  disabled={column.isAlwaysShown}
                  onChange={(event) =>
                    onChange(withColumnVisible(columns, prefs, column.key, event.currentTarget.checked))
                  }
                />
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    disabled={index === 0}
                    aria-label={t('tableView.moveUp', { column: column.label })}
                    onClick={() => onChange(withColumnMoved(columns, prefs, column.key, -1))}
                  >
                    <IconArrowUp size={14} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color="gray"
                    disabled={index === ordered.length - 1}
                    aria-label={t('tableView.moveDown', { column: column.label })}
                    onClick={() => onChange(withColumnMoved(columns, prefs, column.key, 1))}
                  >
                    <IconArrowDown size={14} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            ))}
          </Stack>
          <Button size="xs" variant="subtle" mt="xs" onClick={() => onChange({ density: prefs.density })}>
            {t('tableView.resetColumns')}
          </Button>
        </Popover.Dropdown>
      </Popover>
    </Group>
  );
}
