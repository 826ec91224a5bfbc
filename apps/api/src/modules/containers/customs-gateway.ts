// The exchange with the customs declaration system (DOMAIN.md "Containers and the customs declaration system";
// docs/customs.md): what the portal asks of it, what it answers, and how a call fails.

/** A document of a package, as the system is sent it: the order's file and what kind of document it is. */
export interface CustomsDocument {
  id: number;
  filename: string;
  content_type: string;
  document_number: string;
  document_date: string | null;
  /** The document type's titles in the reference book ("Commercial invoice" / "Инвойс (счёт-проформа)"); empty when none is set. */
  document_type: string;
  document_type_en: string;
  /** The file's bytes, read when a gateway sends them (the simulator looks at the types only). */
  read(): Promise<Buffer>;
}

/** A container's package as the system is sent it (and asked about: the system knows it by `pkg_pid`). */
export interface CustomsPackage {
  pkg_pid: number;
  container: string;
  freight_order: number;
  /** The order's border crossing (the transit declaration's office of destination), by its station code and name. */
  border_crossing: { code: string; name: string } | null;
  documents: CustomsDocument[];
}

/** The transit declaration the system issued for an accepted package. */
export interface CustomsDeclaration {
  td_number: string;
  /** yyyy-MM-dd */
  td_date: string;
  td_allowed_date: string;
  transit_decl_status: string;
  transit_decl_status_date: string;
}

/** A label the system put on a package: a short text in its colour (`#rrggbb`). */
export interface CustomsLabel {
  name: string;
  color: string;
}

/** What the system answered about a package; `message` is its own text (the system speaks Russian). */
export type CustomsAnswer =
  /** Taken, not decided yet: ask again after `checkAfterSeconds` (the portal's CUSTOMS_POLL_SECONDS when null). */
  | { state: "uploaded"; message: string; checkAfterSeconds: number | null }
  | { state: "accepted"; message: string; declaration: CustomsDeclaration; labels: CustomsLabel[] }
  | { state: "rejected"; message: string; labels?: CustomsLabel[] }
  | { state: "withdrawn"; message: string };

/**
 * The customs declaration system's calls. A call that cannot get an answer (the system unreachable, a timeout, a
 * 5xx) throws `CustomsUnavailable` and is tried again later; one the system refuses for good throws `CustomsRefused`.
 * `signal` aborts a call when the process stops.
 */
export interface CustomsGateway {
  /** How the logs and the start-up banner name it. */
  readonly description: string;
  /** Sends a package (a replaced package is a new one, with its own `pkg_pid`). */
  submit(pkg: CustomsPackage, signal: AbortSignal): Promise<CustomsAnswer>;
  /** Asks where a package sent earlier stands. */
  status(pkg: CustomsPackage, signal: AbortSignal): Promise<CustomsAnswer>;
  /** Withdraws a package sent earlier. */
  withdraw(pkg: CustomsPackage, signal: AbortSignal): Promise<CustomsAnswer>;
}

/** The system could not be reached or did not answer properly: worth trying again. */
export class CustomsUnavailable extends Error {
  override name = "CustomsUnavailable";
}

/** The system refused the call for good (a 4xx): trying again would change nothing. */
export class CustomsRefused extends Error {
  override name = "CustomsRefused";
}
