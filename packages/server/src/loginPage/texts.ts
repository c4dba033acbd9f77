/**
 * Texts of the login pages (SPEC §2 `/user/login/`, `/user/login/bind`) per interface locale, and
 * how a request's locale is chosen (SPEC §1, §9: zh-CN default, en-US fallback, `lang` cookie values
 * zh-CN, en, jp, kr, ru, es). zh-CN and en-US are written; ja-JP, ko-KR, ru-RU and es-ES slot into
 * {@link LOGIN_TEXTS} with the same {@link LoginTexts} shape and are served as soon as they exist
 * (until then they fall back to en-US).
 */
import { type Locale, localeFromCookieValue, localeFromLanguageTag } from '@plugin-center/contract';

/**
 * Every text of the login pages in one locale. `{name}` marks a placeholder filled (and
 * HTML-escaped) by the page: `{app_name}`, `{id}`, `{seconds}`, `{status}`.
 */
export interface LoginTexts {
  /** Product name shown as the brand, e.g. "Plugin Center". */
  productName: string;
  /** Heading of the sign-in form. */
  signInTitle: string;
  /** Line under the sign-in heading. */
  signInLead: string;
  /** Line under the heading of the docs-provider login (`app_name` given); placeholder `{app_name}`. */
  continueTo: string;
  /** Heading of the sign-up form (`page=sign_up`). */
  signUpTitle: string;
  /** Line under the sign-up heading. */
  signUpLead: string;
  /** Heading of the bind-other variant (`bind_other=bind`). */
  bindOtherTitle: string;
  /** Line under the bind-other heading. */
  bindOtherLead: string;
  /** Heading of the bind page (`/user/login/bind`). */
  bindTitle: string;
  /** Bind page explanation when the third-party account id is known; placeholder `{id}`. */
  bindLeadWithId: string;
  /** Bind page explanation without an id. */
  bindLead: string;
  /** Label of the email field. */
  email: string;
  /** Label of the password field. */
  password: string;
  /** Hint under the sign-up password field (at least 8 characters, as the wire's SignUpBody). */
  passwordHint: string;
  /** Label of the optional nickname field of sign-up. */
  nickname: string;
  /** Marker after an optional field's label. */
  optional: string;
  /** Accessible name of the password show/hide toggle (a pressed toggle shows the password). */
  showPassword: string;
  /** Submit button of sign-in. */
  submitSignIn: string;
  /** Submit button of sign-up. */
  submitSignUp: string;
  /** Submit button while a sign-in request is pending. */
  pendingSignIn: string;
  /** Submit button while a sign-up request is pending. */
  pendingSignUp: string;
  /** Text before the link to sign-up. */
  toSignUp: string;
  /** The link to sign-up. */
  linkSignUp: string;
  /** Text before the link to sign-in. */
  toSignIn: string;
  /** The link to sign-in. */
  linkSignIn: string;
  /** Link to the bind-other variant (`bind_other=bind`). */
  bindOtherLink: string;
  /** Link from the bind-other variant back to the plain sign-in. */
  plainSignInLink: string;
  /** Link back to the marketplace. */
  backHome: string;
  /** Shown when JavaScript is off: the form still posts, the answer is the JSON result. */
  noScript: string;
  /** Friendly error texts the page's script shows in its `role="alert"` region. */
  errors: {
    /** Server error INVALID_CREDENTIALS. */
    INVALID_CREDENTIALS: string;
    /** Server error EMAIL_TAKEN. */
    EMAIL_TAKEN: string;
    /** Server error RATE_LIMITED with a Retry-After; placeholder `{seconds}`. */
    RATE_LIMITED: string;
    /** Server error RATE_LIMITED without a usable Retry-After. */
    RATE_LIMITED_LATER: string;
    /** Server error REDIRECT_NOT_ALLOWED. */
    REDIRECT_NOT_ALLOWED: string;
    /** The request never got an answer (fetch rejected). */
    NETWORK: string;
    /** Any other failure without a server message; placeholder `{status}` (HTTP status). */
    UNKNOWN: string;
  };
}

const enUS: LoginTexts = {
  productName: 'Plugin Center',
  signInTitle: 'Sign in to Plugin Center',
  signInLead: 'Like, install and publish plugins with your account.',
  continueTo: 'Sign in to continue to {app_name}',
  signUpTitle: 'Create your account',
  signUpLead: 'Join Plugin Center to like, install and publish plugins.',
  bindOtherTitle: 'Bind another account',
  bindOtherLead: 'Sign in with the account you want to bind.',
  bindTitle: 'Bind your account',
  bindLeadWithId: 'Sign in and the third-party account {id} will be bound to your Plugin Center account.',
  bindLead: 'Sign in and your third-party account will be bound to your Plugin Center account.',
  email: 'Email',
  password: 'Password',
  passwordHint: 'At least 8 characters.',
  nickname: 'Nickname',
  optional: '(optional)',
  showPassword: 'Show password',
  submitSignIn: 'Sign in',
  submitSignUp: 'Create account',
  pendingSignIn: 'Signing in…',
  pendingSignUp: 'Creating account…',
  toSignUp: 'No account yet?',
  linkSignUp: 'Sign up',
  toSignIn: 'Already have an account?',
  linkSignIn: 'Sign in',
  bindOtherLink: 'Bind another account',
  plainSignInLink: 'Sign in without binding',
  backHome: 'Back to Plugin Center',
  noScript: 'JavaScript is off: the form still submits, and the server answers with its plain result.',
  errors: {
    INVALID_CREDENTIALS: 'Wrong email or password',
    EMAIL_TAKEN: 'This email is already registered. Sign in instead.',
    RATE_LIMITED: 'Too many attempts. Try again in {seconds} seconds.',
    RATE_LIMITED_LATER: 'Too many attempts. Please try again later.',
    REDIRECT_NOT_ALLOWED:
      'This sign-in link leads to an address that is not allowed. Start again from the site you came from.',
    NETWORK: 'Network error: check your connection and try again.',
    UNKNOWN: 'Something went wrong (HTTP {status}). Please try again.',
  },
};

