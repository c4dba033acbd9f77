/**
 * The server's use of the contract's text rules (`@plugin-center/contract`, `text.ts`), the one
 * module every path into the catalogue calls — the publish form and the API (`publishing/checks.ts`,
 * which the CLI's `plugin-center publish` reaches too), batch and catalogue imports
 * (`catalogue/entry.ts`), the manifest (`publishing/manifest.ts`), review reasons:
 * - name-like texts (a plugin's name, developer, copyright holder, tags; a manifest's names) with
 *   invisible or bidirectional control characters are refused ({@link refuseHidden});
 * - longer texts (intro, description, version notes, a reject reason) lose those characters
 *   ({@link cleanText}); what was removed is flagged for the reviewer ({@link hiddenTextCheck});
 * - links go through the one link rule ({@link checkLink}), contacts through the contact rule
 *   ({@link checkContact}).
 */
import { BANNER_URL_MESSAGE } from '@plugin-center/contract';
import { ApiErrorCode, type CheckResult } from '@plugin-center/contract/schemas';
import { contactProblem, hiddenCharactersProblem, httpUrl, stripHidden } from '@plugin-center/contract/text';
import { ApiError } from '../errors';

const invalid = (field: string, message: string) =>
  new ApiError(ApiErrorCode.INVALID_PARAMETER, `${field}: ${message}`, 400, field);

/**
 * Refuses a name-like text holding invisible or bidirectional control characters (or any control
 * character: a name is one line).
 * @throws ApiError 400 INVALID_PARAMETER, field `field`, message `<field>: must not contain
 *   invisible or bidirectional control characters (U+202E)`
 */
export function refuseHidden(field: string, value: string | undefined | null): void {
  if (!value) return;
  const problem = hiddenCharactersProblem(value);
  if (problem) throw invalid(field, problem);
}

/**
 * A longer text without its invisible and bidirectional control characters (joiners of emoji and
 * of joined scripts, tab and line breaks kept); `trim` trims the result as single-line fields are.
 */
export function cleanText(value: string, trim = false): string {
  const { text } = stripHidden(value);
  return trim ? text.trim() : text;
}

/**
 * The reviewer's `text` check: `flag` naming the fields that lost hidden characters (and how many),
 * `pass` when none had any.
 * @param fields - the texts as sent, by field name
 */
export function hiddenTextCheck(fields: Record<string, string | undefined>): CheckResult {
  const removed = Object.entries(fields)
    .map(([field, value]) => [field, value ? stripHidden(value).removed : 0] as const)
    .filter(([, count]) => count > 0);
  if (removed.length === 0)
    return { check: 'text', status: 'pass', detail: 'no invisible or bidirectional control characters' };
  return {
    check: 'text',
    status: 'flag',
    detail: `invisible or bidirectional control characters removed: ${removed
      .map(([field, count]) => `${field} (${count})`)
      .join(', ')}`,
  };
}

/**
 * A link field by the one link rule (the contract's `httpUrl`: absolute http(s), no credentials,
 * no backslash, no control, invisible or white-space character but an inner space, at most
 * `maxLength` characters).
 * @returns the link normalised by the URL parser
 * @throws ApiError 400 INVALID_PARAMETER, field `field`, message `<field>: Wrong url, please try
 *   again` (SPEC §5's text)
 */
export function checkLink(field: string, value: string, maxLength?: number): string {
  const url = httpUrl(value, maxLength);
  if (url === undefined) throw invalid(field, BANNER_URL_MESSAGE);
  return url;
}

/**
 * A contact by the contract's contact rule (text, email, phone, account, or an http(s) link; no
 * `javascript:`/`data:`/`vbscript:`/`file:` scheme, no other `scheme://`, no hidden characters).
 * @throws ApiError 400 INVALID_PARAMETER, field `field`, with the rule's message
 */
export function checkContact(field: string, value: string): string {
  const problem = contactProblem(value);
  if (problem) throw invalid(field, problem);
  return value;
}
