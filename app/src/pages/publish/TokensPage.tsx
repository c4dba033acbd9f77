import type { CreatedPersonalToken, PersonalToken } from '@plugin-center/contract';
import { usePersonalTokens } from '@plugin-center/react/backoffice';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copyText } from '../../components/copyText';
import { formatDateTime, formatNumber } from '../../format';
import { notify } from '../../toast/toastStore';
import { Tag } from '../../ui/Badge';
import { Button, buttonClass } from '../../ui/Button';
import { Select, TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { SignedInRoute } from '../SignedInRoute';
import '../../ui/forms.css';
import '../../ui/lists.css';
import './tokens.css';
import { type PublishT, usePublishTexts } from '../../i18n/publish/texts';

/** The expiry choices of a new token, in days; `0` stands for "never expires" (no `expires_in_days`). */
export const TOKEN_EXPIRY_DAYS = [30, 90, 365, 0] as const;

/** The longest token name the server takes (`CreatePersonalTokenBody.name`). */
export const TOKEN_NAME_MAX = 100;

/**
 * `/my-plugins/tokens`: the signed-in user's personal access tokens, the publishing
 * credentials of `plugin-center publish`; a visitor is sent to sign in (back here afterwards).
 * Shows {@link TokensView}.
 */
export function TokensPage() {
  const { t } = usePublishTexts();
  useDocumentTitle(t('tokens.title'));
  return (
    <SignedInRoute loading={t('tokens.loading')} signingIn={t('form.signingIn')}>
      <TokensView />
    </SignedInRoute>
  );
}

/**
 * The token manager: the create form ({@link CreateTokenForm}), the new token shown once
 * ({@link NewToken}), and the list (`plugin.personalTokenList`: name, prefix, created, expires, last
 * used; an empty state explaining what a token is for) with Revoke behind a confirmation dialog.
 * After a create or a revoke the list is loaded again and a toast says so.
 */
export function TokensView() {
  const { t, locale } = usePublishTexts();
  const { list, create: creation, revoke: revocation } = usePersonalTokens();
  const [revoking, setRevoking] = useState<PersonalToken | null>(null);
  // The new token (with its secret) is the last create's answer, shown until dismissed or revoked.
  const created = creation.status === 'success' ? creation.data : undefined;
  const busy = creation.status === 'running' || revocation.status === 'running';

  const create = async (name: string, days: number): Promise<boolean> => {
    const res = await creation.run({ name, ...(days > 0 ? { expires_in_days: days } : {}) });
    if (res.status !== 'success' || !res.data) {
      notify(res.message || t('tokens.createFailed'), 'error');
      return false;
    }
    notify(t('tokens.created', { name: res.data.name }), 'success');
    return true;
  };

  const revoke = async (token: PersonalToken) => {
    const res = await revocation.run({ id: token.id });
    if (res.status !== 'success') {
      notify(res.message || t('tokens.revokeFailed'), 'error');
      return;
    }
    setRevoking(null);
    if (created?.id === token.id) creation.reset();
    notify(t('tokens.revoked', { name: token.name }), 'success');
  };

  const tokens = list.data?.token_list ?? [];
  return (
    <section className="mine tokens" aria-busy={list.status === 'requesting'}>
      <header className="mine-head">
        <h1>{t('tokens.title')}</h1>
        <Link to="/my-plugins" className={buttonClass('text')}>
          {t('tokens.backToPlugins')}
        </Link>
      </header>
      <p className="state-hint">
        {t('tokens.intro')} <code>plugin-center publish</code>
      </p>
      <CreateTokenForm busy={busy} onCreate={create} />
      {created && <NewToken token={created} onDone={creation.reset} />}
      <h2 className="tokens-heading">{t('tokens.listTitle')}</h2>
      {list.status === 'error' && <ErrorState message={t('tokens.error')} onRetry={list.reload} />}
      {list.status !== 'error' && list.data === undefined && <LoadingState label={t('tokens.loading')} />}
      {list.data && tokens.length === 0 && (
        <EmptyState title={t('tokens.empty')} hint={t('tokens.emptyHint')} />
      )}
      {tokens.length > 0 && (
        <div className="table-scroll">
          <Table
            className="token-table"
            data-testid="token-list"
            caption={t('tokens.listTitle')}
            columns={[
              { label: t('tokens.name') },
              { label: t('tokens.prefix') },
              { label: t('tokens.createdAt') },
              { label: t('tokens.expires') },
              { label: t('tokens.lastUsed') },
              { label: t('tokens.actions'), hidden: true },
            ]}
          >
            {tokens.map((tok) => (
              <TokenRow key={tok.id} token={tok} t={t} locale={locale} busy={busy} onRevoke={setRevoking} />
            ))}
          </Table>
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('tokens.revokeTitle', { name: revoking.name })}
          body={t('tokens.revokeBody')}
          confirm={t('tokens.revokeConfirm')}
          cancel={t('tokens.cancel')}
          busy={busy}
          onCancel={() => setRevoking(null)}
          onConfirm={() => void revoke(revoking)}
        />
      )}
    </section>
  );
}

