import { Badge, Button, Collapse, Group, Paper, SimpleGrid } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionLock } from '../action-lock';
import { useIsCardView } from './data-table';
import type { FilterValues } from './list-state';

/** Empty strings and empty lists count as unset (spec/1 List filters). */
export function normalizeFilter(filter: FilterValues): FilterValues {
  const out: FilterValues = {};
  for (const [key, value] of Object.entries(filter)) {
    if (Array.isArray(value) ? value.length > 0 : value !== '') out[key] = value;
  }
  return out;
}

export function isSameFilter(a: FilterValues, b: FilterValues): boolean {
  const left = normalizeFilter(a);
  const right = normalizeFilter(b);
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (JSON.stringify(left[key]) !== JSON.stringify(right[key])) return false;
  }
  return true;
}

interface FilterPanelProps {
  isOpen: boolean;
  /** The applied filter (from the URL). */
  value: FilterValues;
  /** The filter "reset" returns to; reset is disabled while the draft equals it. */
  defaults: FilterValues;
  onApply: (filter: FilterValues) => void;
  /** Errors of the draft (range checks); apply is disabled while there are any. */
  validate?: (draft: FilterValues) => string | null;
  children: (draft: FilterValues, setDraft: (change: FilterValues) => void) => ReactNode;
  cols?: { base: number; sm?: number; lg?: number };
}

/**
 * Collapsible filter panel (spec/1 List filters): the fields edit a draft; apply is disabled unless the draft
 * differs from the applied filter; reset is disabled at the defaults.
 */
export function FilterPanel({ isOpen, value, defaults, onApply, validate, children, cols }: FilterPanelProps) {
  const { t } = useTranslation();
  const [draft, setDraftState] = useState<FilterValues>(value);
  // Reset the draft only when the applied filter really changes: the parent may rebuild an equal object on every
  // render (a page of data arriving), which must not wipe what the user is typing.
  const appliedKey = JSON.stringify(normalizeFilter(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for value's content
  useEffect(() => setDraftState(value), [appliedKey]);

  const setDraft = (change: FilterValues) => setDraftState((current) => ({ ...current, ...change }));
  const error = validate?.(draft) ?? null;
  // spec/2 section 9: a filter just applied cannot be applied again for ACTION_LOCK_MS.
  const applyLock = useActionLock();
  const canApply = !error && !isSameFilter(draft, value) && !applyLock.isLocked;
  const canReset = !isSameFilter(draft, defaults) || !isSameFilter(value, defaults);

  return (
    <Collapse expanded={isOpen} w="100%">
      <Paper withBorder p="md" mb="md">
        <SimpleGrid cols={cols ?? { base: 1, sm: 2, lg: 4 }} spacing="sm">
          {children(draft, setDraft)}
        </SimpleGrid>
        <Group justify="flex-end" mt="md" gap="sm">
          {error && <span style={{ color: 'var(--mantine-color-red-6)', fontSize: 14 }}>{error}</span>}
          <Button
            variant="default"
            disabled={!canReset}
            onClick={() => {
              if (!applyLock.tryLock()) return;
              setDraftState(defaults);
              onApply(normalizeFilter(defaults));
            }}
          >
            {t('filters.reset')}
          </Button>
          <Button disabled={!canApply} onClick={() => applyLock.tryLock() && onApply(normalizeFilter(draft))}>
            {t('filters.apply')}
          </Button>
        </Group>
      </Paper>
    </Collapse>
  );
}

/** The button that opens the filter panel; shows how many filters differ from the defaults. */
export function FilterToggle({
  isOpen,
  onToggle,
  activeCount,
}: {
  isOpen: boolean;
  onToggle: () => void;
  activeCount: number;
}) {
  const { t } = useTranslation();
  // Phone: one "Filtry" button opens the filters, chips and totals together (PhoneCollapse).
  const isCardView = useIsCardView();
  return (
    <Button
      variant={isOpen ? 'light' : 'default'}
      leftSection={<IconFilter size={16} />}
      onClick={onToggle}
      aria-expanded={isOpen}
      rightSection={
        activeCount > 0 ? (
          <Badge size="sm" circle>
            {activeCount}
          </Badge>
        ) : undefined
      }
    >
      {isCardView ? t('tableView.filtersButton') : isOpen ? t('filters.hide') : t('filters.show')}
    </Button>
  );
}

/** How many filter keys differ from the defaults. */
export function countActiveFilters(value: FilterValues, defaults: FilterValues): number {
  const left = normalizeFilter(value);
  const right = normalizeFilter(defaults);
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  let count = 0;
  for (const key of keys) if (JSON.stringify(left[key]) !== JSON.stringify(right[key])) count += 1;
  return count;
}
