/**
 * Where each element of an XML document starts: its line and its path (`Faktura/Fa/FaWiersz[2]/P_8B`, the index
 * only from a second same-named sibling on), so an XSD error that libxml2 reports by line names the field.
 * A small scanner over the tags of the documents we build and receive (no DTDs); comments, CDATA and processing
 * instructions are skipped.
 */
export interface ElementStart {
  line: number;
  name: string;
  path: string;
}

const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<(\/?)(?:[A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)[^>]*?(\/?)>/g;

export function elementStarts(xml: string): ElementStart[] {
  const starts: ElementStart[] = [];
  const stack: { segment: string; childCounts: Map<string, number> }[] = [];
  const rootCounts = new Map<string, number>();
  let line = 1;
  let scanned = 0;
  for (const match of xml.matchAll(TOKEN)) {
    for (let index = scanned; index < match.index; index++) if (xml.charCodeAt(index) === 10) line++;
    scanned = match.index;
    const [, closing, name, selfClosing] = match;
    if (!name) continue;
    if (closing) {
      stack.pop();
      continue;
    }
    const counts = stack.at(-1)?.childCounts ?? rootCounts;
    const count = (counts.get(name) ?? 0) + 1;
    counts.set(name, count);
    const segment = count > 1 ? `${name}[${count}]` : name;
    const path = [...stack.map((open) => open.segment), segment].join('/');
    starts.push({ line, name, path });
    if (!selfClosing) stack.push({ segment, childCounts: new Map() });
  }
  return starts;
}

/** The element an error at `line` about `name` points at: started on that line, else the last one before it. */
export function elementAt(starts: readonly ElementStart[], line: number, name: string | null): ElementStart | null {
  let lastBefore: ElementStart | null = null;
  let namedBefore: ElementStart | null = null;
  for (const start of starts) {
    if (start.line > line) break;
    if (start.line === line && start.name === name) return start;
    lastBefore = start;
    if (start.name === name) namedBefore = start;
  }
  return namedBefore ?? lastBefore;
}
