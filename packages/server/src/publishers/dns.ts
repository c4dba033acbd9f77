/**
 * The DNS check of a publisher's domain proof: the TXT records of `_plugin-center-verify.<domain>`
 * must hold `plugin-center-verify=<token>`. The resolver is a parameter so tests drive the check
 * with one they control; the server uses `node:dns/promises` `resolveTxt`.
 */
import { resolveTxt } from 'node:dns/promises';
import { PUBLISHER_LIMITS } from '@plugin-center/contract/publishers';

/** Looks up the TXT records of a name: each record as its character strings (`resolveTxt`'s shape). */
export type TxtResolver = (name: string) => Promise<string[][]>;

/** Why a domain check failed. */
export type DomainCheckFailure = 'missing' | 'mismatch' | 'nxdomain' | 'error';

/** What {@link checkDomainRecord} found. */
export type DomainCheckResult = { ok: true } | { ok: false; reason: DomainCheckFailure; message: string };

/** How long a lookup may take, ms, before the check gives up (`error`). */
export const DNS_TIMEOUT_MS = 10_000;

/** The TXT record's name of a domain proof: `_plugin-center-verify.<domain>`. */
export function recordName(domain: string): string {
  return `${PUBLISHER_LIMITS.RECORD_PREFIX}${domain}`;
}

/** The TXT record's value of a domain proof: `plugin-center-verify=<token>`. */
export function recordValue(token: string): string {
  return `${PUBLISHER_LIMITS.VALUE_PREFIX}${token}`;
}

/**
 * Whether the TXT records of {@link recordName}(`domain`) include {@link recordValue}(`token`) — a
 * record's character strings are joined first (RFC 7208 §3.3 reads long TXT values so), and
 * surrounding white space is ignored. Never throws: a resolver error is a failed check.
 *
 * @param resolver - default `node:dns/promises` `resolveTxt`
 * @returns `{ ok: true }`, or the failure: `nxdomain` (ENOTFOUND / NXDOMAIN), `missing` (no TXT
 *   record, ENODATA), `mismatch` (TXT records, none with the value), `error` (any other resolver
 *   error or no answer within {@link DNS_TIMEOUT_MS}), each with a message for the publisher.
 */
export async function checkDomainRecord(
  domain: string,
  token: string,
  resolver: TxtResolver = resolveTxt,
  timeoutMs: number = DNS_TIMEOUT_MS,
): Promise<DomainCheckResult> {
  const name = recordName(domain);
  const expected = recordValue(token);
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const records = await Promise.race([
      resolver(name),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error('timeout'), { code: 'ETIMEOUT' })),
          timeoutMs,
        );
        timer.unref?.();
      }),
    ]);
    const values = (Array.isArray(records) ? records : []).map((r) =>
      (Array.isArray(r) ? r.join('') : String(r)).trim(),
    );
    if (values.length === 0) return { ok: false, reason: 'missing', message: `no TXT record at ${name}` };
    if (values.includes(expected)) return { ok: true };
    return {
      ok: false,
      reason: 'mismatch',
      message: `the TXT records at ${name} do not include ${expected}`,
    };
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code === 'ENOTFOUND' || code === 'NXDOMAIN')
      return { ok: false, reason: 'nxdomain', message: `${name} does not exist (NXDOMAIN)` };
    if (code === 'ENODATA') return { ok: false, reason: 'missing', message: `no TXT record at ${name}` };
    return {
      ok: false,
      reason: 'error',
      message: `the DNS lookup of ${name} failed (${typeof code === 'string' ? code : 'error'}); try again later`,
    };
  } finally {
    if (timer) clearTimeout(timer);
  }
}
