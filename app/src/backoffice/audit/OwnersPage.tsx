import { useOwnerAssignment } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
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
  const assignment = useOwnerAssignment();
  const id = useId();
  const [pluginKey, setPluginKey] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ plugin_key?: string; email?: string; form?: string }>({});
  const busy = assignment.status === 'running';
  const result = assignment.status === 'success' ? assignment.data : undefined;

  const submit = async (event: FormEvent, clear: boolean) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!pluginKey.trim()) next.plugin_key = t('error.required');
    if (!clear && !email.trim()) next.email = t('error.required');
    setErrors(next);
    assignment.reset();
    if (Object.keys(next).length > 0) return;
    const res = await assignment.run({ plugin_key: pluginKey.trim(), email: clear ? null : email.trim() });
    if (res.status === 'success') {
      notify(t('owners.done'), 'success');
      return;
    }
    const message = res.message || t('audit.actionFailed');
    if (res.field === 'email') setErrors({ email: message });
    else if (res.message && /plugin_key/.test(res.message)) setErrors({ plugin_key: message });
    else setErrors({ form: message });
  };

  return (
    <section className="backstage audit owners">
      <BackstageHeader title={t('owners.title')} />
      <p className="state-hint">{t('owners.intro')}</p>
      <form className="publish-form" onSubmit={(e) => void submit(e, false)} noValidate>
        <fieldset disabled={busy}>
          <legend>{t('owners.title')}</legend>
          <FormField
            id={`${id}-plugin_key`}
            label={t('owners.pluginKey')}
            required
            hint={t('owners.pluginKeyHint')}
            error={errors.plugin_key}
          >
            <TextInput
              {...fieldControlProps(`${id}-plugin_key`, {
                hint: t('owners.pluginKeyHint'),
                error: errors.plugin_key,
              })}
              name="plugin_key"
              value={pluginKey}
              onChange={(e) => setPluginKey(e.target.value)}
              autoComplete="off"
            />
          </FormField>
          <FormField
            id={`${id}-email`}
            label={t('owners.email')}
            hint={t('owners.emailHint')}
            error={errors.email}
          >
            <TextInput
              {...fieldControlProps(`${id}-email`, { hint: t('owners.emailHint'), error: errors.email })}
              name="email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoComplete="off"
            />
          </FormField>
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
