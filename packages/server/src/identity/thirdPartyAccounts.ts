/** The account side of third-party sign-in: the account of a provider's subject, and binding one. */
import { ApiErrorCode, type UserInfo } from '@plugin-center/contract/schemas';
import { ApiError } from '../errors';
import { accountByEmail, bindSubject, boundUserId, normalizeEmail } from './data/accounts';
import type { IdentityCore } from './identityCore';

/** A third-party account as the provider described it (see `thirdParty.ts`). */
export interface ThirdPartyProfile {
  source: string;
  subject: string;
  email: string | null;
  email_verified: boolean;
  name: string | null;
  picture: string | null;
}

/**
 * The account of a provider's subject: the bound one; else, on first sign-in, an existing
 * account with the provider's email when the provider says the email is verified (then bound);
 * else a new general user (without email when that email already has an account).
 */
export async function thirdPartyAccount(identity: IdentityCore, profile: ThirdPartyProfile): Promise<number> {
  const bound = await boundUserId(identity.db.kysely, profile.source, profile.subject);
  if (bound !== undefined) return bound;
  const email = profile.email ? normalizeEmail(profile.email) : null;
  const now = identity.clock();
  const afterCommit: (() => void)[] = [];
  try {
    const created = await identity.db.kysely.transaction().execute(async (trx) => {
      let userId: number | undefined;
      if (email && profile.email_verified) userId = (await accountByEmail(trx, email))?.id;
      if (userId === undefined) {
        const fields = {
          password_hash: null,
          ...(profile.name ? { nick_name: profile.name } : {}),
          avatar_url: profile.picture,
          user_name: email?.split('@')[0] ?? profile.name ?? `${profile.source}-user`,
        };
        const row =
          (email ? await identity.insertNewAccount(trx, { email, ...fields }, now, afterCommit) : null) ??
          (await identity.insertNewAccount(trx, { email: null, ...fields }, now, afterCommit));
        userId = row!.id;
      }
      const linked = await bindSubject(
        trx,
        { source: profile.source, subject: profile.subject, user_id: userId },
        now,
      );
      // A concurrent first sign-in of the same subject won: drop the account made here.
      if (!linked) throw new LinkConflict();
      return userId;
    });
    for (const after of afterCommit) after();
    return created;
  } catch (error) {
    if (!(error instanceof LinkConflict)) throw error;
    return (await boundUserId(identity.db.kysely, profile.source, profile.subject))!;
  }
}

/**
 * `POST 3rd-party/bind`: binds a provider account to the signed-in user.
 * @throws ApiError INVALID_PARAMETER (400) when that provider account is bound to another user.
 */
export async function bindThirdParty(
  identity: IdentityCore,
  userId: number,
  profile: ThirdPartyProfile,
): Promise<UserInfo> {
  await bindSubject(
    identity.db.kysely,
    { source: profile.source, subject: profile.subject, user_id: userId },
    identity.clock(),
  );
  const bound = await boundUserId(identity.db.kysely, profile.source, profile.subject);
  if (bound !== userId) {
    throw new ApiError(
      ApiErrorCode.INVALID_PARAMETER,
      `this ${profile.source} account is already bound to another user`,
    );
  }
  return identity.userInfo(userId);
}

/** Rolls back a first third-party sign-in that lost the race to bind the same subject. */
class LinkConflict extends Error {}
