import type { Currency, TransportResponse } from '@grain/shared';
import { formatMoney } from '../../lib/format';

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * RULES.md Invoices, VAT and KSeF: a free deduction entered at delivery belongs to one side (purchase, sales or
 * transport) and is in that side's currency: the purchase contract's, the sales contract's, the transport's.
 */
export const DEDUCTION_SIDES = ['purchase', 'sales', 'transport'] as const;
export type DeductionSide = (typeof DEDUCTION_SIDES)[number];

type SideFigures = Pick<
  TransportResponse,
  'purchaseCurrency' | 'salesCurrency' | 'currency' | 'purchaseDeductions' | 'salesDeductions' | 'transportDeductions'
>;

export function currencyOfSide(transport: SideFigures, side: DeductionSide): Currency {
  if (side === 'purchase') return transport.purchaseCurrency;
  return side === 'sales' ? transport.salesCurrency : transport.currency;
}

export function deductionOfSide(transport: SideFigures, side: DeductionSide): number | null {
  if (side === 'purchase') return transport.purchaseDeductions;
  return side === 'sales' ? transport.salesDeductions : transport.transportDeductions;
}

/** Each side's deduction in its own currency, "—" where none was entered. */
export function deductionLines(transport: SideFigures, t: Translate) {
  return DEDUCTION_SIDES.map((side) => {
    const amount = deductionOfSide(transport, side);
    return {
      side,
      label: t(`transports.deductionSide.${side}`),
      value: amount === null ? '—' : formatMoney(amount, currencyOfSide(transport, side)),
    };
  });
}

/** The sides that have a deduction, on one line ("zakup 95,00 zł · sprzedaż 40,00 €"); "—" when none has. */
export function deductionsText(transport: SideFigures, t: Translate): string {
  const entered = deductionLines(transport, t).filter((line) => line.value !== '—');
  return entered.length ? entered.map((line) => `${line.label} ${line.value}`).join(' · ') : '—';
}
