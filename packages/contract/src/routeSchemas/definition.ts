/**
 * What the schemas of one route hold, and the OpenAPI tags and rule texts the groups share.
 */
import type { TObject, TSchema } from 'typebox';

/** One file field of a multipart form. */
export interface MultipartFile {
  /** Largest file accepted, bytes (larger: 413 PAYLOAD_TOO_LARGE naming the field). */
  readonly maxBytes: number;
  /** Content types accepted; the server reads the type from the bytes, not from the part's header. */
  readonly contentTypes: readonly string[];
  /** Whether the field may be sent more than once (one file per part). */
  readonly repeat?: boolean;
  /** Whether the form is refused without it. */
  readonly required?: boolean;
  /** What the file is, for the OpenAPI document. */
  readonly description: string;
}

/**
 * A `multipart/form-data` body: its text fields (a TypeBox object whose values travel as text; an
 * array is a repeated field) and its file fields. The server's form readers take their field names,
 * size caps and validation from it, and the OpenAPI document describes the body with it.
 */
export interface MultipartForm {
  /** The text fields (no other text field is accepted). */
  readonly fields: TObject;
  /** The file fields by name (no other file field is accepted). */
  readonly files: Readonly<Record<string, MultipartFile>>;
}

/** The schemas and OpenAPI texts of one route. */
export interface RouteSchema {
  /** OpenAPI tags (the first names the domain). */
  readonly tags: readonly string[];
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Rules and errors beyond the summary. */
  readonly description?: string;
  /** Query string (text values converted strictly, see the server's `validation.ts`). */
  readonly querystring?: TSchema;
  /** Path parameters (`{name}` in the path). */
  readonly params?: TSchema;
  /** Request body. */
  readonly body?: TSchema;
  /** `data` of the success envelope, or the whole body of a `raw` route. */
  readonly response?: TSchema;
  /** Content types of the body, for the OpenAPI document, when not JSON. */
  readonly consumes?: readonly string[];
  /** The `multipart/form-data` body of a `multipart` route (see {@link MultipartForm}). */
  readonly multipart?: MultipartForm;
  /** Leave the route out of the OpenAPI document (pages and preflights are left out anyway). */
  readonly hide?: boolean;
}

/** Every route of a group of the table has an entry. */
export type SchemasOf<T> = { readonly [K in keyof T]: RouteSchema };

export const PLUGINS = ['plugins'] as const;
export const IDENTITY = ['identity'] as const;
export const ANALYTICS = ['analytics'] as const;
export const PAGES = ['pages'] as const;
export const OPERATIONS = ['operations'] as const;
/** Settings: the space setting, the external accounts, people. */
export const SETTINGS = ['settings'] as const;
/** How the secrets of the external accounts travel and rest (docs/deployment.md). */
export const SECRET_RULES =
  'Secrets are stored encrypted (AES-256-GCM, key outside the database) and never answered in full: `SECRET_MASK_PREFIX` (8 × U+2022) + the last 4 characters (when the secret has at least 12). Sending the masked text back keeps the stored secret. `secret_status` `undecryptable`: stored with another key than the server has.';

export const RANGE_RULES =
  'Range `[from, to)` in epoch ms; default: `to` = now, `from` = 00:00 UTC 29 days before (30 UTC days). 400 INVALID_PARAMETER when `from` ≥ `to` or the range is longer than 366 days. Days are UTC days (`YYYY-MM-DD`), zero-filled.';
