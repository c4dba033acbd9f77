import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@plugin-center/api';
import { useBackofficeAction } from '@plugin-center/react/backoffice';
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copyText } from '../../components/copyText';
import { formatDateTime } from '../../format';
import { useWebhooksTexts } from '../../i18n/webhooks/texts';
import { notify } from '../../toast/toastStore';
import { Tag } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Check, TextInput } from '../../ui/Field';
import { FormField } from '../../ui/FormField';
import { ErrorState, LoadingState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import { WEBHOOK_EVENT_VALUES } from '../contractValues';
import '../../ui/forms.css';
import '../../ui/lists.css';
import '../../ui/backoffice.css';
import './webhooks.css';

/**
 * `/backstage-index/webhooks` (admin only, behind `AdminRoute`; docs/webhooks.md): the page title
 * and the {@link WebhooksView}.
 */
export function WebhooksPage() {
  const { t } = useWebhooksTexts();
  useDocumentTitle(t('title'));
  return (
    <AdminRoute>
      <WebhooksView />
    </AdminRoute>
  );
}

/**
 * The webhook endpoints from `GET /api/cmt/manager/webhooks`, a form registering one (URL, events,
 * "allow private addresses") whose answer shows the secret once, and per endpoint: enable or
 * disable, send a test event, rotate the secret (after a confirmation; the new one shown once with
 * a Copy button, the old one's end of signing shown on the endpoint), delete (after a confirmation:
 * its log goes with it), and its delivery log
 * (`GET …/webhooks/deliveries`: event, status, attempts, last response or error) with "Redeliver" on
 * each delivery.
 */
export function WebhooksView() {
  const { t, locale } = useWebhooksTexts();
  const list = useBackofficeAction('webhookList');
  const create = useBackofficeAction('webhookCreate');
  const update = useBackofficeAction('webhookUpdate');
  const remove = useBackofficeAction('webhookDelete');
  const test = useBackofficeAction('webhookTest');
  const rotate = useBackofficeAction('webhookRotate');
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [allowPrivate, setAllowPrivate] = useState(false);
  const [secret, setSecret] = useState<{ value: string; rotated: boolean } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const urlId = useId();
  const [open, setOpen] = useState<number | null>(null);
  const { run: runList } = list;
  const reload = useCallback(() => void runList(undefined as never), [runList]);
  useEffect(reload, [reload]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await create.run({ url, events, allow_private: allowPrivate });
    if (result.status === 'success') {
      setSecret({ value: result.data.secret, rotated: false });
      setUrl('');
      setEvents([]);
      setAllowPrivate(false);
      reload();
    }
  };
  const toggle = async (endpoint: WebhookEndpoint) => {
    const result = await update.run({ id: endpoint.id, enabled: !endpoint.enabled });
    if (result.status === 'success') reload();
    else notify(result.message || t('failed'), 'error');
  };
  const sendTest = async (endpoint: WebhookEndpoint) => {
    const result = await test.run({ id: endpoint.id });
    notify(
      result.status === 'success' ? t('testSent') : result.message || t('failed'),
      result.status === 'success' ? 'success' : 'error',
    );
  };
  const confirmRotate = async () => {
    if (!rotating) return;
    const result = await rotate.run({ id: rotating.id });
    setRotating(null);
    if (result.status === 'success') {
      setSecret({ value: result.data.secret, rotated: true });
      reload();
    } else notify(result.message || t('failed'), 'error');
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove.run({ id: deleting.id });
    setDeleting(null);
    if (result.status === 'success') reload();
    else notify(result.message || t('failed'), 'error');
  };
  const copySecret = async (value: string) => {
    try {
      await copyText(value);
      notify(t('copied'), 'success');
    } catch {
      notify(t('copyFailed'), 'error');
    }
  };

  return (
    <section className="backstage bo-page webhooks">
      <BackstageHeader title={t('title')} />
      <p className="state-hint">{t('intro')}</p>
      <form className="publish-form" onSubmit={(e) => void submit(e)} aria-label={t('add')}>
        <FormField id={urlId} label={t('url')} required>
          <TextInput
            id={urlId}
            type="url"
            required
            maxLength={2048}
            placeholder="https://"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
          />
        </FormField>
        <fieldset className="publish-radios">
          <legend>{t('events')}</legend>
          {WEBHOOK_EVENT_VALUES.map((name) => (
            <Check
              key={name}
              checked={events.includes(name)}
              onChange={(e) =>
                setEvents(
                  e.currentTarget.checked ? [...events, name] : events.filter((other) => other !== name),
                )
              }
            >
              <code>{name}</code>
            </Check>
          ))}
        </fieldset>
        <Check checked={allowPrivate} onChange={(e) => setAllowPrivate(e.currentTarget.checked)}>
          {t('allowPrivate')}
        </Check>
        <p className="state-hint">{t('allowPrivateHint')}</p>
        {create.status === 'error' && (
          <p className="field-error" role="alert">
            {create.message}
          </p>
        )}
        <div className="publish-buttons">
          <Button
            variant="primary"
            type="submit"
            disabled={create.status === 'running' || events.length === 0}
          >
            {t('add')}
          </Button>
        </div>
      </form>
      {secret && (
        <div role="status" className="bo-panel webhook-secret" data-testid="webhook-secret">
          <p>{secret.rotated ? t('secretRotated') : t('secretOnce')}</p>
          <div className="webhook-secret-row">
            <code>{secret.value}</code>
            <Button variant="primary" onClick={() => void copySecret(secret.value)}>
              {t('copy')}
            </Button>
          </div>
        </div>
      )}
      <h2>{t('endpoints')}</h2>
      {list.status === 'error' && !list.data ? (
        <ErrorState message={t('loadError')} onRetry={reload} />
      ) : !list.data ? (
        <LoadingState label={t('loading')} />
      ) : list.data.list.length === 0 ? (
        <p className="state-hint">{t('none')}</p>
      ) : (
        <ul className="bo-list">
          {list.data.list.map((endpoint) => (
            <li key={endpoint.id} className="bo-row webhook-endpoint" data-testid="webhook-endpoint">
              <p className="webhook-endpoint-head">
                <code>{endpoint.url}</code>{' '}
                <Tag tone={endpoint.enabled ? 'success' : 'neutral'}>
                  {endpoint.enabled ? t('enabled') : t('disabled')}
                </Tag>
                {endpoint.allow_private && <Tag tone="warning">{t('privateAllowed')}</Tag>}
              </p>
              <p className="state-hint">{endpoint.events.join(', ')}</p>
              {endpoint.previous_secret_expires_at !== null && (
                <p className="state-hint" data-testid="webhook-old-secret">
                  {t('oldSecretUntil', { time: formatDateTime(endpoint.previous_secret_expires_at, locale) })}
                </p>
              )}
              <div className="publish-buttons">
                <Button onClick={() => void toggle(endpoint)}>
                  {endpoint.enabled ? t('disable') : t('enable')}
                </Button>
                <Button onClick={() => void sendTest(endpoint)}>{t('sendTest')}</Button>
                <Button onClick={() => setRotating(endpoint)}>{t('rotate')}</Button>
                <Button onClick={() => setOpen(open === endpoint.id ? null : endpoint.id)}>{t('log')}</Button>
                <Button variant="error" onClick={() => setDeleting(endpoint)}>
                  {t('delete')}
                </Button>
              </div>
              {open === endpoint.id && <DeliveryLog endpointId={endpoint.id} />}
            </li>
          ))}
        </ul>
      )}
      {rotating && (
        <ConfirmDialog
          title={t('rotateTitle')}
          body={t('rotateBody', { url: rotating.url })}
          confirm={t('rotateConfirm')}
          cancel={t('cancel')}
          busy={rotate.status === 'running'}
          onCancel={() => setRotating(null)}
          onConfirm={() => void confirmRotate()}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('deleteTitle')}
          body={t('deleteBody', { url: deleting.url })}
          confirm={t('deleteConfirm')}
          cancel={t('cancel')}
          busy={remove.status === 'running'}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void confirmDelete()}
        />
      )}
    </section>
  );
}

