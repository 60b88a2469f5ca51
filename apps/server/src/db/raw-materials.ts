import type { ParamType } from '@grain/shared';

/** A seeded parameter: the quality's standard value (limits as traded on the Polish grain market). */
interface ParamSeed {
  name: string;
  type: ParamType;
  unit: string | null;
  value: boolean | number | string | null;
}

interface QualitySeed {
  id: number;
  title: string;
  params: ParamSeed[];
}

interface RawMaterialSeed {
  id: number;
  name: string;
  translatePl: string;
  /** The CN heading printed on invoice lines (Combined Nomenclature). */
  cnCode: string;
  /**
   * RULES.md Invoices, VAT and KSeF: the raw material's seeded VAT rate (cereals and soybeans 5 %; rapeseed 8 %,
   * as the seeded qualities are industrial and feed rapeseed, 5 % only for food: an ADMIN adds that per quality).
   */
  vatRatePercent: 5 | 8 | 23;
  qualities: QualitySeed[];
}

const moisture = (value: number): ParamSeed => ({ name: 'Wilgotność', type: 'number', unit: '%', value });
const protein = (value: number): ParamSeed => ({ name: 'Białko', type: 'number', unit: '%', value });
const fallingNumber = (value: number): ParamSeed => ({ name: 'Liczba opadania', type: 'number', unit: 's', value });
const density = (value: number): ParamSeed => ({ name: 'Gęstość', type: 'number', unit: 'kg/hl', value });
const impurities = (value: number): ParamSeed => ({ name: 'Zanieczyszczenia', type: 'number', unit: '%', value });
const brokenGrains = (value: number): ParamSeed => ({ name: 'Ziarna połamane', type: 'number', unit: '%', value });
const oilContent = (value: number): ParamSeed => ({ name: 'Zawartość tłuszczu', type: 'number', unit: '%', value });
const gmoFree = (value: boolean): ParamSeed => ({ name: 'Wolna od GMO', type: 'boolean', unit: null, value });
const smell = (value: string): ParamSeed => ({ name: 'Zapach', type: 'string', unit: null, value });

