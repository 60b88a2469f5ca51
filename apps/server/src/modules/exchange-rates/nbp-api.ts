import { type ExchangeRateCurrency, formatDate, V } from '@grain/shared';
import { AppError } from '../../lib/errors.js';
import { type NbpRate, parseNbpFile } from './nbp-file.js';

/** How long NBP's API may take: a person waits for the answer, and an office without internet must hear it soon. */
export const NBP_API_TIMEOUT_MS = 5_000;

/**
 * One day's table A mid rate from NBP's public API (`/exchangerates/rates/A/{code}/{date}/?format=json`, the rates
 * form nbp-file.ts reads). NBP answers 404 for a day without a table; anything else that is not an answer is
 * NBP_API_UNREACHABLE, in Polish, so the person enters or imports the rate instead.
 */
export async function fetchNbpRate(
  baseUrl: string,
  currency: ExchangeRateCurrency,
  effectiveDate: string,
  timeoutMs = NBP_API_TIMEOUT_MS,
): Promise<NbpRate> {
  const url = `${baseUrl}/exchangerates/rates/A/${currency}/${effectiveDate}/?format=json`;
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new AppError(
      'NBP_API_UNREACHABLE',
      'Nie udało się połączyć z serwerem NBP. Wprowadź kurs ręcznie albo zaimportuj plik tabeli NBP',
    );
  }
  if (response.status === 404) {
    await response.body?.cancel();
    throw new AppError(
      'NBP_RATE_NOT_PUBLISHED',
      `NBP nie opublikował kursu średniego ${currency} z dnia ${formatDate(effectiveDate)}`,
      [{ field: 'effective_date', code: V.rateNotPublished }],
    );
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new AppError('NBP_API_UNREACHABLE', `Serwer NBP odpowiedział błędem ${response.status}`);
  }
  let body: string;
  try {
    body = await response.text();
  } catch {
    throw new AppError('NBP_API_UNREACHABLE', 'Serwer NBP przerwał odpowiedź');
  }
  let rates: NbpRate[];
  try {
    rates = parseNbpFile(body);
  } catch {
    throw new AppError('NBP_API_UNREACHABLE', 'Serwer NBP odpowiedział czymś, co nie jest tabelą kursów');
  }
  const rate = rates.find((candidate) => candidate.currency === currency && candidate.effectiveDate === effectiveDate);
  if (!rate) throw new AppError('NBP_API_UNREACHABLE', 'Odpowiedź NBP nie zawiera kursu z tego dnia');
  return rate;
}
