/**
 * The SpreadsheetML parts of the .xlsx exports (ECMA-376 part 1): the package's fixed parts, the styles
 * and each sheet's XML row by row. Cells carry their text inline (`t="inlineStr"`), so no shared-string table
 * has to be held until the end.
 */

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * Characters XML 1.0 cannot hold (C0 controls but tab, line feed and carriage return; U+FFFE, U+FFFF) are written
 * as Excel writes them, `_xHHHH_`; a literal `_xHHHH_` in the text gets its underscore escaped (`_x005F_`) so
 * Excel shows it as typed.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it escapes.
const TEXT_SPECIAL = /[<>&\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|_(?=x[0-9A-Fa-f]{4}_)/;
const TEXT_SPECIALS = new RegExp(TEXT_SPECIAL.source, 'g');
const hex4 = (code: number) => code.toString(16).toUpperCase().padStart(4, '0');

function escapeChar(char: string): string {
  switch (char) {
    case '<':
      return '&lt;';
    case '>':
      return '&gt;';
    case '&':
      return '&amp;';
    default:
      return `_x${hex4(char.charCodeAt(0))}_`;
  }
}

/** Text content of an element. */
export function escapeText(text: string): string {
  return TEXT_SPECIAL.test(text) ? text.replace(TEXT_SPECIALS, escapeChar) : text;
}

/** An attribute value in double quotes. */
const escapeAttribute = (text: string) => escapeText(text).replaceAll('"', '&quot;');

/** Whitespace an XML reader would drop or fold unless the element says to preserve it. */
const LOOSE_WHITESPACE = /^ | $|[\t\n\r]/;

/** An inline string's `<is>` element. */
export function inlineText(text: string): string {
  const escaped = escapeText(text);
  return LOOSE_WHITESPACE.test(text) ? `<is><t xml:space="preserve">${escaped}</t></is>` : `<is><t>${escaped}</t></is>`;
}

/** Column letters of a 0-based column index: 0 → A, 26 → AA. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}

/** Days since 1899-12-30 (Excel's 1900 date system), the wall-clock fields of the date read as UTC. */
export const excelSerial = (date: Date) => 25569 + date.getTime() / 86_400_000;

/**
 * The styles part: cell style 0 is the default, 1 the bold header, then one per number format in `formats`
 * order (so a format's cell style is its index + 2). Excel's built-in formats keep their ids.
 */
export function stylesXml(formats: readonly string[]): string {
  const builtIn: Record<string, number> = { '0': 1, '0.00': 2, '#,##0': 3, '#,##0.00': 4, '@': 49 };
  const custom: string[] = [];
  const ids = formats.map((code) => {
    const id = builtIn[code];
    if (id !== undefined) return id;
    custom.push(`<numFmt numFmtId="${164 + custom.length}" formatCode="${escapeAttribute(code)}"/>`);
    return 163 + custom.length;
  });
  const font = (bold: boolean) =>
    `<font>${bold ? '<b/>' : ''}<sz val="11"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>`;
  const xfs = [
    '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
    '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
    ...ids.map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`),
  ];
  return (
    `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
    (custom.length > 0 ? `<numFmts count="${custom.length}">${custom.join('')}</numFmts>` : '') +
    `<fonts count="2">${font(false)}${font(true)}</fonts>` +
    '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
    '</styleSheet>'
  );
}

export const sheetPath = (index: number) => `xl/worksheets/sheet${index + 1}.xml`;

export function contentTypesXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) =>
      `<Override PartName="/${sheetPath(index)}" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
  );
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${sheets.join('')}</Types>`
  );
}

export const ROOT_RELS_XML =
  `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">` +
  `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;

/** Sheet i is relationship rId(i+1); the styles come after the sheets. */
export function workbookRelsXml(sheetCount: number): string {
  const sheets = Array.from(
    { length: sheetCount },
    (_, index) =>
      `<Relationship Id="rId${index + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
  );
  return (
    `${XML_HEAD}<Relationships xmlns="${PACKAGE_REL_NS}">${sheets.join('')}` +
    `<Relationship Id="rId${sheetCount + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`
  );
}

/** Excel refuses a sheet name that is empty, longer than 31 characters or holds one of : \ / ? * [ ]. */
const BAD_SHEET_NAME = /[:\\/?*[\]]/;

export function workbookXml(names: readonly string[]): string {
  const sheets = names.map((name, index) => {
    if (name.length === 0 || name.length > 31 || BAD_SHEET_NAME.test(name)) {
      throw new Error(`"${name}" cannot be a sheet name`);
    }
    return `<sheet name="${escapeAttribute(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`;
  });
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    '<bookViews><workbookView activeTab="0"/></bookViews>' +
    `<sheets>${sheets.join('')}</sheets></workbook>`
  );
}

/** A sheet up to its first row: the first row frozen, the columns' widths and cell styles. */
export function sheetStartXml(columns: readonly { width: number; style: number }[], isFirst: boolean): string {
  const cols = columns.map(
    (column, index) =>
      `<col min="${index + 1}" max="${index + 1}" width="${column.width}" style="${column.style}" customWidth="1"/>`,
  );
  return (
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView${isFirst ? ' tabSelected="1"' : ''} workbookViewId="0">` +
    '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>' +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    (cols.length > 0 ? `<cols>${cols.join('')}</cols>` : '') +
    '<sheetData>'
  );
}

export const SHEET_END_XML = '</sheetData></worksheet>';
