/**
 * The write load of the crash test (`attack/crash.test.ts`): concurrent writers that sign up, track
 * events, like and install plugins, publish with files, and (the administrator) save and delete
 * banners against a real server at `origin`, recording every write the server acknowledged.
 */
import { seededRandom } from '../random';
import { multipart, pngBytes, publishFields } from './testFiles';

/** Concurrent writers. */
export const WRITERS = 12;
/** The administrator created on first start, who saves and deletes banners. */
export const ADMIN_EMAIL = 'crash-admin@example.com';

/** What the server acknowledged. */
export interface Acknowledged {
  events: Set<string>;
  accounts: Set<string>;
  installs: Set<string>;
  likes: Set<string>;
  /** Names of the plugins whose publish was acknowledged. */
  publishes: Set<string>;
  /**
   * Links of the banners whose creation was acknowledged and that no deletion was sent
   * for (a deletion whose answer was lost may or may not have happened: its banner leaves the set).
   */
  banners: Map<string, number>;
  /** Acknowledged banner creations and image replacements, in all. */
  bannerSaves: number;
}

export interface Session {
  userId: number;
  token: string;
}

export async function json(response: Response): Promise<{ code: number; data: unknown }> {
  return (await response.json()) as { code: number; data: unknown };
}

/** Signs up (or, with `password`, signs in) an account over HTTP and exchanges its login code for a session. */
export async function signUp(origin: string, email: string, password?: string): Promise<Session | undefined> {
  const res = await fetch(`${origin}/api/uc/user/${password ? 'login' : 'sign_up'}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: password ?? 'crash test password', redirect_uri: '/plugins/' }),
  });
  if (!res.ok) return undefined;
  const text = JSON.stringify((await json(res)).data);
  const code = /code=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  if (!code) throw new Error(`no login code in ${text}`);
  const exchange = await fetch(
    `${origin}/api/uc/user/login/code/user?code=${code}&redirect_uri=${encodeURIComponent('/plugins/')}`,
  );
  if (!exchange.ok) return undefined;
  const login = (await json(exchange)).data as { access_token: string; user_info: { user_id: number } };
  return { userId: login.user_info.user_id, token: login.access_token };
}

/** Runs writers until `stop` resolves; every 2xx write is recorded in `acked`. */
export async function load(
  origin: string,
  round: number,
  keys: string[],
  acked: Acknowledged,
  stop: Promise<void>,
) {
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  const random = seededRandom(1000 + round);
  /** The administrator's writer — banner creations, image replacements and deletions. */
  const bannerWriter = async (b: number) => {
    let admin: Session | undefined;
    for (let i = 0; !stopped; i += 1) {
      const id = `r${round}-b${b}-${i}`;
      try {
        admin ??= await signUp(origin, ADMIN_EMAIL, 'crash-test-admin-password');
        if (!admin) continue;
        const pick = random();
        const known = [...acked.banners];
        const authorization = `Bearer ${admin.token}`;
        // Each banner its own image bytes, so deleting one frees a file of its own.
        const image = () => ({
          bytes: pngBytes(200 + (i % 500), 60 + b, [round * 40, i % 256, Math.floor(i / 256) % 256]),
          name: 'banner.png',
          type: 'image/png',
        });
        if (pick < 0.7 || known.length === 0) {
          const link = `https://example.com/crash/${id}`;
          const { payload, headers } = await multipart({ image: image(), redirect_url: link });
          const res = await fetch(`${origin}/api/cmt/manager/plugin-banner`, {
            method: 'PUT',
            headers: { ...headers, authorization },
            body: new Uint8Array(payload),
          });
          if (res.ok) {
            acked.banners.set(link, ((await json(res)).data as { id: number }).id);
            acked.bannerSaves += 1;
          }
        } else {
          const [link, bannerId] = known[Math.floor(random() * known.length)]!;
          if (pick < 0.9) {
            const { payload, headers } = await multipart({ id: String(bannerId), image: image() });
            const res = await fetch(`${origin}/api/cmt/manager/plugin-banner`, {
              method: 'PUT',
              headers: { ...headers, authorization },
              body: new Uint8Array(payload),
            });
            if (res.ok) acked.bannerSaves += 1;
          } else {
            acked.banners.delete(link);
            await fetch(`${origin}/api/cmt/manager/plugin-banner`, {
              method: 'DELETE',
              headers: { 'content-type': 'application/json', authorization },
              body: JSON.stringify({ id: bannerId }),
            });
          }
        }
      } catch {
        // The connection died with the server: not acknowledged.
      }
    }
  };
  const writer = async (w: number) => {
    let session: Session | undefined;
    for (let i = 0; !stopped; i += 1) {
      const id = `r${round}-w${w}-${i}`;
      try {
        const pick = random();
        if (!session || pick < 0.1) {
          const email = `${id}@crash.test`;
          const created = await signUp(origin, email);
          if (created) {
            acked.accounts.add(email);
            session = created;
          }
        } else if (pick < 0.2) {
          const name = `Crash ${id}`;
          const { payload, headers } = await multipart(publishFields({ name }));
          const res = await fetch(`${origin}/api/cmt/plugin`, {
            method: 'POST',
            headers: { ...headers, authorization: `Bearer ${session.token}` },
            body: new Uint8Array(payload),
          });
          if (res.ok) acked.publishes.add(name);
        } else if (pick < 0.55) {
          const record = {
            type: 'track',
            event: 'CrashTest',
            distinct_id: id,
            time: Date.now(),
            properties: {},
          };
          const data = Buffer.from(JSON.stringify(record)).toString('base64');
          const res = await fetch(`${origin}/sa?project=default`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: `data=${encodeURIComponent(data)}`,
          });
          if (res.ok) acked.events.add(id);
        } else {
          const key = keys[Math.floor(random() * keys.length)]!;
          const like = pick >= 0.8;
          const res = await fetch(`${origin}/api/cmt/plugin/user${like ? '/praise' : ''}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
            body: JSON.stringify(like ? { plugin_key: key, praise: 1 } : { plugin_key: key }),
          });
          if (res.ok) (like ? acked.likes : acked.installs).add(`${session.userId}:${key}`);
        }
      } catch {
        // The connection died with the server: not acknowledged.
      }
    }
  };
  await Promise.all([
    ...Array.from({ length: WRITERS }, (_, w) => writer(w)),
    bannerWriter(0),
    bannerWriter(1),
  ]);
}
