import { lineValue, toPln, vatTotalsByRate } from '@grain/shared';
import { makeKsefNumber } from '../ksef-number.js';
import type { RrInvoiceDocument, RrInvoiceLine } from './fa-rr.js';
import type { Fa3RateTotal, Fa3VatRate, SalesInvoiceDocument, SalesInvoiceLine } from './fa3.js';

/**
 * Test fixtures (test-only): the documents behind the golden XML files in `../__fixtures__/`, with the figures
 * computed the way the invoices feature will compute them (line value = kg × price per tonne / 1000, VAT once per
 * rate on the sum, RULES.md). NIPs have valid checksums; the seller's is the one KSeF's own samples use.
 */
export const SELLER_NIP = '5265877635';
export const BUYER_NIP = '7710000007';
export const FARMER_NIP = '9520000005';
export const CARRIER_NIP = '6730000004';

const GENERATED_AT = new Date('2026-11-20T09:15:00Z');
const PERCENT: Record<Fa3VatRate, number> = { '23': 23, '8': 8, '5': 5, '0 KR': 0, '0 WDT': 0, '0 EX': 0 };

const seller = {
  nip: SELLER_NIP,
  name: 'Agro-Handel Zbożowy sp. z o.o.',
  address: { countryCode: 'PL', line1: 'ul. Spichrzowa 12', line2: '62-300 Września' },
  contact: { email: 'faktury@agro-handel.example', phone: '+48 61 436 12 00' },
};
const domesticBuyer = {
  identifier: { type: 'nip', nip: BUYER_NIP },
  name: 'Młyn Zbożowy „Kłos” S.A.',
  address: { countryCode: 'PL', line1: 'ul. Młyńska 3', line2: '87-100 Toruń' },
} as const;
const bankAccount = {
  number: 'PL61 1090 1014 0000 0712 1981 2874',
  swift: 'WBKPPLPP',
  bankName: 'Santander Bank Polska',
};

function tonnageLine(name: string, cn: string, kg: number, pricePerTonneMinor: number, rate: Fa3VatRate) {
  return {
    name,
    cn,
    unit: 't',
    quantity: { kg },
    unitNetPriceMinor: pricePerTonneMinor,
    netMinor: lineValue(kg, pricePerTonneMinor),
    rate,
  } satisfies SalesInvoiceLine;
}

/** Totals per rate as RULES.md says: the net values summed per rate, VAT once on each sum (`vatTotalsByRate`). */
function totalsOf(lines: readonly SalesInvoiceLine[], exchangeRate?: number): Fa3RateTotal[] {
  const signed = lines.map((line) => ({ rate: line.rate, netMinor: (line.isStateBefore ? -1 : 1) * line.netMinor }));
  return vatTotalsByRate(signed, (rate) => PERCENT[rate]).map((total) =>
    exchangeRate ? { ...total, vatPlnMinor: toPln(total.vatMinor, exchangeRate) } : total,
  );
}

const wheatLines = [
  tonnageLine('Pszenica konsumpcyjna klasa A, białko 13,1 %', '1001 99 00', 25_340, 98_550, '5'),
  tonnageLine('Pszenica konsumpcyjna klasa A, białko 12,8 %', '1001 99 00', 24_980, 97_200, '5'),
];

/** Two trucks of wheat at 5 %, PLN, with the contract, transport orders, due date and bank account. */
export const PLN_CEREALS: SalesInvoiceDocument = {
  generatedAt: GENERATED_AT,
  systemInfo: 'Grain back office',
  seller,
  buyer: domesticBuyer,
  currency: 'PLN',
  issueDate: '2026-11-20',
  issuePlace: 'Września',
  number: 'FV/2026/11/0001',
  warehouseDocuments: ['WZ/2026/11/0412', 'WZ/2026/11/0415'],
  sale: { date: '2026-11-18' },
  totals: totalsOf(wheatLines),
  kind: { type: 'VAT' },
  notes: [{ key: 'Wyniki jakości', value: 'wilgotność 13,9 %, zanieczyszczenia 1,2 %, gęstość 78 kg/hl' }],
  lines: wheatLines,
  payment: { dueDate: '2026-12-04', form: 'transfer', bankAccounts: [bankAccount] },
  transaction: {
    contracts: [{ date: '2026-09-02', number: 'SP/2026/0031' }],
    transports: [
      { orderNumber: 'ZT/2026/11/0088', mode: 'road' },
      {
        orderNumber: 'ZT/2026/11/0091',
        mode: 'road',
        carrier: {
          identifier: { type: 'nip', nip: CARRIER_NIP },
          name: 'Trans-Zboże Jan Nowak',
          address: { countryCode: 'PL', line1: 'ul. Polna 7', line2: '62-310 Pyzdry' },
        },
      },
    ],
  },
};

