/** The one error catalogue (spec/2 section 8): every refusal carries one of these codes with its HTTP status. */
export const MESSAGE_CODES = {
  // Access and authentication
  ACCESS_DENIED: 403,
  FORBIDDEN: 403,
  UNAUTHORIZED: 401,
  MISSING_ACCESS_PERMISSIONS: 403,
  WRONG_CREDENTIALS: 401,
  INVALID_CREDENTIALS: 401,
  WRONG_ACTIVATION_CODE: 400,
  OLD_PASSWORD_IS_INVALID: 400,
  INCORRECT_PASSWORD: 400,
  INVALID_TOKEN: 401,
  DENIED_TOKEN: 401,
  USER_ALREADY_EXISTS: 409,
  USER_DISABLED: 403,
  USER_NOT_FOUND: 404,
  CANNOT_DELETE_USER: 409,
  CANNOT_MANAGE_ROLE: 409,
  INVALID_DATA: 400,
  TOO_MANY_REQUESTS: 429,
  // Request validity
  BAD_REQUEST: 400,
  CONFLICT: 409,
  FST_ERR_VALIDATION: 400,
  VALIDATION_ERROR: 400,
  ID_IS_NOT_A_NUMBER: 400,
  INVALID_SORT_PARAMS: 400,
  VALUE_IS_DUPLICATED: 409,
  VALUE_IS_MISSING: 400,
  VALUE_IS_NULL: 400,
  VALUE_IS_WRONG: 400,
  VALUE_IS_WRONG_DATA_TYPE: 400,
  REQUIRED_DATA_NOT_FOUND: 404,
  DATE_FROM_CANNOT_BE_AFTER_TO: 400,
  DATE_TO_CANNOT_BE_BEFORE_FROM: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** The request line (path and query string) or headers pass the server's limit. */
  REQUEST_TOO_LARGE: 431,
  // Duplicates
  DOCUMENT_NUMBER_IS_DUPLICATED: 409,
  NAME_IS_DUPLICATED: 409,
  /** A user's saved views of one list are at SAVED_VIEWS_PER_LIST_MAX (RULES.md Transports, saved views). */
  SAVED_VIEW_LIMIT_REACHED: 409,
  NIP_IS_DUPLICATED: 409,
  PESEL_IS_DUPLICATED: 409,
  COMPANY_EXIST: 409,
  COMPANY_NOT_EXIST: 404,
  // Addresses
  ADDRESS_IS_EMPTY: 400,
  // Allocation
  ALLOCATION_IS_MISSING: 409,
  ALLOCATE_QUANTITY_IS_TO_BIG: 409,
  // Contracts
  CONTRACT_IS_NOT_COMPATIBLE: 409,
  CONTRACT_NOT_FOUND: 404,
  PURCHASE_CONTRACT_IS_IN_TRANSPORT: 409,
  SALE_CONTRACT_IS_IN_TRANSPORT: 409,
  // Invoices
  CANNOT_SET_INVOICE_ON_THIS_STATUS: 409,
  INVOICE_DATA_INCOMPLETE: 409,
  /** Sales invoices issued here (RULES.md Invoices, VAT and KSeF). */
  INVOICE_NOT_FOUND: 404,
  INVOICE_ROWS_NOT_COMPATIBLE: 409,
  INVOICE_ROW_ALREADY_INVOICED: 409,
  INVOICE_BUYER_ID_MISSING: 409,
  INVOICE_SETTINGS_MISSING: 409,
  VAT_RATE_MISSING: 409,
  INVOICE_XML_INVALID: 409,
  /** Sending to KSeF needs its settings (environment and token) or KSEF_URL and KSEF_TOKEN (README Configuration). */
  KSEF_NOT_CONFIGURED: 409,
  /** A KSeF token is stored encrypted with SECRETS_KEY (README Configuration); without the key none is taken. */
  SECRETS_KEY_MISSING: 409,
  /** A custom KSeF address (the fake) is taken only with KSEF_ALLOW_CUSTOM_URL. */
  KSEF_CUSTOM_URL_NOT_ALLOWED: 409,
  /** Only an ISSUED (or REJECTED, after a fix elsewhere) invoice is queued; QUEUED/SENT/ACCEPTED are not sent twice. */
  INVOICE_ALREADY_SENT_TO_KSEF: 409,
  /**
   * A correction is issued against an invoice ISSUED here or ACCEPTED by KSeF; one waiting for its KSeF number
   * (QUEUED, SENT, OFFLINE) or REJECTED would be referenced without the number it gets (RULES.md Invoices, VAT and KSeF).
   */
  INVOICE_NOT_CORRECTABLE: 409,
  // NBP exchange rates (RULES.md Invoices, VAT and KSeF: VAT in PLN at the NBP mid rate)
  /** No stored NBP mid rate of the last business day before the tax point: enter, import or fetch it first. */
  EXCHANGE_RATE_MISSING: 409,
  /** NBP publishes tables only on business days: a rate for a weekend or holiday is refused. */
  EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY: 400,
  /** A rate of that currency and day is already stored; a rate is never overwritten. */
  EXCHANGE_RATE_ALREADY_EXISTS: 409,
  /** The uploaded file is not an NBP table (API JSON or archive CSV) or holds no EUR/USD rate. */
  EXCHANGE_RATE_FILE_INVALID: 400,
  /**
   * NBP's API did not answer (no network, time-out, error status). A refusal of this call, not a failure of ours:
   * the person enters or imports the rate instead.
   */
  NBP_API_UNREACHABLE: 409,
  /** NBP's API has no table A rate of that currency and day (404 there). */
  NBP_RATE_NOT_PUBLISHED: 409,
  /** The UPO (KSeF's receipt) exists only once KSeF has accepted the invoice. */
  INVOICE_UPO_MISSING: 409,
  // Purchase price list (CONTRIBUTING.md Price lists)
  /** Another entry of the same quality, supplier kind and payment term already covers one of these days. */
  PRICE_LIST_OVERLAP: 409,
  /** A price-list CSV with a bad line: the line and column are named, nothing of the file is stored. */
  PRICE_LIST_FILE_INVALID: 400,
  /** The contract price differs from the day's list price by more than the company's limit and has no note. */
  PRICE_DEVIATION_NOTE_REQUIRED: 400,
  /** VAT RR invoices (RULES.md Invoices, VAT and KSeF, VAT RR). */
  RR_INVOICE_NOT_FOUND: 404,
  /** A purchase from a supplier whose accounting method is not RR never gets an RR invoice. */
  RR_INVOICE_SUPPLIER_NOT_RR: 409,
  /** The farmer lacks what an RR invoice needs; the field names it (bank_account, flat_rate_declaration_date). */
  RR_INVOICE_FARMER_DATA_MISSING: 409,
  RR_INVOICE_SERIES_MISSING: 409,
  RR_REFUND_RATE_MISSING: 409,
  /** A farmer known only by PESEL gets a paper RR invoice: FA_RR names the supplier by NIP. */
  RR_INVOICE_WITHOUT_XML: 409,
  /** Received invoices (RULES.md Invoices, VAT and KSeF: a received invoice matched to statement rows). */
  RECEIVED_INVOICE_NOT_FOUND: 404,
  /** Hidden ("not ours") or already matched: nothing more to assign or accept. */
  RECEIVED_INVOICE_WRONG_STATUS: 409,
  /** The row is already linked to another received invoice, or is not a PURCHASE or TRANSPORT row of its seller. */
  RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE: 409,
  /** Its XML could not be read as an FA (3) invoice (parse_error says why): there is nothing to show as a PDF. */
  RECEIVED_INVOICE_UNREADABLE: 409,
  /** A bank statement that is neither MT940 nor a bank CSV, or has a line that cannot be read (the message names it). */
  BANK_STATEMENT_INVALID: 400,
  // GMP
  GMP_CERT_NOT_SATISFIED: 409,
  GMP_NOT_SATISFIED: 409,
  // Transport
  NOT_EDITABLE_TRANSPORT: 409,
  NOT_REALLOCATABLE_TRANSPORT: 409,
  TRANSPORT_ALREADY_HAVE_SETTLEMENT: 409,
  TRANSPORT_CANNOT_BE_REMOVED: 409,
  TRANSPORT_NOT_FOUND: 404,
  TRANSPORT_QUANTITY_IS_TO_BIG: 409,
  /** The truck or driver is on another NEW / ON_THE_WAY transport at the same time; a note decides. */
  VEHICLE_ALREADY_PLANNED: 409,
  WRONG_STATUS: 409,
  // Weighbridge scale (CONTRIBUTING.md Weighbridge): why a weight could not be taken from the indicator
  /** No N consecutive stable frames agreeing within one division before the time-out: the truck still moves. */
  SCALE_READING_UNSTABLE: 409,
  /** The indicator reports overload, or a stable weight above the scale's capacity. */
  SCALE_OVERLOAD: 409,
  /** The indicator reports underload, or a stable weight below zero. */
  SCALE_UNDERLOAD: 409,
  /** The indicator outputs net weight (a tare is set on it); a ticket needs the gross weight. */
  SCALE_NOT_GROSS: 409,
  /** No connection to the indicator, or no data from it. */
  SCALE_UNREACHABLE: 503,
  /** Data arrives but no frame of the configured protocol can be read from it. */
  SCALE_PROTOCOL_ERROR: 502,
  // Weighbridge tickets (CONTRIBUTING.md Weighbridge)
  WEIGHBRIDGE_TICKET_NOT_FOUND: 404,
  /** A closed or cancelled ticket is never weighed or edited again: a correction is a new ticket. */
  WEIGHBRIDGE_TICKET_CLOSED: 409,
  /** Closing a ticket needs both weighings (the missing one is the field). */
  WEIGHBRIDGE_TICKET_INCOMPLETE: 409,
  /** Only a closed ticket is corrected (an open one is weighed again). */
  WEIGHBRIDGE_TICKET_NOT_CLOSED: 409,
  /** The transport already has an open or closed ticket on that side. */
  WEIGHBRIDGE_TICKET_EXISTS: 409,
  /** The tare weighs more than the gross (the field is the weighing that made it so). */
  TARE_ABOVE_GROSS: 409,
  /** The transport is DELIVERED, RETURN_TO_CLIENT or CANCELLED: no ticket is weighed for it any more. */
  TRANSPORT_CLOSED: 409,
  // Decisions on a rejected unloading (RULES.md Transports, Quality: a rejection limit asks for a decision)
  /** The transport has no unloading waiting for a decision ("do decyzji"). */
  TRANSPORT_NOT_TO_DECIDE: 409,
  /** The unloading was decided already: a decision is taken once. */
  TRANSPORT_ALREADY_DECIDED: 409,
  /** A statement row of the unloading is settled or invoiced: the decision would change a closed document. */
  TRANSPORT_DECISION_ROWS_CLOSED: 409,
  // Lookups
  NOT_FOUND: 404,
  PURCHASE_SUPPLIER_NOT_FOUND: 404,
  SALES_SUPPLIER_NOT_FOUND: 404,
  SUPPLIER_NOT_FOUND: 404,
  RECIPIENT_NOT_FOUND: 404,
  SETTLEMENT_NOT_FOUND: 404,
  RAW_MATERIAL_NOT_FOUND: 404,
  RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND: 404,
  RAW_MATERIAL_WRONG_DATA_TYPE: 400,
  // Server
  INTERNAL_ERROR: 500,
  SERVER_ERROR: 500,
  MISSING_DATABASE: 503,
  SQL_ERROR: 500,
  EXPORT_ERROR: 500,
  /** Every PDF render thread is busy and the renders waiting fill the queue: try again in a moment. */
  PDF_SERVICE_BUSY: 503,
  /** The process is stopping (a rolling restart): its health check says so, other processes take the calls. */
  SERVER_DRAINING: 503,
  /** The process already streams live updates to as many screens as it allows: the screen connects again later. */
  LIVE_EVENTS_BUSY: 503,
  SOMETHING_WENT_WRONG: 500,
  UNKNOWN: 500,
} as const;

export type MessageCode = keyof typeof MESSAGE_CODES;

export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGE_CODES, value);
}

/** One invalid field of a 400 VALIDATION_ERROR: `field` is the snake_case path on the wire. */
export interface FieldError {
  field: string;
  code: string;
}

export interface ErrorBody {
  message_code: MessageCode;
  message: string;
  errors?: FieldError[];
}