/** One token of the list; an expired token says so. */
function TokenRow(props: {
  token: PersonalToken;
  t: PublishT;
  locale: string;
  busy: boolean;
  onRevoke(token: PersonalToken): void;
}) {
  const { token, t, locale } = props;
  const expired = token.expire_time !== null && token.expire_time <= Date.now();
  return (
    <tr data-token-id={token.id}>
      <th scope="row">{token.name}</th>
      <td>
        <code>{token.prefix}…</code>
      </td>
      <td>{formatDateTime(token.create_time, locale)}</td>
      <td>
        {token.expire_time === null ? t('tokens.never') : formatDateTime(token.expire_time, locale)}
        {expired && (
          <>
            {' '}
            <Tag className="status-badge" tone="danger" data-status="3">
              {t('tokens.expired')}
            </Tag>
          </>
        )}
      </td>
      <td>
        {token.last_used_time === null ? t('tokens.neverUsed') : formatDateTime(token.last_used_time, locale)}
      </td>
      <td>
        <Button
          className="button-danger"
          disabled={props.busy}
          aria-label={t('tokens.revokeName', { name: token.name })}
          onClick={() => props.onRevoke(token)}
        >
          {t('tokens.revoke')}
        </Button>
      </td>
    </tr>
  );
}

/**
 * The create form: a required name (at most {@link TOKEN_NAME_MAX} characters) and the expiry
 * (30, 90 or 365 days, or never; 90 by default). The name is cleared after a successful create.
 */
export function CreateTokenForm(props: {
  busy: boolean;
  onCreate(name: string, days: number): Promise<boolean>;
}) {
  const { t, locale } = usePublishTexts();
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(90);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(t('error.required'));
      nameRef.current?.focus();
      return;
    }
    if ([...trimmed].length > TOKEN_NAME_MAX) {
      setError(t('error.overLimit'));
      nameRef.current?.focus();
      return;
    }
    setError(null);
    if (await props.onCreate(trimmed, days)) setName('');
  };
  return (
    <form className="publish-form token-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset>
        <legend>{t('tokens.createTitle')}</legend>
        <div className="token-form-row">
          <FormField
            id={`${id}-name`}
            label={t('tokens.name')}
            required
            hint={t('tokens.nameHint')}
            error={error}
          >
            <TextInput
              ref={nameRef}
              {...fieldControlProps(`${id}-name`, { hint: t('tokens.nameHint'), error })}
              type="text"
              value={name}
              required
              aria-required
              maxLength={TOKEN_NAME_MAX}
              placeholder={t('tokens.namePlaceholder')}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
          <FormField id={`${id}-expiry`} label={t('tokens.expiry')}>
            <Select id={`${id}-expiry`} value={days} onChange={(e) => setDays(Number(e.target.value))}>
              {TOKEN_EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 0 ? t('tokens.never') : t('tokens.days', { count: d, n: formatNumber(d, locale) })}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div className="publish-buttons">
          <Button variant="primary" type="submit" disabled={props.busy}>
            {t('tokens.create')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/**
 * The token just created, shown this once: a read-only field (focused and selected, so it can be
 * copied at once), a Copy button (toast 'Token copied' or 'Copy failed') and the warning that it
 * will not be shown again; Done hides it.
 */
export function NewToken({ token, onDone }: { token: CreatedPersonalToken; onDone(): void }) {
  const { t } = usePublishTexts();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);
  const copy = async () => {
    try {
      await copyText(token.token);
      notify(t('tokens.copied'), 'success');
    } catch {
      notify(t('tokens.copyFailed'), 'error');
    }
  };
  return (
    <section className="new-token" aria-labelledby={`${id}-title`} data-testid="new-token">
      <h2 id={`${id}-title`}>{t('tokens.newTitle', { name: token.name })}</h2>
      <p className="new-token-warning" role="alert">
        {t('tokens.warning')}
      </p>
      <label htmlFor={`${id}-value`} className="sr-only">
        {t('tokens.value')}
      </label>
      <div className="new-token-row">
        <TextInput
          ref={field}
          id={`${id}-value`}
          type="text"
          readOnly
          value={token.token}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="primary" onClick={() => void copy()}>
          {t('tokens.copy')}
        </Button>
        <Button onClick={onDone}>{t('tokens.done')}</Button>
      </div>
    </section>
  );
}
