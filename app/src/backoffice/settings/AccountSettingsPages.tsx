import type { IconfontConfig, PexelsConfig } from '@plugin-center/api';
import { useBackofficeAction, useIconfontConfig, usePexelsConfig } from '@plugin-center/react/backoffice';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { PasswordInput } from '../../ui/PasswordInput';
import { ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { useBackofficeTexts } from '../../i18n/backoffice/texts';
import '../../ui/backoffice.css';
import { formatDateTime } from '../../format';

/**
 * `/backstage-index/iconfont` (SPEC §2 "iconfont"; admin only, behind `AdminRoute`): the
 * icon-font account — client id and client secret, the secret shown masked exactly as the server
 * sends it (`SECRET_MASK_PREFIX` + last 4); sending the mask back unchanged keeps the stored secret.
 * Save (`PUT /api/cmt/manager/space-setting/iconfont`) toasts 'Save Successfully' or 'Save failure'
 * (SPEC §8), with the server's message beside the field it names.
 */
export function IconfontPage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('iconfont.title'));
  return (
    <AdminRoute>
      <IconfontView />
    </AdminRoute>
  );
}

/** The form of {@link IconfontPage} (exported for the tests). */
export function IconfontView() {
  const { t } = useBackofficeTexts();
  const config = useIconfontConfig();
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('iconfont.title')} />
      <p className="state-hint">{t('iconfont.intro')}</p>
      {config.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={config.reload} />
      ) : !config.data ? (
        <LoadingState label={t('common.loading')} />
      ) : (
        <IconfontForm initial={config.data} />
      )}
    </section>
  );
}

function IconfontForm({ initial }: { initial: IconfontConfig }) {
  const { t } = useBackofficeTexts();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [clientId, setClientId] = useState(initial.client_id);
  const [secret, setSecret] = useState(initial.client_secret);
  const save = useBackofficeAction('saveIconfont');
  const busy = save.status === 'running';
  const [errors, setErrors] = useState<{ client_id?: string; client_secret?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const res = await save.run({ client_id: clientId.trim(), client_secret: secret.trim() });
    if (res.status === 'success') {
      notify(t('spec.saveOk'), 'success');
      setSaved(res.data);
      setClientId(res.data.client_id);
      setSecret(res.data.client_secret);
      return;
    }
    notify(t('spec.saveFailed'), 'error');
    if (res.field === 'client_id' || res.field === 'client_secret')
      setErrors({ [res.field]: res.message || t('spec.saveFailed') });
  };

  return (
    <form className="publish-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={busy}>
        <legend>{t('iconfont.title')}</legend>
        <SecretStatusLine status={saved.secret_status} time={saved.update_time} />
        <TextField
          id={`${id}-cid`}
          label={t('iconfont.clientId')}
          value={clientId}
          onChange={setClientId}
          error={errors.client_id}
        />
        <SecretField
          id={`${id}-secret`}
          label={t('iconfont.clientSecret')}
          value={secret}
          onChange={setSecret}
          error={errors.client_secret}
          hint={t('iconfont.secretHint')}
        />
        <div>
          <Button variant="primary" type="submit">
            {busy ? t('common.saving') : t('common.save')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * `/backstage-index/pexels` (SPEC §2 "pexels"; admin only, behind `AdminRoute`): the
 * Pexels API key, shown masked as the server sends it; Apply (`POST /api/cmt/srv/config/pexels`)
 * toasts 'Applied successfully' or 'Please try again' (SPEC §8).
 */
export function PexelsPage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('pexels.title'));
  return (
    <AdminRoute>
      <PexelsView />
    </AdminRoute>
  );
}

/** The form of {@link PexelsPage} (exported for the tests). */
export function PexelsView() {
  const { t } = useBackofficeTexts();
  const config = usePexelsConfig();
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('pexels.title')} />
      <p className="state-hint">{t('pexels.intro')}</p>
      {config.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={config.reload} />
      ) : !config.data ? (
        <LoadingState label={t('common.loading')} />
      ) : (
        <PexelsForm initial={config.data} />
      )}
    </section>
  );
}

function PexelsForm({ initial }: { initial: PexelsConfig }) {
  const { t } = useBackofficeTexts();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [key, setKey] = useState(initial.api_key);
  const save = useBackofficeAction('savePexels');
  const busy = save.status === 'running';
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const res = await save.run({ api_key: key.trim() });
    if (res.status === 'success') {
      notify(t('spec.applyOk'), 'success');
      setSaved(res.data);
      setKey(res.data.api_key);
      return;
    }
    notify(t('spec.applyFailed'), 'error');
    if (res.field === 'api_key') setError(res.message || t('spec.applyFailed'));
  };

  return (
    <form className="publish-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={busy}>
        <legend>{t('pexels.title')}</legend>
        <SecretStatusLine status={saved.secret_status} time={saved.update_time} />
        <SecretField
          id={`${id}-key`}
          label={t('pexels.apiKey')}
          value={key}
          onChange={setKey}
          error={error}
          hint={t('pexels.keyHint')}
        />
        <div>
          <Button variant="primary" type="submit">
            {t('pexels.apply')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** When the account was last saved, and a warning when the stored secret cannot be decrypted. */
function SecretStatusLine(props: { status: IconfontConfig['secret_status']; time: number | null }) {
  const { t, locale } = useBackofficeTexts();
  return (
    <>
      <p className="bo-muted">
        {props.time === null
          ? t('common.neverSaved')
          : t('common.lastSaved', { time: formatDateTime(props.time, locale) })}
      </p>
      {props.status === 'undecryptable' && (
        <p className="field-error" role="alert">
          {t('common.undecryptable')}
        </p>
      )}
    </>
  );
}

/**
 * A labelled secret (a client secret, an API key) with its hint or error: the kit's
 * {@link PasswordInput}, hidden until its "Show the value" toggle is pressed; never offered to the
 * browser's password manager (`autocomplete="new-password"`).
 */
function SecretField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
}) {
  const { t } = useBackofficeTexts();
  return (
    <FormField id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <PasswordInput
        {...fieldControlProps(props.id, props)}
        value={props.value}
        autoComplete="new-password"
        spellCheck={false}
        toggleLabel={t('secret.show')}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FormField>
  );
}

/** A labelled one-line text field with its hint or error (`aria-describedby`). */
function TextField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  hint?: ReactNode;
}) {
  return (
    <FormField id={props.id} label={props.label} hint={props.hint} error={props.error}>
      <TextInput
        {...fieldControlProps(props.id, props)}
        type="text"
        value={props.value}
        autoComplete="off"
        spellCheck={false}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FormField>
  );
}
