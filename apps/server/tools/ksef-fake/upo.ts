import { create } from 'xmlbuilder2';

/**
 * The UPO (official receipt) of one accepted invoice, in the shape of the Ministry's samples
 * (`faktury/upo/przyklady/v4-3/kontekst-nip/upo-faktura-kontekst-id-nip.xml`, schema upo-v4-3), filled with the
 * invoice's data. Real UPOs are signed with XAdES by the Ministry; the fake's are not (the schema does not ask).
 */
export const UPO_NAMESPACE = 'http://upo.schematy.mf.gov.pl/KSeF/v4-3';

export interface UpoDocument {
  sessionReferenceNumber: string;
  contextNip: string;
  /** SHA-256 (Base64) of what authenticated the session: the fake uses the hash of the KSeF token request. */
  authenticationHash: string;
  form: 'FA' | 'FA_RR';
  sellerNip: string;
  ksefNumber: string;
  invoiceNumber: string;
  issueDate: string;
  receivedAt: Date;
  numberedAt: Date;
  invoiceHash: string;
  isOffline: boolean;
}

const STRUCTURES = {
  FA: { schemaFile: 'Schemat_FA(3)_v1-0E.xsd', formCode: 'FA (3)' },
  FA_RR: { schemaFile: 'Schemat_FA_RR(1)_v1-1E.xsd', formCode: 'FA_RR (1)' },
} as const;

export function buildUpo(upo: UpoDocument): string {
  const structure = STRUCTURES[upo.form];
  const document = create({ version: '1.0', encoding: 'utf-8' });
  const root = document.ele(UPO_NAMESPACE, 'Potwierdzenie');
  // upo-v4-3.xsd fixes this value (the samples' "- środowisko testowe (TE)" suffix does not pass it).
  root.ele('NazwaPodmiotuPrzyjmujacego').txt('Ministerstwo Finansów');
  root.ele('NumerReferencyjnySesji').txt(upo.sessionReferenceNumber);
  const authentication = root.ele('Uwierzytelnienie');
  authentication.ele('IdKontekstu').ele('Nip').txt(upo.contextNip);
  authentication.ele('SkrotDokumentuUwierzytelniajacego').txt(upo.authenticationHash);
  root.ele('NazwaStrukturyLogicznej').txt(structure.schemaFile);
  root.ele('KodFormularza').txt(structure.formCode);
  const entry = root.ele('Dokument');
  entry.ele('NipSprzedawcy').txt(upo.sellerNip);
  entry.ele('NumerKSeFDokumentu').txt(upo.ksefNumber);
  entry.ele('NumerFaktury').txt(upo.invoiceNumber);
  entry.ele('DataWystawieniaFaktury').txt(upo.issueDate);
  entry.ele('DataPrzeslaniaDokumentu').txt(upo.receivedAt.toISOString());
  entry.ele('DataNadaniaNumeruKSeF').txt(upo.numberedAt.toISOString());
  entry.ele('SkrotDokumentu').txt(upo.invoiceHash);
  entry.ele('TrybWysylki').txt(upo.isOffline ? 'Offline' : 'Online');
  return document.end({ prettyPrint: true, indent: '\t' });
}