/** An endpoint's deliveries, newest first, with "Redeliver" on each and "More" for the next page. */
function DeliveryLog({ endpointId }: { endpointId: number }) {
  const { t, locale } = useWebhooksTexts();
  const load = useBackofficeAction('webhookDeliveries');
  const redeliver = useBackofficeAction('webhookRedeliver');
  const [rows, setRows] = useState<WebhookDelivery[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const { run } = load;
  const fetchPage = useCallback(
    async (from?: string) => {
      const result = await run(
        from ? { endpoint_id: endpointId, cursor: from } : { endpoint_id: endpointId },
      );
      if (result.status === 'success') {
        setRows((before) => (from ? [...before, ...result.data.list] : result.data.list));
        setCursor(result.data.next_cursor);
      }
    },
    [run, endpointId],
  );
  useEffect(() => void fetchPage(), [fetchPage]);

  const again = async (delivery: WebhookDelivery) => {
    const result = await redeliver.run({ delivery_id: delivery.id });
    if (result.status === 'success') {
      notify(t('redelivered'), 'success');
      void fetchPage();
    } else notify(result.message || t('failed'), 'error');
  };

  if (load.status === 'error' && rows.length === 0)
    return <ErrorState message={t('loadError')} onRetry={() => void fetchPage()} />;
  if (rows.length === 0)
    return <p className="state-hint">{load.status === 'running' ? t('loading') : t('noDeliveries')}</p>;
  return (
    <div data-testid="webhook-log" className="table-scroll">
      <Table
        caption={t('log')}
        columns={[
          { label: t('event') },
          { label: t('status') },
          { label: t('attempts'), numeric: true },
          { label: t('response') },
          { label: t('time') },
          { label: t('redeliver'), hidden: true },
        ]}
      >
        {rows.map((d) => (
          <tr key={d.id}>
            <td>
              <code>{d.event_type}</code>
            </td>
            <td>
              <Tag tone={d.status === 'delivered' ? 'success' : d.status === 'failed' ? 'danger' : 'neutral'}>
                {t(`status_${d.status}`)}
              </Tag>
            </td>
            <td className="numeric">{d.attempts}</td>
            <td>
              {d.response_status !== null
                ? `${d.response_status} ${d.response_body ?? ''}`.slice(0, 200)
                : (d.last_error ?? '')}
            </td>
            <td>{formatDateTime(d.update_time, locale)}</td>
            <td>
              <Button onClick={() => void again(d)}>{t('redeliver')}</Button>
            </td>
          </tr>
        ))}
      </Table>
      {cursor && <Button onClick={() => void fetchPage(cursor)}>{t('more')}</Button>}
    </div>
  );
}
