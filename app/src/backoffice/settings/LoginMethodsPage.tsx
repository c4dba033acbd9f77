import { type LoginMethodSetting, type LogoutMode, Role } from '@plugin-center/api';
import { useAdminInfo } from '@plugin-center/react';
import { useBackofficeAction, useLoginMethods } from '@plugin-center/react/backoffice';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../toast/toastStore';
import { Tag, type TagTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Check } from '../../ui/Field';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import { LineField, VariableField } from './LoginMethodFields';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { useBackofficeTexts } from '../../i18n/backoffice/texts';
import '../../ui/backoffice.css';
import { formatDateTime } from '../../format';

/** The status a method's card shows: its text key and its colour. */
function methodStatus(setting: LoginMethodSetting): { key: string; tone: TagTone } {
  if (setting.source === 'none') return { key: 'none', tone: 'neutral' };
  if (!setting.configured) return { key: 'incomplete', tone: 'warning' };
  if (!setting.enable) return { key: 'off', tone: 'neutral' };
  return setting.source === 'back_office'
    ? { key: 'backOffice', tone: 'success' }
    : { key: 'environment', tone: 'success' };
}

/** The name of a field the server names: `LDAP_URL`, `logout_url` (a `body.`/`/variables/` prefix dropped). */
function fieldName(field: string | undefined): string | undefined {
  if (!field) return undefined;
  const parts = field.split(/[./]/).filter(Boolean);
  return parts.at(-1);
}

/**
 * `/backstage-index/login-methods` (SPEC §1 private-deployment sign-in: ldap, oidc, saml,
 * custom_sso; admin only, behind `AdminRoute`): one card per method (`GET
 * /api/cmt/manager/login-methods`) with its name and a plain-language line, its status (in use from
 * the back office or from the server's environment, turned off, settings incomplete, not
 * configured), whether it is offered, how signing out works (here only, or also at the provider
 * with its logout URL) and its variables — labelled by their summary, the variable's name beside
 * them, the server environment's value as a hint, secrets masked as the server sends them (sending
 * the mask back unchanged keeps the stored secret), XML and PEM texts in a text area. A super
 * admin saves a method (`PUT /api/cmt/manager/login-methods`; toasts 'Save Successfully' / 'Save
 * failure', SPEC §8, with the server's message beside the variable it names) or, after a
 * confirmation, deletes its saved settings so the server's environment applies again. Saved
 * settings replace all of the environment's for their method, so saving a method the environment
 * configures with some of its environment values left empty asks first, naming them ("Fill in from
 * the server's environment" copies the values that are no secret). A general admin (role 2, from
 * `GET /api/cmt/manager/verify`) sees the page read-only.
 */
export function LoginMethodsPage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('loginMethods.title'));
  return (
    <AdminRoute>
      <LoginMethodsView />
    </AdminRoute>
  );
}

/** The cards of {@link LoginMethodsPage} (exported for the tests). */
export function LoginMethodsView() {
  const { t } = useBackofficeTexts();
  const methods = useLoginMethods();
  const me = useAdminInfo();
  const canEdit = me.data?.role === Role.SUPER_ADMIN;
  const list = methods.data?.method_list;
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('loginMethods.title')} />
      <p className="state-hint">{t('loginMethods.intro')}</p>
      {me.data && !canEdit && (
        <p className="bo-muted" data-testid="login-methods-read-only">
          {t('loginMethods.readOnly')}
        </p>
      )}
      {methods.status === 'error' && !list ? (
        <ErrorState message={t('common.loadError')} onRetry={methods.reload} />
      ) : !list ? (
        <LoadingState label={t('common.loading')} />
      ) : list.length === 0 ? (
        <EmptyState title={t('loginMethods.empty')} hint={t('loginMethods.emptyHint')} />
      ) : (
        <div className="bo-methods">
          {list.map((setting) => (
            <MethodCard key={setting.method} initial={setting} canEdit={canEdit} />
          ))}
        </div>
      )}
    </section>
  );
}

/** The values of a method's variables as its fields start: the saved ones. */
const valuesOf = (setting: LoginMethodSetting) =>
  Object.fromEntries(setting.variables.map((v) => [v.name, v.value]));

