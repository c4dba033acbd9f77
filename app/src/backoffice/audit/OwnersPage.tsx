import { ApiError } from '@plugin-center/api';
import type { AssignOwnerResult } from '@plugin-center/contract';
import { useApiClient } from '@plugin-center/react';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { usePublishTexts } from '../../i18n/publish/texts';

/**
 * `/backstage-index/owners` (admin only, behind `AdminRoute`): gives a plugin
 * — an imported one, typically, which belongs to nobody — to the account with an email, or to
 * nobody, through `POST /api/cmt/manager/plugin/owner`. The result (or the server's message, e.g.
 * no account with that email, shown beside the field) appears under the form; every assignment is
 * in the audit log.
 */
export function OwnersPage() {
  const { t } = usePublishTexts();
  useDocumentTitle(t('owners.title'));
  return (
    <AdminRoute>
      <OwnersView />
    </AdminRoute>
  );
}

/** The owner form of {@link OwnersPage}. */
export function OwnersView() {
  const { t } = usePublishTexts();
  const api = useApiClient();
  const id = useId();
  const [pluginKey, setPluginKey] = useState('');
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ plugin_key?: string; email?: string; form?: string }>({});
  const [result, setResult] = useState<AssignOwnerResult | null>(null);

  const submit = async (event: FormEvent, clear: boolean) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!pluginKey.trim()) next.plugin_key = t('error.required');
    if (!clear && !email.trim()) next.email = t('error.required');
    setErrors(next);
    setResult(null);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    try {
      const res = await api.plugin.assignOwner({
        plugin_key: pluginKey.trim(),
        email: clear ? null : email.trim(),
      });
      if (res.code === 0 || res.code === 200) {
        setResult(res.data);
        notify(t('owners.done'), 'success');
      } else setErrors({ form: res.message || t('audit.actionFailed') });
    } catch (e) {
      const body =
        e instanceof ApiError ? (e.body as { message?: string; field?: string } | undefined) : undefined;
      const message = body?.message || t('audit.actionFailed');
      if (body?.field === 'email') setErrors({ email: message });
      else if (body?.message && /plugin_key/.test(body.message)) setErrors({ plugin_key: message });
      else setErrors({ form: message });
    } finally {
      setBusy(false);
    }
  };

  const describedBy = (name: 'plugin_key' | 'email') =>
    errors[name] ? `${id}-${name}-error` : `${id}-${name}-hint`;

  return (
    <section className="backstage audit owners">
      <BackstageHeader title={t('owners.title')} />
      <p className="state-hint">{t('owners.intro')}</p>
      <form className="publish-form" onSubmit={(e) => void submit(e, false)} noValidate>
        <fieldset disabled={busy}>
          <legend>{t('owners.title')}</legend>
          <div className="publish-field" data-invalid={errors.plugin_key ? '' : undefined}>
            <label htmlFor={`${id}-plugin_key`}>
              {t('owners.pluginKey')} <span className="publish-required">*</span>
            </label>
            <input
              id={`${id}-plugin_key`}
              name="plugin_key"
              value={pluginKey}
              onChange={(e) => setPluginKey(e.target.value)}
              aria-invalid={errors.plugin_key ? true : undefined}
              aria-describedby={describedBy('plugin_key')}
              autoComplete="off"
            />
            {errors.plugin_key ? (
              <p id={`${id}-plugin_key-error`} className="field-error">
                {errors.plugin_key}
              </p>
            ) : (
              <p id={`${id}-plugin_key-hint`} className="publish-hint">
                {t('owners.pluginKeyHint')}
              </p>
            )}
          </div>
          <div className="publish-field" data-invalid={errors.email ? '' : undefined}>
            <label htmlFor={`${id}-email`}>{t('owners.email')}</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={describedBy('email')}
              autoComplete="off"
            />
            {errors.email ? (
              <p id={`${id}-email-error`} className="field-error">
                {errors.email}
              </p>
            ) : (
              <p id={`${id}-email-hint`} className="publish-hint">
                {t('owners.emailHint')}
              </p>
            )}
          </div>
        </fieldset>
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="publish-actions">
          <div className="publish-buttons">
            <Button disabled={busy} onClick={(e) => void submit(e, true)}>
              {t('owners.clear')}
            </Button>
            <Button variant="primary" type="submit" disabled={busy}>
              {t('owners.assign')}
            </Button>
          </div>
        </div>
      </form>
      {result && (
        <p className="state-hint" role="status" data-testid="owner-result">
          {result.owner
            ? t('owners.assigned', { plugin: result.plugin_key, name: result.owner.nick_name })
            : t('owners.cleared', { plugin: result.plugin_key })}
        </p>
      )}
    </section>
  );
}
