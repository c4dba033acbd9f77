/** The login pages' texts in es-ES (see `../loginTexts.ts`). */
import type { LoginTexts } from '../loginTexts';

export const esES: LoginTexts = {
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