/** One method's card: status, access, logout and variables, with Save and "Use the server's environment". */
function MethodCard({ initial, canEdit }: { initial: LoginMethodSetting; canEdit: boolean }) {
  const { t, locale } = useBackofficeTexts();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [enable, setEnable] = useState(initial.enable);
  const [logoutMode, setLogoutMode] = useState<LogoutMode>(initial.logout_mode);
  const [logoutUrl, setLogoutUrl] = useState(initial.logout_url ?? '');
  const [values, setValues] = useState<Record<string, string>>(() => valuesOf(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | undefined>();
  /** The confirmation shown: going back to the environment, or a save that drops environment values. */
  const [confirming, setConfirming] = useState<'environment' | 'replace' | null>(null);
  /** The variables set in the environment but empty here (the `replace` confirmation names them). */
  const [dropped, setDropped] = useState<string[]>([]);
  const envButton = useRef<HTMLButtonElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const asked = useRef<'environment' | 'replace' | null>(null);
  const save = useBackofficeAction('saveLoginMethod');
  const busy = save.status === 'running';
  const name = t(`loginMethods.names.${saved.method}`);
  const status = methodStatus(saved);
  const fromEnvironment = saved.source !== 'back_office';
  // A method the environment configures, shown without variables (a server that names none), cannot
  // be saved here: its empty saved settings would replace the environment's.
  const canSave = canEdit && (saved.variables.length > 0 || saved.source === 'back_office');
  const canFill = saved.variables.some((v) => !v.secret && v.environment !== '' && values[v.name] === '');

  // When the confirmation closes, focus goes back to the button that opened it (or to Save when the
  // saved settings are gone), after the dialog's own focus restoration, which finds no trigger.
  useEffect(() => {
    if (confirming) asked.current = confirming;
    if (confirming || !asked.current) return;
    const opener = asked.current === 'environment' ? envButton.current : null;
    asked.current = null;
    const timer = setTimeout(() => (opener?.isConnected ? opener : saveButton.current)?.focus(), 0);
    return () => clearTimeout(timer);
  }, [confirming]);

  /** Shows the answer of a save: the method as it is now, the fields reset to it. */
  const show = (next: LoginMethodSetting) => {
    setSaved(next);
    setEnable(next.enable);
    setLogoutMode(next.logout_mode);
    setLogoutUrl(next.logout_url ?? '');
    setValues(valuesOf(next));
  };

  /** Puts the server's refusal beside the field it names, or under the card when it names none. */
  const refused = (field: string | undefined, message: string) => {
    const at = fieldName(field);
    if (at && (at === 'logout_url' || saved.variables.some((v) => v.name === at)))
      setErrors({ [at]: message });
    else setFormError(message);
  };

  /**
   * Save: settings saved here replace all of the environment's for the method, so saving a method
   * the environment configures with some of its values left empty asks first.
   */
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    const lost = fromEnvironment
      ? saved.variables.filter((v) => v.environment !== '' && (values[v.name] ?? '').trim() === '')
      : [];
    if (lost.length === 0) {
      void send();
      return;
    }
    setDropped(lost.map((v) => v.name));
    setConfirming('replace');
  };

  const send = async () => {
    setErrors({});
    setFormError(undefined);
    const url = logoutUrl.trim();
    const res = await save.run({
      method: saved.method,
      enable,
      logout_mode: logoutMode,
      logout_url: url === '' ? null : url,
      variables: Object.fromEntries(saved.variables.map((v) => [v.name, (values[v.name] ?? '').trim()])),
    });
    setConfirming(null);
    if (res.status === 'success') {
      notify(t('spec.saveOk'), 'success');
      show(res.data);
      return;
    }
    notify(t('spec.saveFailed'), 'error');
    refused(res.field, res.message || t('spec.saveFailed'));
  };

  const backToEnvironment = async () => {
    setErrors({});
    setFormError(undefined);
    const res = await save.run({
      method: saved.method,
      use_environment: true,
      enable: saved.enable,
      logout_mode: saved.logout_mode,
      logout_url: saved.logout_url,
      variables: {},
    });
    setConfirming(null);
    if (res.status === 'success') {
      notify(t('spec.saveOk'), 'success');
      show(res.data);
    } else {
      notify(t('spec.saveFailed'), 'error');
      setFormError(res.message || t('spec.saveFailed'));
    }
  };

  /** Fills the empty fields that are no secret with the server environment's values. */
  const fill = () =>
    setValues((now) => {
      const next = { ...now };
      for (const v of saved.variables)
        if (!v.secret && v.environment !== '' && !next[v.name]) next[v.name] = v.environment;
      return next;
    });

  const headingId = `${id}-name`;
  return (
    <form
      className="publish-form bo-method"
      aria-labelledby={headingId}
      data-testid={`method-${saved.method}`}
      onSubmit={submit}
      noValidate
    >
      <div className="bo-method-head">
        <h2 id={headingId} className="bo-method-name">
          {name}
        </h2>
        <Tag className="bo-badge" tone={status.tone} data-status={status.key}>
          {t(`loginMethods.status.${status.key}`)}
        </Tag>
      </div>
      <p className="bo-method-about">{t(`loginMethods.about.${saved.method}`)}</p>
      <p className="bo-muted">
        {saved.source === 'back_office' && saved.update_time !== null
          ? t('common.lastSaved', { time: formatDateTime(saved.update_time, locale) })
          : t(`loginMethods.source.${saved.source}`)}
      </p>
      {saved.secret_status === 'undecryptable' && (
        <p className="field-error" role="alert">
          {t('common.undecryptable')}
        </p>
      )}
      <fieldset disabled={busy || !canSave}>
        <legend>{t('loginMethods.access')}</legend>
        <Check
          role="switch"
          checked={enable}
          aria-checked={enable}
          onChange={(e) => setEnable(e.currentTarget.checked)}
        >
          {t('loginMethods.enable')}
        </Check>
        <fieldset className="publish-radios">
          <legend>{t('loginMethods.logout')}</legend>
          {(['default', 'redirect'] as const).map((mode) => (
            <Check
              key={mode}
              type="radio"
              name={`${id}-logout`}
              value={mode}
              checked={logoutMode === mode}
              onChange={() => setLogoutMode(mode)}
            >
              {t(`loginMethods.logoutModes.${mode}`)}
            </Check>
          ))}
        </fieldset>
        {logoutMode === 'redirect' && (
          <LineField
            id={`${id}-logout-url`}
            label={t('loginMethods.logoutUrl')}
            value={logoutUrl}
            type="url"
            onChange={setLogoutUrl}
            hint={t('loginMethods.logoutUrlHint')}
            error={errors.logout_url}
          />
        )}
      </fieldset>
      <fieldset disabled={busy || !canSave}>
        <legend>{t('loginMethods.settings')}</legend>
        {fromEnvironment && canEdit && saved.variables.length > 0 && (
          <p className="bo-muted" data-testid="replace-note">
            {t('loginMethods.replaceNote')}
          </p>
        )}
        {saved.variables.length === 0 ? (
          <p className="bo-muted">{t('loginMethods.noVariables')}</p>
        ) : (
          saved.variables.map((variable) => (
            <VariableField
              key={variable.name}
              id={`${id}-${variable.name}`}
              variable={variable}
              value={values[variable.name] ?? ''}
              onChange={(value) => setValues((now) => ({ ...now, [variable.name]: value }))}
              error={errors[variable.name]}
              t={t}
            />
          ))
        )}
        {canEdit && canFill && (
          <div>
            <Button onClick={fill}>{t('loginMethods.fill')}</Button>
          </div>
        )}
      </fieldset>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      {canSave && (
        <div className="bo-method-actions">
          <Button
            ref={saveButton}
            variant="primary"
            type="submit"
            disabled={busy}
            aria-describedby={headingId}
          >
            {busy ? t('common.saving') : t('common.save')}
          </Button>
          {saved.source === 'back_office' && (
            <Button
              ref={envButton}
              className="button-danger"
              disabled={busy}
              aria-describedby={headingId}
              onClick={() => setConfirming('environment')}
            >
              {t('loginMethods.useEnvironment')}
            </Button>
          )}
        </div>
      )}
      {confirming === 'environment' && (
        <ConfirmDialog
          title={t('loginMethods.useEnvTitle', { name })}
          body={t('loginMethods.useEnvBody', { name })}
          confirm={t('loginMethods.useEnvConfirm')}
          cancel={t('common.cancel')}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void backToEnvironment()}
        />
      )}
      {confirming === 'replace' && (
        <ConfirmDialog
          title={t('loginMethods.replaceTitle', { name })}
          body={t('loginMethods.replaceBody', { names: dropped.join(', ') })}
          confirm={t('loginMethods.replaceConfirm')}
          cancel={t('common.cancel')}
          busy={busy}
          onCancel={() => setConfirming(null)}
          onConfirm={() => void send()}
        />
      )}
    </form>
  );
}
