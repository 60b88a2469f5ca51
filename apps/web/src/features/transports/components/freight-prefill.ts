import { fromMinorUnits, TRANSPORT_DEFAULT_CURRENCY, TRANSPORT_DEFAULT_PRICE_PER_TON } from '@grain/shared';
import type { UseFormReturnType } from '@mantine/form';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useLastFreight } from '../api';
import type { TransportFormContext, TransportFormValues } from '../transport-form';

export interface FreightPrefill {
  /** "ostatnia stawka z <date>" while the price field still holds the prefilled price. */
  hint: string | null;
  /** The user typed a price or picked a currency: nothing is prefilled over it any more. */
  onFreightTyped: () => void;
}

/**
 * The new transport's freight: once a carrier is chosen, its price on its latest transport of the pair's route
 * (GET /transport/last-freight) in place of spec/1's default 0. A price or currency the user typed is never
 * replaced; a prefilled price goes back to the default when the next carrier has not driven the route.
 */
export function useFreightPrefill(
  form: UseFormReturnType<TransportFormValues>,
  context: TransportFormContext,
  isCreate: boolean,
): FreightPrefill {
  const { t } = useTranslation();
  const carrierId = form.values.carrierId;
  const query = isCreate && carrierId ? { carrierId, purchaseId: context.purchaseId, salesId: context.salesId } : null;
  const answer = useLastFreight(query);
  const last = query && answer.isSuccess ? answer.data.last : undefined;
  const typed = useRef(false);
  const [prefilled, setPrefilled] = useState<{ price: number; date: string } | null>(null);
  const { setValues } = form;

  useEffect(() => {
    if (typed.current || last === undefined) return;
    if (last === null) {
      setPrefilled((shown) => {
        if (shown)
          setValues({
            pricePerTon: fromMinorUnits(TRANSPORT_DEFAULT_PRICE_PER_TON),
            currency: TRANSPORT_DEFAULT_CURRENCY,
          });
        return null;
      });
      return;
    }
    const price = fromMinorUnits(last.pricePerTon);
    setValues({ pricePerTon: price, currency: last.currency });
    setPrefilled({ price, date: last.dateLoading });
  }, [last, setValues]);

  const isShown = query !== null && prefilled !== null && form.values.pricePerTon === prefilled.price;
  return {
    hint: isShown ? t('transports.form.lastFreight', { date: formatDate(prefilled.date) }) : null,
    onFreightTyped: () => {
      typed.current = true;
    },
  };
}
