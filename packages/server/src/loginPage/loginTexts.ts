/** The shape of the login pages' texts (`texts.ts` holds them per locale and picks one). */

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
