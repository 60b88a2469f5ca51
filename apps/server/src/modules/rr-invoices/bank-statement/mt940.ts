import { accountFrom, parseGrosze, parseStatementDate } from './amounts.js';
import { type BankStatementParser, StatementLineError, type StatementTransfer } from './types.js';

/**
 * SWIFT MT940 as Polish banks export it. A transfer is a `:61:` statement line (value date YYMMDD, optional entry
 * date MMDD, C/D/RC/RD mark, amount with a decimal comma, N + type code, reference, optional //bank reference)
 * followed by its `:86:` information, which may run over several lines. Polish banks split `:86:` into subfields
 * after a three-digit transaction code: `~20`–`~25` the title, `~30` bank number + `~31` account or `~38` the IBAN,
 * `~32`/`~33` the other party's name (`~` or `^` as the separator). An `:86:` without subfields is all title.
 */
const LINE_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)[A-Z]?(\d{1,15},\d{0,2})([NFS][A-Z0-9]{3})([^/]*)(?:\/\/(.*))?$/;

interface Tag {
  tag: string;
  value: string;
  line: number;
}

/** The file's tags with their continuation lines joined (a line not starting with `:XX:` continues the tag). */
function tagsOf(text: string): Tag[] {
  const tags: Tag[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, index) => {
    const line = raw.trimEnd();
    const match = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (match) tags.push({ tag: match[1]!, value: match[2]!, line: index + 1 });
    else if (line === '-' || line === '' || line.startsWith('{') || line.startsWith('}')) return;
    else if (tags.length) tags[tags.length - 1]!.value += `\n${line}`;
  });
  return tags;
}

/** `:86:` subfields by number; null when the text is not in the subfield form. */
function subfieldsOf(info: string): Map<string, string> | null {
  const joined = info.replace(/\n/g, '');
  const match = /^\d{3}([~^])/.exec(joined);
  if (!match) return null;
  const fields = new Map<string, string>();
  for (const part of joined.slice(3).split(match[1]!)) {
    if (part.length < 2) continue;
    const key = part.slice(0, 2);
    fields.set(key, (fields.get(key) ?? '') + part.slice(2));
  }
  return fields;
}

function detailsOf(info: string | null) {
  if (info === null) return { title: '', counterpartyAccount: null, counterpartyName: null };
  const fields = subfieldsOf(info);
  if (!fields) return { title: info.replace(/\n/g, ' ').trim(), counterpartyAccount: null, counterpartyName: null };
  const joinOf = (keys: string[]) =>
    keys
      .map((key) => fields.get(key) ?? '')
      .join('')
      .trim();
  const name = joinOf(['32', '33']);
  return {
    title: joinOf(['20', '21', '22', '23', '24', '25', '26', '27', '28', '29']),
    counterpartyAccount:
      accountFrom(fields.get('38')) ?? accountFrom(`${fields.get('30') ?? ''}${fields.get('31') ?? ''}`),
    counterpartyName: name || null,
  };
}

function transferOf(tag: Tag, info: string | null, currency: string): StatementTransfer {
  const match = LINE_61.exec(tag.value.split('\n')[0]!);
  if (!match) throw new StatementLineError(tag.line, `pole :61: „${tag.value.split('\n')[0]}” ma zły format`);
  const { minor } = parseGrosze(match[4]!, tag.line);
  const reference = match[7]?.trim() || match[6]?.trim();
  return {
    line: tag.line,
    bookedAt: parseStatementDate(match[1]!, tag.line),
    amountMinor: minor,
    currency,
    isOutgoing: match[3] === 'D' || match[3] === 'RC',
    bankReference: reference && reference !== 'NONREF' ? reference : null,
    ...detailsOf(info),
  };
}

export const mt940Parser: BankStatementParser = {
  format: 'MT940',
  recognizes: (text) => /^:20:/m.test(text) && /^:61:/m.test(text),
  parse(text) {
    const tags = tagsOf(text);
    const transfers: StatementTransfer[] = [];
    let currency = 'PLN';
    tags.forEach((tag, index) => {
      if (tag.tag === '60F' || tag.tag === '60M') {
        const balance = /^[CD]\d{6}([A-Z]{3})/.exec(tag.value);
        if (!balance) throw new StatementLineError(tag.line, `pole :${tag.tag}: „${tag.value}” ma zły format`);
        currency = balance[1]!;
      }
      if (tag.tag !== '61') return;
      const next = tags[index + 1];
      transfers.push(transferOf(tag, next?.tag === '86' ? next.value : null, currency));
    });
    return transfers;
  },
};
