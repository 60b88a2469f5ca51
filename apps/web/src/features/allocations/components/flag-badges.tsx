import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** GMP and certificate flags of a contract: filled when present, outlined and struck through when not. */
export function FlagBadges({ isGmp, isCert }: { isGmp: boolean; isCert: boolean }) {
  const { t } = useTranslation();
  const flags = [
    { name: t('allocations.gmp'), short: t('allocations.gmp'), isOn: isGmp },
    { name: t('allocations.cert'), short: t('allocations.certShort'), isOn: isCert },
  ];
  return (
    <Group gap={4} wrap="nowrap">
      {flags.map(({ name, short, isOn }) => (
        <Badge
          key={name}
          size="sm"
          color={isOn ? 'teal' : 'gray'}
          variant={isOn ? 'light' : 'outline'}
          td={isOn ? undefined : 'line-through'}
          style={{ flexShrink: 0, minWidth: 'max-content' }}
          aria-label={t(isOn ? 'allocations.flagOn' : 'allocations.flagOff', { name })}
          title={t(isOn ? 'allocations.flagOn' : 'allocations.flagOff', { name })}
        >
          {short}
        </Badge>
      ))}
    </Group>
  );
}
