import { Badge, Button } from '@mantine/core';
import { IconGavel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ToDecideToggleProps {
  /** How many unloadings wait for a decision (the list answer's to_decide_count); unknown while loading. */
  count: number | undefined;
  isActive: boolean;
  onToggle: (isActive: boolean) => void;
}

/** The "Do decyzji" filter: only the transports whose unloading waits for a decision, with how many do. */
export function ToDecideToggle({ count, isActive, onToggle }: ToDecideToggleProps) {
  const { t } = useTranslation();
  return (
    <Button
      variant={isActive ? 'filled' : 'light'}
      color="red"
      leftSection={<IconGavel size={16} />}
      rightSection={
        count !== undefined && (
          <Badge
            color={isActive ? 'white' : 'red'}
            c={isActive ? 'red' : undefined}
            variant="filled"
            circle={count < 10}
          >
            {count}
          </Badge>
        )
      }
      aria-pressed={isActive}
      // The name is what it shows ("Do decyzji" and the count: axe label-in-name); the title says what it does.
      title={t('transports.decide.filterLabel', { count: count ?? 0 })}
      data-testid="to-decide-filter"
      onClick={() => onToggle(!isActive)}
    >
      {t('transports.decide.filter')}
    </Button>
  );
}