const EUR_RATE = 42_512; // 4.2512 PLN/EUR, NBP mid rate of the day before the tax point
const rapeseedLines = [tonnageLine('Rzepak przemysłowy, zawartość tłuszczu 43,5 %', '1205 10 90', 26_110, 46_000, '8')];

/** Rapeseed for industry at 8 %, invoiced in EUR: each line's exchange rate and the VAT in PLN (P_14_2W). */
export const EUR_WITH_RATE: SalesInvoiceDocument = {
  ...PLN_CEREALS,
  number: 'FV/2026/11/0002',
  currency: 'EUR',
  exchangeRate: EUR_RATE,
  warehouseDocuments: undefined,
  sale: { date: '2026-11-17' },
  totals: totalsOf(rapeseedLines, EUR_RATE),
  notes: [{ key: 'Kurs NBP', value: 'tabela 223/A/NBP/2026 z 2026-11-16' }],
  lines: rapeseedLines,
  payment: {
    dueDate: '2026-12-17',
    form: 'transfer',
    bankAccounts: [{ number: 'PL27 1090 1014 0000 0712 1981 2875', swift: 'WBKPPLPP', description: 'Rachunek EUR' }],
  },
  transaction: { contracts: [{ number: 'SP/2026/0040' }], transports: [{ orderNumber: 'ZT/2026/11/0102' }] },
};

const freightLines: SalesInvoiceLine[] = [
  tonnageLine('Kukurydza paszowa', '1005 90 00', 24_760, 78_000, '5'),
  {
    name: 'Usługa transportowa: Września - Toruń',
    pkwiu: '49.41.19.0',
    unit: 'usł.',
    quantity: { count: 1 },
    unitNetPriceMinor: 185_000,
    netMinor: 185_000,
    rate: '23',
  },
];

/** Maize at 5 % with a freight service at 23 %: two rates, two sets of totals. */
export const CEREALS_WITH_FREIGHT: SalesInvoiceDocument = {
  ...PLN_CEREALS,
  number: 'FV/2026/11/0003',
  warehouseDocuments: ['WZ/2026/11/0420'],
  sale: { from: '2026-11-02', to: '2026-11-19' },
  totals: totalsOf(freightLines),
  notes: undefined,
  lines: freightLines,
  transaction: {
    orders: [{ date: '2026-10-28', number: 'ZAM/77/2026' }],
    transports: [{ orderNumber: 'ZT/2026/11/0107' }],
  },
};

/** An intra-EU supply (0 % WDT) to a German buyer identified by its EU VAT number, in EUR. */
export const EU_SUPPLY: SalesInvoiceDocument = {
  ...EUR_WITH_RATE,
  number: 'FV/2026/11/0004',
  buyer: {
    identifier: { type: 'eu-vat', countryCode: 'DE', vatNumber: '811907980' },
    name: 'Getreidehandel Nord GmbH',
    address: { countryCode: 'DE', line1: 'Hafenstraße 21', line2: '23552 Lübeck' },
  },
  totals: totalsOf([tonnageLine('Pszenica paszowa', '1001 99 00', 27_020, 45_500, '0 WDT')], EUR_RATE),
  lines: [tonnageLine('Pszenica paszowa', '1001 99 00', 27_020, 45_500, '0 WDT')],
  notes: undefined,
};

const secondTruckBefore = { ...wheatLines[1]!, isStateBefore: true };
const secondTruckAfter = tonnageLine('Pszenica konsumpcyjna klasa A, białko 12,8 %', '1001 99 00', 24_860, 97_200, '5');
const correctionLines = [secondTruckBefore, secondTruckAfter];

/** A correction of PLN_CEREALS: the second truck weighed 120 kg less; before and after lines, totals the difference. */
export const KOR_CORRECTION: SalesInvoiceDocument = {
  ...PLN_CEREALS,
  issueDate: '2026-11-25',
  number: 'FK/2026/11/0001',
  warehouseDocuments: undefined,
  totals: totalsOf(correctionLines),
  kind: {
    type: 'KOR',
    reason: 'Korekta ilości po ponownym ważeniu',
    effect: 2,
    corrected: [
      {
        issueDate: '2026-11-20',
        number: 'FV/2026/11/0001',
        ksefNumber: makeKsefNumber(SELLER_NIP, '2026-11-20', '0100004A1B2C'),
      },
    ],
  },
  notes: undefined,
  lines: correctionLines,
  transaction: undefined,
};

