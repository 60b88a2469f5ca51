import { longShort } from '@grain/shared';
import { Text, type TextProps } from '@mantine/core';
import { formatTonnes } from '../../../lib/format';

/** spec/1 Positions: positive with a plus sign, negative in negative style, zero neutral. */
export function LongShortValue({ purchase, sales, ...props }: { purchase: number; sales: number } & TextProps) {
  const balance = longShort({ purchase, sales });
  const color = balance > 0 ? 'green.8' : balance < 0 ? 'red.9' : 'dimmed';
  return (
    <Text c={color} fw={700} {...props} data-balance={balance > 0 ? 'long' : balance < 0 ? 'short' : 'flat'}>
      {balance > 0 ? '+' : ''}
      {formatTonnes(balance)}
    </Text>
  );
}
