/**
 * Texts of the login pages (SPEC §2 `/user/login/`, `/user/login/bind`) in all six interface locales
 * of SPEC §1, and how a request's locale is chosen: the marketplace's rule on the site's locales
 * (`SiteConfig.locales`): the `lang` cookie (SPEC §9 values zh-CN, en, jp, kr, ru, es) when
 * it names an offered locale, else the first offered `Accept-Language` language, else en-US (SPEC §1's
 * fallback) when the browser asked only for other languages, else the site's first locale. So the overseas site never shows Chinese and the domestic one
 * never Japanese.
 */
import { type Locale, localeFromCookieValue } from '@plugin-center/contract';
import { chooseOfferedLocale } from '@plugin-center/contract/locales';

/**
 * Every text of the login pages in one locale. `{name}` marks a placeholder filled (and
 * HTML-escaped) by the page or its script: `{app_name}`, `{id}`, `{seconds}`, `{status}`, `{min}`,
 * `{message}`, `{detail}`.
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
  /** Accessible name of the language picker (shown when the site offers 2+ locales). */
  languageLabel: string;
  /** Separator between the sign-in methods ("or"). */
  or: string;
  /** Heading of the e-mail form when other methods are shown beside it. */
  emailTitle: string;
  /** Heading of the directory (LDAP) sign-in form. */
  ldapTitle: string;
  /** Label of the directory user name field. */
  username: string;
  /** Hint under the directory user name field: which account is meant. */
  usernameHint: string;
  /** Submit button of the directory sign-in form. */
  submitLdap: string;
  /** Button-links of the browser sign-in methods, named by protocol (OIDC, SAML, custom SSO). */
  sso: {
    oidc: string;
    saml: string;
    custom_sso: string;
  };
  /** Shown instead of any form when the deployment offers no sign-in method at all. */
  noMethods: string;
  /** Line under a failed company sign-in's message with the callback's `sso_detail`; placeholder `{detail}`. */
  ssoDetail: string;
  /**
   * The browser's own validation bubbles in the page's language (the script sets them with
   * `setCustomValidity`, HTML § "Constraint validation") instead of the browser's language.
   */
  invalid: {
    /** A required field is empty (`valueMissing`). */
    required: string;
    /** The email field holds no email address (`typeMismatch`). */
    email: string;
    /** The sign-up password is shorter than its `minlength` (`tooShort`); placeholder `{min}`. */
    tooShort: string;
  };
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
    /** INVALID_CREDENTIALS of the directory form (user name instead of email). */
    DIRECTORY_INVALID_CREDENTIALS: string;
    /** Server error ACCOUNT_DISABLED (the directory says the person is gone, or an admin disabled them). */
    ACCOUNT_DISABLED: string;
    /** Server error LOGIN_METHOD_DISABLED (the method is off on this deployment). */
    LOGIN_METHOD_DISABLED: string;
    /** Server error THIRD_PARTY_FAILED of the directory form; placeholder `{message}` (the server's message, SPEC §8). */
    THIRD_PARTY_FAILED: string;
  };
  /**
   * Messages for the `sso_error` query parameter a browser sign-in's callback sends back on failure
   * (ACCOUNT_DISABLED, LOGIN_METHOD_DISABLED and REDIRECT_NOT_ALLOWED use {@link LoginTexts.errors}).
   */
  ssoErrors: {
    /** SSO_REJECTED: the provider's answer was refused (signature, audience, state, replay…). */
    SSO_REJECTED: string;
    /** THIRD_PARTY_FAILED: the provider could not be reached or answered unusably. */
    THIRD_PARTY_FAILED: string;
    /** INVALID_PARAMETER: the callback's request was incomplete or its one-time state expired. */
    INVALID_PARAMETER: string;
    /** Any other or unknown code. */
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
  noScript: 'JavaScript is turned off. You can still submit the form; the result appears as a plain page.',
  languageLabel: 'Language',
  or: 'or',
  emailTitle: 'E-mail account',
  ldapTitle: 'Company directory account (LDAP)',
  username: 'User name',
  usernameHint: 'Your company account, as you sign in to your work computer.',
  submitLdap: 'Sign in with company account',
  sso: {
    oidc: 'Sign in with company SSO (OpenID Connect)',
    saml: 'Sign in with company SSO (SAML)',
    custom_sso: 'Sign in with company single sign-on',
  },
  noMethods: 'No sign-in method is enabled on this site. Please contact your administrator.',
  ssoDetail: 'Details: {detail}',
  invalid: {
    required: 'Please fill in this field.',
    email: 'Enter an email address, such as name@example.com.',
    tooShort: 'Use at least {min} characters.',
  },
  errors: {
    INVALID_CREDENTIALS: 'Wrong email or password',
    EMAIL_TAKEN: 'This email is already registered. Sign in instead.',
    RATE_LIMITED: 'Too many attempts. Try again in {seconds} seconds.',
    RATE_LIMITED_LATER: 'Too many attempts. Please try again later.',
    REDIRECT_NOT_ALLOWED:
      'This sign-in link leads to an address that is not allowed. Start again from the site you came from.',
    NETWORK: 'Network error: check your connection and try again.',
    UNKNOWN: 'Something went wrong (HTTP {status}). Please try again.',
    DIRECTORY_INVALID_CREDENTIALS: 'Wrong user name or password',
    ACCOUNT_DISABLED: 'Your account is disabled. Please contact your administrator.',
    LOGIN_METHOD_DISABLED: 'This sign-in method is not enabled on this site.',
    THIRD_PARTY_FAILED: 'The company sign-in service could not complete the sign-in: {message}',
  },
  ssoErrors: {
    SSO_REJECTED:
      'The company sign-in service did not accept the sign-in. Try again, or contact your administrator.',
    THIRD_PARTY_FAILED:
      'The company sign-in service could not be reached or gave an unusable answer. Please try again later.',
    INVALID_PARAMETER: 'The sign-in request was incomplete or has expired. Please start again.',
    UNKNOWN: 'Sign-in did not succeed. Please try again.',
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
  languageLabel: '语言',
  or: '或',
  emailTitle: '邮箱账号',
  ldapTitle: '企业目录账号（LDAP）',
  username: '用户名',
  usernameHint: '即你登录公司电脑时使用的企业账号。',
  submitLdap: '使用企业账号登录',
  sso: {
    oidc: '使用企业单点登录（OpenID Connect）',
    saml: '使用企业单点登录（SAML）',
    custom_sso: '使用企业单点登录',
  },
  noMethods: '本站点未启用任何登录方式，请联系管理员。',
  ssoDetail: '详细信息：{detail}',
  invalid: {
    required: '请填写此字段。',
    email: '请输入有效的邮箱地址，例如 name@example.com。',
    tooShort: '请至少输入 {min} 个字符。',
  },
  errors: {
    INVALID_CREDENTIALS: '邮箱或密码错误',
    EMAIL_TAKEN: '该邮箱已注册，请直接登录。',
    RATE_LIMITED: '尝试次数过多，请 {seconds} 秒后重试。',
    RATE_LIMITED_LATER: '尝试次数过多，请稍后重试。',
    REDIRECT_NOT_ALLOWED: '登录链接的跳转地址不在允许范围内，请从原网站重新进入。',
    NETWORK: '网络错误，请检查网络连接后重试。',
    UNKNOWN: '出错了（HTTP {status}），请重试。',
    DIRECTORY_INVALID_CREDENTIALS: '用户名或密码错误',
    ACCOUNT_DISABLED: '你的账号已被停用，请联系管理员。',
    LOGIN_METHOD_DISABLED: '本站点未启用此登录方式。',
    THIRD_PARTY_FAILED: '企业登录服务未能完成登录：{message}',
  },
  ssoErrors: {
    SSO_REJECTED: '企业登录服务拒绝了此次登录，请重试或联系管理员。',
    THIRD_PARTY_FAILED: '无法连接企业登录服务，或其返回的结果无法使用，请稍后重试。',
    INVALID_PARAMETER: '登录请求不完整或已过期，请重新开始。',
    UNKNOWN: '登录未成功，请重试。',
  },
};

const jaJP: LoginTexts = {
  productName: 'プラグインセンター',
  signInTitle: 'プラグインセンターにログイン',
  signInLead: 'アカウントでプラグインにいいね、インストール、公開ができます。',
  continueTo: 'ログインして {app_name} に進む',
  signUpTitle: 'アカウントを作成',
  signUpLead: 'プラグインセンターに登録して、プラグインにいいね、インストール、公開をしましょう。',
  bindOtherTitle: '別のアカウントを連携',
  bindOtherLead: '連携したいアカウントでログインしてください。',
  bindTitle: 'アカウントを連携',
  bindLeadWithId: 'ログインすると、外部アカウント {id} がプラグインセンターのアカウントに連携されます。',
  bindLead: 'ログインすると、外部アカウントがプラグインセンターのアカウントに連携されます。',
  email: 'メールアドレス',
  password: 'パスワード',
  passwordHint: '8 文字以上で入力してください。',
  nickname: 'ニックネーム',
  optional: '（任意）',
  showPassword: 'パスワードを表示',
  submitSignIn: 'ログイン',
  submitSignUp: 'アカウントを作成',
  pendingSignIn: 'ログインしています…',
  pendingSignUp: 'アカウントを作成しています…',
  toSignUp: 'アカウントをお持ちでない方は',
  linkSignUp: '新規登録',
  toSignIn: 'アカウントをお持ちの方は',
  linkSignIn: 'ログイン',
  bindOtherLink: '別のアカウントを連携',
  plainSignInLink: '連携せずにログイン',
  backHome: 'プラグインセンターに戻る',
  noScript: 'JavaScript が無効です。フォームは送信できますが、サーバーの結果がそのまま表示されます。',
  languageLabel: '言語',
  or: 'または',
  emailTitle: 'メールアドレスのアカウント',
  ldapTitle: '社内ディレクトリのアカウント（LDAP）',
  username: 'ユーザー名',
  usernameHint: '会社のパソコンにログインするときの社内アカウントです。',
  submitLdap: '社内アカウントでログイン',
  sso: {
    oidc: '社内シングルサインオンでログイン（OpenID Connect）',
    saml: '社内シングルサインオンでログイン（SAML）',
    custom_sso: '社内シングルサインオンでログイン',
  },
  noMethods: 'このサイトで利用できるログイン方法はありません。管理者にお問い合わせください。',
  ssoDetail: '詳細: {detail}',
  invalid: {
    required: 'この項目を入力してください。',
    email: '有効なメールアドレスを入力してください（例: name@example.com）。',
    tooShort: '{min} 文字以上で入力してください。',
  },
  errors: {
    INVALID_CREDENTIALS: 'メールアドレスまたはパスワードが正しくありません',
    EMAIL_TAKEN: 'このメールアドレスはすでに登録されています。ログインしてください。',
    RATE_LIMITED: '試行回数が多すぎます。{seconds} 秒後にもう一度お試しください。',
    RATE_LIMITED_LATER: '試行回数が多すぎます。しばらくしてからもう一度お試しください。',
    REDIRECT_NOT_ALLOWED:
      'このログインリンクの移動先は許可されていません。アクセス元のサイトからもう一度やり直してください。',
    NETWORK: 'ネットワークエラーです。接続を確認して、もう一度お試しください。',
    UNKNOWN: 'エラーが発生しました（HTTP {status}）。もう一度お試しください。',
    DIRECTORY_INVALID_CREDENTIALS: 'ユーザー名またはパスワードが正しくありません',
    ACCOUNT_DISABLED: 'このアカウントは無効になっています。管理者にお問い合わせください。',
    LOGIN_METHOD_DISABLED: 'このログイン方法はこのサイトでは有効になっていません。',
    THIRD_PARTY_FAILED: '社内のログインサービスでログインを完了できませんでした: {message}',
  },
  ssoErrors: {
    SSO_REJECTED:
      '社内のログインサービスがログインを受け付けませんでした。もう一度お試しいただくか、管理者にお問い合わせください。',
    THIRD_PARTY_FAILED:
      '社内のログインサービスに接続できないか、利用できない応答が返されました。しばらくしてからもう一度お試しください。',
    INVALID_PARAMETER: 'ログインのリクエストが不完全か、期限切れです。最初からやり直してください。',
    UNKNOWN: 'ログインできませんでした。もう一度お試しください。',
  },
};

const koKR: LoginTexts = {
  productName: '플러그인 센터',
  signInTitle: '플러그인 센터에 로그인',
  signInLead: '로그인하면 플러그인에 좋아요를 누르고 설치하거나 게시할 수 있습니다.',
  continueTo: '로그인하고 {app_name}(으)로 계속하기',
  signUpTitle: '계정 만들기',
  signUpLead: '플러그인 센터에 가입하면 플러그인에 좋아요를 누르고 설치하거나 게시할 수 있습니다.',
  bindOtherTitle: '다른 계정 연결',
  bindOtherLead: '연결할 계정으로 로그인하세요.',
  bindTitle: '계정 연결',
  bindLeadWithId: '로그인하면 외부 계정 {id}이(가) 플러그인 센터 계정에 연결됩니다.',
  bindLead: '로그인하면 외부 계정이 플러그인 센터 계정에 연결됩니다.',
  email: '이메일',
  password: '비밀번호',
  passwordHint: '8자 이상 입력하세요.',
  nickname: '닉네임',
  optional: '(선택)',
  showPassword: '비밀번호 표시',
  submitSignIn: '로그인',
  submitSignUp: '계정 만들기',
  pendingSignIn: '로그인하는 중…',
  pendingSignUp: '계정을 만드는 중…',
  toSignUp: '계정이 없으신가요?',
  linkSignUp: '회원가입',
  toSignIn: '이미 계정이 있으신가요?',
  linkSignIn: '로그인',
  bindOtherLink: '다른 계정 연결',
  plainSignInLink: '연결하지 않고 로그인',
  backHome: '플러그인 센터로 돌아가기',
  noScript: 'JavaScript가 꺼져 있습니다. 양식은 그대로 제출되며 서버가 결과를 있는 그대로 보여 줍니다.',
  languageLabel: '언어',
  or: '또는',
  emailTitle: '이메일 계정',
  ldapTitle: '회사 디렉터리 계정(LDAP)',
  username: '사용자 이름',
  usernameHint: '회사 컴퓨터에 로그인할 때 쓰는 회사 계정입니다.',
  submitLdap: '회사 계정으로 로그인',
  sso: {
    oidc: '회사 통합 로그인으로 로그인(OpenID Connect)',
    saml: '회사 통합 로그인으로 로그인(SAML)',
    custom_sso: '회사 통합 로그인으로 로그인',
  },
  noMethods: '이 사이트에서 사용할 수 있는 로그인 방법이 없습니다. 관리자에게 문의하세요.',
  ssoDetail: '자세한 내용: {detail}',
  invalid: {
    required: '이 입력란을 작성하세요.',
    email: '올바른 이메일 주소를 입력하세요(예: name@example.com).',
    tooShort: '{min}자 이상 입력하세요.',
  },
  errors: {
    INVALID_CREDENTIALS: '이메일 또는 비밀번호가 올바르지 않습니다',
    EMAIL_TAKEN: '이미 가입된 이메일입니다. 로그인하세요.',
    RATE_LIMITED: '시도 횟수가 너무 많습니다. {seconds}초 후에 다시 시도하세요.',
    RATE_LIMITED_LATER: '시도 횟수가 너무 많습니다. 잠시 후 다시 시도하세요.',
    REDIRECT_NOT_ALLOWED:
      '이 로그인 링크는 허용되지 않은 주소로 연결됩니다. 처음 방문한 사이트에서 다시 시작하세요.',
    NETWORK: '네트워크 오류입니다. 연결 상태를 확인한 후 다시 시도하세요.',
    UNKNOWN: '문제가 발생했습니다(HTTP {status}). 다시 시도하세요.',
    DIRECTORY_INVALID_CREDENTIALS: '사용자 이름 또는 비밀번호가 올바르지 않습니다',
    ACCOUNT_DISABLED: '계정이 비활성화되었습니다. 관리자에게 문의하세요.',
    LOGIN_METHOD_DISABLED: '이 사이트에서는 이 로그인 방법을 사용할 수 없습니다.',
    THIRD_PARTY_FAILED: '회사 로그인 서비스가 로그인을 완료하지 못했습니다: {message}',
  },
  ssoErrors: {
    SSO_REJECTED: '회사 로그인 서비스가 로그인을 거부했습니다. 다시 시도하거나 관리자에게 문의하세요.',
    THIRD_PARTY_FAILED:
      '회사 로그인 서비스에 연결할 수 없거나 사용할 수 없는 응답을 받았습니다. 잠시 후 다시 시도하세요.',
    INVALID_PARAMETER: '로그인 요청이 불완전하거나 만료되었습니다. 처음부터 다시 시작하세요.',
    UNKNOWN: '로그인하지 못했습니다. 다시 시도하세요.',
  },
};

const ruRU: LoginTexts = {
  productName: 'Центр плагинов',
  signInTitle: 'Вход в Центр плагинов',
  signInLead: 'Войдите, чтобы отмечать, устанавливать и публиковать плагины.',
  continueTo: 'Войдите, чтобы перейти в {app_name}',
  signUpTitle: 'Создание аккаунта',
  signUpLead: 'Зарегистрируйтесь в Центре плагинов, чтобы отмечать, устанавливать и публиковать плагины.',
  bindOtherTitle: 'Привязка другого аккаунта',
  bindOtherLead: 'Войдите в аккаунт, который хотите привязать.',
  bindTitle: 'Привязка аккаунта',
  bindLeadWithId: 'После входа сторонний аккаунт {id} будет привязан к вашему аккаунту в Центре плагинов.',
  bindLead: 'После входа ваш сторонний аккаунт будет привязан к аккаунту в Центре плагинов.',
  email: 'Эл. почта',
  password: 'Пароль',
  passwordHint: 'Не менее 8 символов.',
  nickname: 'Псевдоним',
  optional: '(необязательно)',
  showPassword: 'Показать пароль',
  submitSignIn: 'Войти',
  submitSignUp: 'Создать аккаунт',
  pendingSignIn: 'Выполняется вход…',
  pendingSignUp: 'Создание аккаунта…',
  toSignUp: 'Нет аккаунта?',
  linkSignUp: 'Зарегистрироваться',
  toSignIn: 'Уже есть аккаунт?',
  linkSignIn: 'Войти',
  bindOtherLink: 'Привязать другой аккаунт',
  plainSignInLink: 'Войти без привязки',
  backHome: 'Вернуться в Центр плагинов',
  noScript: 'JavaScript отключён: форма всё равно отправится, а сервер ответит результатом без оформления.',
  languageLabel: 'Язык',
  or: 'или',
  emailTitle: 'Аккаунт с эл. почтой',
  ldapTitle: 'Корпоративная учётная запись (LDAP)',
  username: 'Имя пользователя',
  usernameHint: 'Учётная запись, с которой вы входите в рабочий компьютер.',
  submitLdap: 'Войти с корпоративной учётной записью',
  sso: {
    oidc: 'Войти через корпоративный единый вход (OpenID Connect)',
    saml: 'Войти через корпоративный единый вход (SAML)',
    custom_sso: 'Войти через корпоративный единый вход',
  },
  noMethods: 'На этом сайте не включён ни один способ входа. Обратитесь к администратору.',
  ssoDetail: 'Подробности: {detail}',
  invalid: {
    required: 'Заполните это поле.',
    email: 'Введите адрес эл. почты, например name@example.com.',
    tooShort: 'Введите не менее {min} символов.',
  },
  errors: {
    INVALID_CREDENTIALS: 'Неверный адрес эл. почты или пароль',
    EMAIL_TAKEN: 'Этот адрес эл. почты уже зарегистрирован. Войдите в аккаунт.',
    RATE_LIMITED: 'Слишком много попыток. Повторите через {seconds} с.',
    RATE_LIMITED_LATER: 'Слишком много попыток. Повторите попытку позже.',
    REDIRECT_NOT_ALLOWED:
      'Эта ссылка для входа ведёт на недопустимый адрес. Начните заново с сайта, с которого вы пришли.',
    NETWORK: 'Ошибка сети: проверьте подключение и повторите попытку.',
    UNKNOWN: 'Что-то пошло не так (HTTP {status}). Повторите попытку.',
    DIRECTORY_INVALID_CREDENTIALS: 'Неверное имя пользователя или пароль',
    ACCOUNT_DISABLED: 'Ваша учётная запись отключена. Обратитесь к администратору.',
    LOGIN_METHOD_DISABLED: 'Этот способ входа на сайте не включён.',
    THIRD_PARTY_FAILED: 'Корпоративная служба входа не смогла завершить вход: {message}',
  },
  ssoErrors: {
    SSO_REJECTED:
      'Корпоративная служба входа отклонила вход. Повторите попытку или обратитесь к администратору.',
    THIRD_PARTY_FAILED:
      'Корпоративная служба входа недоступна или вернула непригодный ответ. Повторите попытку позже.',
    INVALID_PARAMETER: 'Запрос на вход неполон или устарел. Начните заново.',
    UNKNOWN: 'Войти не удалось. Повторите попытку.',
  },
};

const esES: LoginTexts = {
  productName: 'Centro de plugins',
  signInTitle: 'Inicia sesión en el Centro de plugins',
  signInLead: 'Da «Me gusta», instala y publica plugins con tu cuenta.',
  continueTo: 'Inicia sesión para continuar en {app_name}',
  signUpTitle: 'Crea tu cuenta',
  signUpLead: 'Únete al Centro de plugins para dar «Me gusta», instalar y publicar plugins.',
  bindOtherTitle: 'Vincular otra cuenta',
  bindOtherLead: 'Inicia sesión con la cuenta que quieres vincular.',
  bindTitle: 'Vincula tu cuenta',
  bindLeadWithId: 'Inicia sesión y la cuenta externa {id} se vinculará a tu cuenta del Centro de plugins.',
  bindLead: 'Inicia sesión y tu cuenta externa se vinculará a tu cuenta del Centro de plugins.',
  email: 'Correo electrónico',
  password: 'Contraseña',
  passwordHint: 'Al menos 8 caracteres.',
  nickname: 'Nombre visible',
  optional: '(opcional)',
  showPassword: 'Mostrar contraseña',
  submitSignIn: 'Iniciar sesión',
  submitSignUp: 'Crear cuenta',
  pendingSignIn: 'Iniciando sesión…',
  pendingSignUp: 'Creando la cuenta…',
  toSignUp: '¿Aún no tienes cuenta?',
  linkSignUp: 'Regístrate',
  toSignIn: '¿Ya tienes cuenta?',
  linkSignIn: 'Inicia sesión',
  bindOtherLink: 'Vincular otra cuenta',
  plainSignInLink: 'Iniciar sesión sin vincular',
  backHome: 'Volver al Centro de plugins',
  noScript:
    'JavaScript está desactivado: el formulario se envía igualmente y el servidor responde con el resultado sin formato.',
  languageLabel: 'Idioma',
  or: 'o',
  emailTitle: 'Cuenta de correo electrónico',
  ldapTitle: 'Cuenta del directorio de la empresa (LDAP)',
  username: 'Nombre de usuario',
  usernameHint: 'Tu cuenta de la empresa, la que usas para entrar en tu ordenador del trabajo.',
  submitLdap: 'Iniciar sesión con la cuenta de la empresa',
  sso: {
    oidc: 'Iniciar sesión con el acceso único de la empresa (OpenID Connect)',
    saml: 'Iniciar sesión con el acceso único de la empresa (SAML)',
    custom_sso: 'Iniciar sesión con el acceso único de la empresa',
  },
  noMethods:
    'Este sitio no tiene ningún método de inicio de sesión activado. Ponte en contacto con tu administrador.',
  ssoDetail: 'Detalles: {detail}',
  invalid: {
    required: 'Rellena este campo.',
    email: 'Introduce una dirección de correo electrónico, por ejemplo name@example.com.',
    tooShort: 'Usa al menos {min} caracteres.',
  },
  errors: {
    INVALID_CREDENTIALS: 'Correo electrónico o contraseña incorrectos',
    EMAIL_TAKEN: 'Este correo electrónico ya está registrado. Inicia sesión.',
    RATE_LIMITED: 'Demasiados intentos. Vuelve a intentarlo dentro de {seconds} s.',
    RATE_LIMITED_LATER: 'Demasiados intentos. Vuelve a intentarlo más tarde.',
    REDIRECT_NOT_ALLOWED:
      'Este enlace de inicio de sesión lleva a una dirección no permitida. Vuelve a empezar desde el sitio del que venías.',
    NETWORK: 'Error de red: comprueba tu conexión y vuelve a intentarlo.',
    UNKNOWN: 'Algo ha salido mal (HTTP {status}). Vuelve a intentarlo.',
    DIRECTORY_INVALID_CREDENTIALS: 'Nombre de usuario o contraseña incorrectos',
    ACCOUNT_DISABLED: 'Tu cuenta está desactivada. Ponte en contacto con tu administrador.',
    LOGIN_METHOD_DISABLED: 'Este método de inicio de sesión no está activado en este sitio.',
    THIRD_PARTY_FAILED:
      'El servicio de inicio de sesión de la empresa no pudo completar el inicio de sesión: {message}',
  },
  ssoErrors: {
    SSO_REJECTED:
      'El servicio de inicio de sesión de la empresa no aceptó el inicio de sesión. Vuelve a intentarlo o ponte en contacto con tu administrador.',
    THIRD_PARTY_FAILED:
      'No se pudo contactar con el servicio de inicio de sesión de la empresa o su respuesta no era válida. Vuelve a intentarlo más tarde.',
    INVALID_PARAMETER: 'La solicitud de inicio de sesión estaba incompleta o ha caducado. Vuelve a empezar.',
    UNKNOWN: 'No se pudo iniciar sesión. Vuelve a intentarlo.',
  },
};

/** The texts of every interface locale (SPEC §1): all six complete, none falls back to another. */
export const LOGIN_TEXTS: Readonly<Record<Locale, LoginTexts>> = {
  'zh-CN': zhCN,
  'en-US': enUS,
  'ja-JP': jaJP,
  'ko-KR': koKR,
  'ru-RU': ruRU,
  'es-ES': esES,
};

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
 * The locale of a login page request and its texts, by the marketplace's rule on the site's locales
 * (SPEC §1, §9):
 *
 * 1. the `lang` cookie when it names one of `locales` (zh-CN, en, jp, kr, ru, es, or a full locale
 *    name, case-insensitive; the contract's `LOCALE_ALIASES`); a cookie naming another locale, or
 *    nothing we know, is ignored;
 * 2. else the first `Accept-Language` language (most wanted first) whose primary subtag is that of
 *    one of `locales` (`en-GB` → en-US, `zh-TW` → zh-CN);
 * 3. else, when `Accept-Language` asked only for languages none of `locales` is, en-US (SPEC §1's
 *    fallback) if offered;
 * 4. else `locales[0]`, the site's default (zh-CN when `locales` is empty).
 *
 * (The contract's `chooseOfferedLocale`, which the marketplace applies at start too.)
 *
 * Never throws: a non-string or oversized value simply matches nothing.
 *
 * @param wish the request's `lang` cookie and `Accept-Language` languages (both optional)
 * @param locales the site's locales (`SiteConfig.locales`), its first the default
 * @returns the locale to put in `<html lang>` and its texts
 */
export function pickLoginLocale(
  wish: LocaleWish,
  locales: readonly Locale[],
): { locale: Locale; texts: LoginTexts } {
  const lang = typeof wish.lang === 'string' && wish.lang.length <= 64 ? wish.lang : undefined;
  const languages = Array.isArray(wish.languages) ? wish.languages : [];
  const locale = chooseOfferedLocale(localeFromCookieValue(lang), languages, locales);
  return { locale, texts: LOGIN_TEXTS[locale] };
}
