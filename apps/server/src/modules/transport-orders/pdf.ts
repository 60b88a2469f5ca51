import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type CompanySettingsResponse, isoToDisplayDate, lineValue, type TransportResponse } from '@grain/shared';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb } from 'pdf-lib';

/** What the transport order shows besides the transport itself. */
export interface TransportOrderContent {
  orderNumber: string;
  issuedOn: string;
  company: CompanySettingsResponse;
  carrier: { name: string; address: string; nip: string | null; email: string | null; phoneNumber: string | null };
  transport: TransportResponse;
}

const require = createRequire(import.meta.url);
/** DejaVu Sans has every Polish letter (ąćęłńóśźż); read once per process. */
let fontBytes: { regular: Buffer; bold: Buffer } | null = null;
function fonts() {
  fontBytes ??= {
    regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  };
  return fontBytes;
}

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const LABEL_WIDTH = 150;
const GREY = rgb(0.35, 0.35, 0.35);
const LINE = rgb(0.75, 0.75, 0.75);

const tonnes = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const money = new Intl.NumberFormat('pl-PL', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** PDF text has no use for the narrow no-break spaces of Intl: a plain space reads the same. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
export const formatTonnes = (kg: number) => plain(`${tonnes.format(kg / 1000)} t`);
export const formatMoney = (minor: number, currency: string) => plain(`${money.format(minor / 100)} ${currency}`);

interface Writer {
  page: PDFPage;
  regular: PDFFont;
  bold: PDFFont;
  y: number;
}

/** Splits text into lines that fit `width` at `size`, breaking at spaces (or inside a word too long for a line). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

function row(w: Writer, label: string, value: string, size = 9.5) {
  const valueWidth = PAGE.width - 2 * PAGE.margin - LABEL_WIDTH;
  const lines = wrap(value || '—', w.regular, size, valueWidth);
  w.page.drawText(label, { x: PAGE.margin, y: w.y, size, font: w.bold, color: GREY });
  for (const line of lines) {
    w.page.drawText(line, { x: PAGE.margin + LABEL_WIDTH, y: w.y, size, font: w.regular });
    w.y -= size + 4;
  }
  w.y -= 2;
}

function section(w: Writer, title: string) {
  w.y -= 6;
  w.page.drawText(title.toUpperCase(), { x: PAGE.margin, y: w.y, size: 10, font: w.bold });
  w.y -= 5;
  w.page.drawLine({
    start: { x: PAGE.margin, y: w.y },
    end: { x: PAGE.width - PAGE.margin, y: w.y },
    thickness: 0.6,
    color: LINE,
  });
  w.y -= 13;
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');

async function embedLogo(doc: PDFDocument, dataUrl: string | null): Promise<PDFImage | null> {
  if (!dataUrl) return null;
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  try {
    return dataUrl.startsWith('data:image/png') ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
  } catch {
    // A logo the library cannot read leaves the header without it rather than failing the order.
    return null;
  }
}

function header(w: Writer, content: TransportOrderContent, logo: PDFImage | null) {
  const { company } = content;
  const top = PAGE.height - PAGE.margin;
  let textX = PAGE.margin;
  if (logo) {
    const scaled = logo.scaleToFit(110, 56);
    w.page.drawImage(logo, { x: PAGE.margin, y: top - scaled.height, width: scaled.width, height: scaled.height });
    textX = PAGE.margin + scaled.width + 14;
  }
  const lines = [
    joined(company.street, [company.postCode, company.city].filter(Boolean).join(' ')),
    `NIP: ${company.nip}`,
    joined(company.email, company.phoneNumber && `tel. ${company.phoneNumber}`),
  ].filter(Boolean);
  w.page.drawText(company.name, { x: textX, y: top - 11, size: 12, font: w.bold });
  lines.forEach((line, index) => {
    w.page.drawText(line, { x: textX, y: top - 26 - index * 12, size: 9, font: w.regular, color: GREY });
  });
  const issued = `Data wystawienia: ${isoToDisplayDate(content.issuedOn)}`;
  const issuedWidth = w.regular.widthOfTextAtSize(issued, 9);
  w.page.drawText(issued, { x: PAGE.width - PAGE.margin - issuedWidth, y: top - 11, size: 9, font: w.regular });
  w.y = top - Math.max(70, 26 + lines.length * 12 + 10);
  const title = `ZLECENIE TRANSPORTOWE nr ${content.orderNumber}`;
  const titleWidth = w.bold.widthOfTextAtSize(title, 15);
  w.page.drawText(title, { x: (PAGE.width - titleWidth) / 2, y: w.y, size: 15, font: w.bold });
  w.y -= 26;
}

function body(w: Writer, content: TransportOrderContent) {
  const { transport: t, carrier } = content;
  section(w, 'Przewoźnik');
  row(w, 'Nazwa', carrier.name);
  row(w, 'Adres', carrier.address);
  row(w, 'NIP', carrier.nip ?? '—');
  row(w, 'Kontakt', joined(carrier.email, carrier.phoneNumber && `tel. ${carrier.phoneNumber}`) || '—');

  section(w, 'Pojazd i kierowca');
  row(w, 'Nr rejestracyjny', t.registrationNumber ?? '—');
  row(w, 'Naczepa', t.trailerNumber ?? '—');
  row(w, 'Kierowca', joined(t.driverName, t.phoneNumber && `tel. ${t.phoneNumber}`) || '—');
  row(w, 'Dokument kierowcy', t.driverDocumentId ?? '—');

  section(w, 'Trasa');
  row(w, 'Miejsce załadunku', t.loadingAddressFull ?? '—');
  row(w, 'Data załadunku', isoToDisplayDate(t.dateLoading));
  row(w, 'Miejsce rozładunku', t.unloadingAddressFull ?? '—');
  row(w, 'Data rozładunku', isoToDisplayDate(t.dateUnloading));

  section(w, 'Ładunek i fracht');
  row(w, 'Towar', joined(t.rawMaterial, t.purchaseQualityTitle));
  row(w, 'Ilość', formatTonnes(t.cargoQuantity));
  row(w, 'Stawka frachtu', `${formatMoney(t.pricePerTon, t.currency)} / t`);
  row(w, 'Wartość frachtu', formatMoney(lineValue(t.cargoQuantity, t.pricePerTon), t.currency));
  const gmpRequired = t.saleIsGmp ? 'Wymagany transport GMP' : 'Nie wymagany';
  row(w, 'GMP', t.isGmp ? `${gmpRequired}; nr GMP: ${t.gmpNumber ?? '—'}` : gmpRequired);
  row(w, 'Uwagi', t.comment ?? '—');
}

function footer(w: Writer) {
  const y = PAGE.margin + 40;
  const half = (PAGE.width - 2 * PAGE.margin) / 2;
  for (const [index, label] of ['Zleceniodawca (podpis)', 'Przewoźnik (podpis i pieczęć)'].entries()) {
    const x = PAGE.margin + index * half + 10;
    w.page.drawLine({ start: { x, y }, end: { x: x + half - 30, y }, thickness: 0.6, color: LINE });
    w.page.drawText(label, { x, y: y - 12, size: 8.5, font: w.regular, color: GREY });
  }
  w.page.drawText('Przewoźnik potwierdza przyjęcie zlecenia odsyłając podpisany dokument.', {
    x: PAGE.margin,
    y: PAGE.margin,
    size: 8,
    font: w.regular,
    color: GREY,
  });
}

/** Issue 17: the one-page transport order (zlecenie transportowe) in Polish, as PDF bytes. */
export async function renderTransportOrderPdf(content: TransportOrderContent): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`Zlecenie transportowe ${content.orderNumber}`);
  doc.setAuthor(content.company.name);
  doc.setLanguage('pl-PL');
  const { regular, bold } = fonts();
  const writer: Writer = {
    page: doc.addPage([PAGE.width, PAGE.height]),
    regular: await doc.embedFont(regular, { subset: true }),
    bold: await doc.embedFont(bold, { subset: true }),
    y: 0,
  };
  header(writer, content, await embedLogo(doc, content.company.logoDataUrl));
  body(writer, content);
  footer(writer);
  return doc.save();
}