const farmer = {
  nip: FARMER_NIP,
  name: 'Gospodarstwo Rolne Stanisław Kowalczyk',
  address: { countryCode: 'PL', line1: 'Bieganowo 14', line2: '62-300 Września' },
};
const buyerOfRr = { nip: SELLER_NIP, name: seller.name, address: seller.address };

function rrLine(name: string, quality: string, kg: number, pricePerTonneMinor: number): RrInvoiceLine {
  const valueMinor = lineValue(kg, pricePerTonneMinor);
  // The refund rounding rule belongs to the RR invoices; half up on each line is enough for a fixture.
  return {
    name,
    cn: '1001 99 00',
    unit: 't',
    quantity: { kg },
    quality,
    unitPriceMinor: pricePerTonneMinor,
    valueMinor,
    refundRate: '7',
    refundMinor: Math.round((valueMinor * 7) / 100),
  };
}

const rrLines = [
  rrLine('Pszenica', 'klasa B, wilgotność 14,1 %', 12_460, 88_000),
  rrLine('Pszenica', 'klasa C, wilgotność 14,8 %', 8_240, 84_500),
];
const sum = (lines: readonly RrInvoiceLine[], pick: (line: RrInvoiceLine) => number) =>
  lines.reduce((total, line) => total + (line.isStateBefore ? -1 : 1) * pick(line), 0);

/** Wheat from a flat-rate farmer, two deliveries, 7 % refund; total 19 182.54 zł. */
export const RR_WHEAT: RrInvoiceDocument = {
  generatedAt: GENERATED_AT,
  systemInfo: 'Grain back office',
  farmer,
  buyer: buyerOfRr,
  issuePlace: 'Września',
  purchaseDate: '2026-11-16',
  issueDate: '2026-11-20',
  number: 'RR/2026/11/0001',
  valueMinor: sum(rrLines, (line) => line.valueMinor),
  refundMinor: sum(rrLines, (line) => line.refundMinor),
  totalInWords: 'dziewiętnaście tysięcy sto osiemdziesiąt dwa złote 54/100',
  kind: { type: 'VAT_RR' },
  lines: rrLines,
  payment: {
    farmerAccounts: [{ number: '81 1020 2892 0000 5102 0212 1214', bankName: 'PKO BP' }],
    buyerAccounts: [bankAccount],
  },
};

const rrCorrectionLines = [
  { ...rrLines[1]!, isStateBefore: true },
  rrLine('Pszenica', 'klasa B, wilgotność 14,8 %', 8_240, 88_000),
];

/** A correction of RR_WHEAT: the second delivery re-graded from class C to B; the difference is 308.58 zł. */
export const RR_CORRECTION: RrInvoiceDocument = {
  ...RR_WHEAT,
  issueDate: '2026-11-27',
  number: 'RR/K/2026/11/0001',
  purchaseDate: undefined,
  valueMinor: sum(rrCorrectionLines, (line) => line.valueMinor),
  refundMinor: sum(rrCorrectionLines, (line) => line.refundMinor),
  totalInWords: 'trzysta osiem złotych 58/100',
  kind: {
    type: 'KOR_VAT_RR',
    reason: 'Zmiana klasy jakości po reklamacji',
    corrected: [{ issueDate: '2026-11-20', number: 'RR/2026/11/0001', ksefNumber: null }],
  },
  paymentDocuments: [{ number: 'Przelew 2026-11-23 RR/2026/11/0001', date: '2026-11-23' }],
  lines: rrCorrectionLines,
};

/** The golden files: name → document. */
export const SALES_FIXTURES = {
  'fa3-pln-cereals': PLN_CEREALS,
  'fa3-eur-rate': EUR_WITH_RATE,
  'fa3-cereals-freight-23': CEREALS_WITH_FREIGHT,
  'fa3-eu-supply-wdt': EU_SUPPLY,
  'fa3-kor-correction': KOR_CORRECTION,
} as const;
export const RR_FIXTURES = { 'fa-rr-wheat': RR_WHEAT, 'fa-rr-kor-correction': RR_CORRECTION } as const;
