// The XSD validator's worker thread: libxml2's xmllint compiled to WebAssembly (xmllint-wasm), kept warm.
//
// xmllint-wasm's own `validateXML` starts a new worker and compiles the 780 kB wasm file for every call (about 300 ms
// each, measured); here one thread compiles it once and runs xmllint's main once per batch of documents, with the
// vendored schemas in its in-memory file system (about 20 ms for one invoice, 26 ms for twenty, measured warm).
// Plain JavaScript: the thread starts without a TypeScript loader.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';

const require = createRequire(import.meta.url);
// The module's own worker glue listens on parentPort too; it ignores messages without its 'xmllint-wasm' key.
const xmllint = require('xmllint-wasm/xmllint-node.js');
const wasm = new WebAssembly.Module(readFileSync(require.resolve('xmllint-wasm/xmllint.wasm')));

const XSD_DIR = new URL('../xsd/', import.meta.url);
/** The http location the official FA (3) and FA_RR schemas import their base types from. */
const REMOTE_BASE_TYPES =
  /schemaLocation="http:\/\/crd\.gov\.pl\/xml\/schematy\/dziedzinowe\/mf\/2022\/01\/05\/eD\/DefinicjeTypy\/StrukturyDanych_v10-0E\.xsd"/;

const read = (name) => readFileSync(new URL(name, XSD_DIR));
/** The vendored schema files, unchanged on disk; only the import of the base types is pointed at the local copy. */
function invoiceSchema(fileName) {
  const text = read(fileName).toString('utf8');
  if (!REMOTE_BASE_TYPES.test(text)) throw new Error(`${fileName}: the import of StrukturyDanych was not found`);
  return Buffer.from(text.replace(REMOTE_BASE_TYPES, 'schemaLocation="bazowe/StrukturyDanych_v10-0E.xsd"'));
}
const BASE_TYPES = ['StrukturyDanych_v10-0E.xsd', 'ElementarneTypyDanych_v10-0E.xsd', 'KodyKrajow_v10-0E.xsd'].map(
  (name) => ({ fileName: `bazowe/${name}`, contents: read(`bazowe/${name}`) }),
);
const SCHEMAS = {
  FA: [{ fileName: 'fa3.xsd', contents: invoiceSchema('schemat_FA(3)_v1-0E.xsd') }, ...BASE_TYPES],
  FA_RR: [{ fileName: 'fa-rr.xsd', contents: invoiceSchema('schemat_FA_RR(1)_v1-1E.xsd') }, ...BASE_TYPES],
  UPO: [{ fileName: 'upo.xsd', contents: read('upo-v4-3.xsd') }],
};

/** 16 MB to start, up to 512 MB for the largest documents KSeF accepts (3 MB with attachments). */
const INITIAL_PAGES = 256;
const MAXIMUM_PAGES = 8192;

/** Runs xmllint once over `documents` against `schema`; resolves with its stderr lines. */
function runXmllint(schema, documents) {
  const files = SCHEMAS[schema];
  if (!files) return Promise.reject(new Error(`unknown schema ${schema}`));
  const names = documents.map((_, index) => `document-${index}.xml`);
  const lines = [];
  return new Promise((resolve, reject) => {
    xmllint({
      inputFiles: [...documents.map((contents, index) => ({ fileName: names[index], contents })), ...files],
      arguments: ['--schema', files[0].fileName, '--noout', ...names],
      print: () => {},
      printErr: (text) => lines.push(text),
      onExit: () => resolve(lines),
      onAbort: (reason) => reject(new Error(`xmllint aborted: ${reason}`)),
      wasmMemory: new WebAssembly.Memory({ initial: INITIAL_PAGES, maximum: MAXIMUM_PAGES }),
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(wasm, imports).then((instance) => done(instance, wasm), reject);
        return {};
      },
    }).catch(reject);
  });
}

/** Splits xmllint's output per document: its error lines, and whether it printed "<file> validates". */
function resultsOf(lines, count) {
  return Array.from({ length: count }, (_, index) => {
    const name = `document-${index}.xml`;
    const own = lines.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name} `));
    return {
      valid: own.includes(`${name} validates`),
      messages: own.filter((line) => line.startsWith(`${name}:`)).map((line) => line.slice(name.length + 1)),
    };
  });
}

let queue = Promise.resolve();
parentPort.on('message', (message) => {
  if (message?.type !== 'validate') return;
  // One xmllint run at a time: each run owns its instance, but the glue keeps module-level state.
  queue = queue.then(async () => {
    try {
      const lines = await runXmllint(message.schema, message.documents);
      const results = resultsOf(lines, message.documents.length);
      const stray = lines.filter((line) => !/^document-\d+\.xml[: ]/.test(line));
      if (stray.length > 0 && results.some((result) => !result.valid && result.messages.length === 0)) {
        parentPort.postMessage({ type: 'error', id: message.id, message: stray.join('\n') });
      } else {
        parentPort.postMessage({ type: 'results', id: message.id, results });
      }
    } catch (error) {
      parentPort.postMessage({ type: 'error', id: message.id, message: String(error?.message ?? error) });
    }
  });
});
parentPort.postMessage({ type: 'ready' });