/** RULES.md Contractors and cargo: the raw materials seeded at first start, Pszenica = id 1. */
export const RAW_MATERIAL_SEED: RawMaterialSeed[] = [
  {
    id: 1,
    name: 'wheat',
    cnCode: '1001',
    vatRatePercent: 5,
    translatePl: 'Pszenica',
    qualities: [
      {
        id: 1,
        title: 'Pszenica konsumpcyjna',
        params: [
          moisture(14.5),
          protein(12.5),
          fallingNumber(250),
          density(76),
          impurities(2),
          { name: 'Ziarna porośnięte', type: 'number', unit: '%', value: 2 },
          gmoFree(true),
          smell('naturalny, bez obcych zapachów'),
        ],
      },
      {
        id: 2,
        title: 'Pszenica paszowa',
        params: [moisture(14.5), protein(10.5), density(72), impurities(4), gmoFree(true)],
      },
      {
        id: 3,
        title: 'Pszenica młynarska kl. A',
        params: [
          moisture(14.5),
          protein(13.5),
          fallingNumber(280),
          density(78),
          impurities(1.5),
          { name: 'Gluten mokry', type: 'number', unit: '%', value: 28 },
          gmoFree(true),
        ],
      },
      {
        id: 4,
        title: 'Pszenica młynarska kl. B',
        params: [
          moisture(14.5),
          protein(12),
          fallingNumber(220),
          density(75),
          impurities(2),
          { name: 'Gluten mokry', type: 'number', unit: '%', value: 25 },
          gmoFree(true),
        ],
      },
    ],
  },
  {
    id: 2,
    name: 'corn',
    cnCode: '1005',
    vatRatePercent: 5,
    translatePl: 'Kukurydza',
    qualities: [
      {
        id: 5,
        title: 'Kukurydza paszowa',
        params: [
          moisture(14.5),
          impurities(3),
          brokenGrains(5),
          { name: 'DON', type: 'number', unit: 'µg/kg', value: 1750 },
        ],
      },
      {
        id: 6,
        title: 'Kukurydza sucha',
        params: [moisture(14), impurities(2), brokenGrains(4), density(72), gmoFree(true)],
      },
      {
        id: 7,
        title: 'Kukurydza mokra',
        params: [moisture(30), impurities(3), brokenGrains(6), smell('naturalny')],
      },
    ],
  },
  {
    id: 3,
    name: 'rapeseed',
    cnCode: '1205',
    vatRatePercent: 8,
    translatePl: 'Rzepak',
    qualities: [
      {
        id: 8,
        title: 'Rzepak przemysłowy 00',
        params: [
          moisture(9),
          oilContent(40),
          impurities(2),
          { name: 'Wolne kwasy tłuszczowe', type: 'number', unit: '%', value: 2 },
          { name: 'Glukozynolany', type: 'number', unit: 'µmol/g', value: 25 },
          { name: 'Kwas erukowy', type: 'number', unit: '%', value: 2 },
          gmoFree(true),
        ],
      },
      {
        id: 9,
        title: 'Rzepak paszowy',
        params: [moisture(9), oilContent(38), impurities(4)],
      },
    ],
  },
  {
    id: 4,
    name: 'barley',
    cnCode: '1003',
    vatRatePercent: 5,
    translatePl: 'Jęczmień',
    qualities: [
      {
        id: 10,
        title: 'Jęczmień paszowy',
        params: [moisture(14.5), density(62), impurities(3), protein(10)],
      },
      {
        id: 11,
        title: 'Jęczmień browarny',
        params: [
          moisture(14.5),
          protein(11.5),
          { name: 'Zdolność kiełkowania', type: 'number', unit: '%', value: 95 },
          { name: 'Celność', type: 'number', unit: '%', value: 85 },
          impurities(2),
          gmoFree(true),
        ],
      },
    ],
  },
  {
    id: 5,
    name: 'rye',
    cnCode: '1002',
    vatRatePercent: 5,
    translatePl: 'Żyto',
    qualities: [
      {
        id: 12,
        title: 'Żyto konsumpcyjne',
        params: [moisture(14.5), fallingNumber(120), density(70), impurities(2), smell('naturalny')],
      },
      {
        id: 13,
        title: 'Żyto paszowe',
        params: [moisture(14.5), density(68), impurities(4)],
      },
    ],
  },
  {
    id: 6,
    name: 'triticale',
    cnCode: '1008',
    vatRatePercent: 5,
    translatePl: 'Pszenżyto',
    qualities: [
      {
        id: 14,
        title: 'Pszenżyto paszowe',
        params: [moisture(14.5), density(68), protein(10), impurities(3)],
      },
    ],
  },
  {
    id: 7,
    name: 'oats',
    cnCode: '1004',
    vatRatePercent: 5,
    translatePl: 'Owies',
    qualities: [
      {
        id: 15,
        title: 'Owies paszowy',
        params: [moisture(14.5), density(48), impurities(3)],
      },
      {
        id: 16,
        title: 'Owies konsumpcyjny',
        params: [moisture(14), density(52), impurities(2), { name: 'Łuska', type: 'number', unit: '%', value: 28 }],
      },
    ],
  },
  {
    id: 8,
    name: 'soybean',
    cnCode: '1201',
    vatRatePercent: 5,
    translatePl: 'Soja',
    qualities: [
      {
        id: 17,
        title: 'Soja paszowa',
        params: [moisture(13), protein(35), oilContent(18), impurities(2), gmoFree(false)],
      },
      {
        id: 18,
        title: 'Soja Non-GMO',
        params: [
          moisture(13),
          protein(36),
          oilContent(19),
          impurities(1),
          gmoFree(true),
          { name: 'Pochodzenie', type: 'string', unit: null, value: 'UE' },
        ],
      },
    ],
  },
];