const zhCN: LoginTexts = {
  productName: '插件中心',
  signInTitle: '登录插件中心',
  signInLead: '登录后即可点赞、安装和发布插件。',
  continueTo: '登录以继续使用 {app_name}',
  signUpTitle: '注册账号',
  signUpLead: '注册插件中心账号，点赞、安装和发布插件。',
  bindOtherTitle: '绑定其他账号',
  bindOtherLead: '请登录要绑定的账号。',
  bindTitle: '绑定账号',
  bindLeadWithId: '登录后，第三方账号 {id} 将绑定到你的插件中心账号。',
  bindLead: '登录后，你的第三方账号将绑定到插件中心账号。',
  email: '邮箱',
  password: '密码',
  passwordHint: '至少 8 个字符。',
  nickname: '昵称',
  optional: '（选填）',
  showPassword: '显示密码',
  submitSignIn: '登录',
  submitSignUp: '注册',
  pendingSignIn: '正在登录…',
  pendingSignUp: '正在注册…',
  toSignUp: '还没有账号？',
  linkSignUp: '立即注册',
  toSignIn: '已有账号？',
  linkSignIn: '去登录',
  bindOtherLink: '绑定其他账号',
  plainSignInLink: '直接登录，不绑定',
  backHome: '返回插件中心',
  noScript: '浏览器未启用 JavaScript：表单仍可提交，服务器将直接返回结果。',
  errors: {
    INVALID_CREDENTIALS: '邮箱或密码错误',
    EMAIL_TAKEN: '该邮箱已注册，请直接登录。',
    RATE_LIMITED: '尝试次数过多，请 {seconds} 秒后重试。',
    RATE_LIMITED_LATER: '尝试次数过多，请稍后重试。',
    REDIRECT_NOT_ALLOWED: '登录链接的跳转地址不在允许范围内，请从原网站重新进入。',
    NETWORK: '网络错误，请检查网络连接后重试。',
    UNKNOWN: '出错了（HTTP {status}），请重试。',
  },
};

/** Locales whose texts are written; ja-JP, ko-KR, ru-RU and es-ES are added here when translated. */
export const LOGIN_TEXTS: Readonly<
  Partial<Record<Locale, LoginTexts>> & Record<'zh-CN' | 'en-US', LoginTexts>
> = {
  'zh-CN': zhCN,
  'en-US': enUS,
};

/** The default locale of the login pages (SPEC §1, §9). */
export const DEFAULT_LOGIN_LOCALE = 'zh-CN' satisfies Locale;
/** The locale used when the wanted one has no texts yet (SPEC §1, §9). */
export const FALLBACK_LOGIN_LOCALE = 'en-US' satisfies Locale;

/** What a request says about its language, as the Fastify plugins parse it (see `loginPageRoutes`). */
export interface LocaleWish {
  /** The `lang` cookie's value (`request.cookies.lang` of `@fastify/cookie`), URL-decoded. */
  lang?: string | undefined;
  /**
   * The `Accept-Language` languages with q > 0, most wanted first (`request.languages()` of
   * `@fastify/accepts`: by q-value, then as listed).
   */
  languages?: readonly string[] | undefined;
}

/**
 * The locale of a login page request and its texts: the `lang` cookie when it names a locale
 * (zh-CN, en, jp, kr, ru, es, or a full locale name), else the first `Accept-Language` language
 * whose primary subtag is one of ours (`en-GB` → en-US), else zh-CN. A locale without texts in
 * {@link LOGIN_TEXTS} falls back to en-US (SPEC §1, §9). The aliases are the contract's one
 * `LOCALE_ALIASES` table, shared with the marketplace.
 *
 * @param wish the request's `lang` cookie and `Accept-Language` languages (both optional)
 * @returns the locale to put in `<html lang>` and the texts to render
 */
export function pickLoginLocale(wish: LocaleWish): { locale: Locale; texts: LoginTexts } {
  const wanted =
    localeFromCookieValue(wish.lang) ??
    (wish.languages ?? []).map(localeFromLanguageTag).find((locale) => locale !== undefined) ??
    DEFAULT_LOGIN_LOCALE;
  const texts = LOGIN_TEXTS[wanted];
  return texts ? { locale: wanted, texts } : { locale: FALLBACK_LOGIN_LOCALE, texts: LOGIN_TEXTS['en-US'] };
}
