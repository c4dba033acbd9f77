import type { Locale, ResourcePosition, ResourcePositionStatus } from '@plugin-center/api';
import { useBackofficeAction, useResourcePositionList } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { PluginAvatar } from '../../components/PluginAvatar';
import { notify } from '../../toast/toastStore';
import { Tag, type TagTone } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Check, Select, TextInput } from '../../ui/Field';
import { FormField } from '../../ui/FormField';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { formatDateTime } from '../../format';
import { pagerTexts, useBackofficeTexts } from '../../i18n/backoffice/texts';
import { usePageView } from '../../paging/usePageView';
import { Pager } from '../../ui/Pager';
import { type PickedPlugin, PluginPicker } from '../PluginPicker';

/** The statuses the filter offers (SPEC §4 resource position statuses). */
const STATUSES: ResourcePositionStatus[] = ['pending', 'active', 'expired', 'invalidated'];
/** The tone of each slot status: on the square green, waiting amber, disabled red, ended grey. */
const SLOT_TONES: Record<ResourcePositionStatus, TagTone> = {
  pending: 'warning',
  active: 'success',
  expired: 'neutral',
  invalidated: 'danger',
};

/**
 * `/backstage-index/resource-state-list` (SPEC §2 "resource state list"; admin only,
 * behind `AdminRoute`): the resource positions (featured slots) newest first, 20 a page, filtered by
 * status, each with the plugin's icon and name, its start and end in the viewer's local time, its
 * status badge (pending, active, expired, invalidated) and the 'new' tag; a disable/restore toggle
 * (`PUT /api/cmt/plugin/resource_state/disable`, toast on success or with the server's message); and
 * the create form ({@link ResourceStateForm}).
 */
export function ResourceStatePage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('resource.title'));
  return (
    <AdminRoute>
      <ResourceStateView />
    </AdminRoute>
  );
}

/** The list, filter and create form of {@link ResourceStatePage} (exported for the tests). */
export function ResourceStateView() {
  const { t, locale } = useBackofficeTexts();
  const [status, setStatus] = useState<ResourcePositionStatus | ''>('');
  const list = useResourcePositionList({ status: status || undefined, lang: locale as Locale });
  const pages = usePageView(list);
  const disabling = useBackofficeAction('disableResourceState');
  const [busyId, setBusyId] = useState<number | null>(null);
  const id = useId();

  const toggle = async (slot: ResourcePosition) => {
    setBusyId(slot.id);
    const disable = !slot.is_disabled;
    const res = await disabling.run({ id: slot.id, is_disabled: disable });
    setBusyId(null);
    if (res.status === 'success') {
      notify(t(disable ? 'resource.disabled' : 'resource.restored', { name: slot.name }), 'success');
      pages.reload();
    } else notify(res.message || t('common.actionFailed'), 'error');
  };

  const rows = pages.items ?? [];
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('resource.title')} />
      <p className="state-hint">{t('resource.intro')}</p>
      <ResourceStateForm onCreated={pages.reload} />
      <div className="bo-toolbar">
        <label htmlFor={`${id}-status`}>{t('resource.filter')}</label>
        <Select
          id={`${id}-status`}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as ResourcePositionStatus | '');
            pages.reset();
          }}
        >
          <option value="">{t('resource.all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`resource.status.${s}`)}
            </option>
          ))}
        </Select>
      </div>
      {list.status === 'error' && !pages.items ? (
        <ErrorState
          message={t('common.loadError')}
          onRetry={pages.page === 1 ? list.reload : list.loadMore}
        />
      ) : !pages.items ? (
        <LoadingState label={t('common.loading')} variant="page" />
      ) : rows.length === 0 ? (
        <EmptyState title={t('resource.empty')} hint={t('resource.emptyHint')} />
      ) : (
        <ul className="bo-list" aria-label={t('resource.title')} aria-busy={list.status === 'requesting'}>
          {rows.map((slot) => (
            <li key={slot.id} className="bo-row" data-testid="resource-row">
              <PluginAvatar name={slot.name} icon={slot.icon} size={40} />
              <div className="bo-row-main">
                <p className="bo-row-title">
                  {slot.name} {slot.is_new && <span className="bo-tag">{t('resource.newTag')}</span>}
                </p>
                <p className="bo-muted">
                  {t('resource.start')}: {formatDateTime(slot.start_time, locale)} · {t('resource.end')}:{' '}
                  {formatDateTime(slot.end_time, locale)}
                </p>
              </div>
              <Tag className="bo-badge" tone={SLOT_TONES[slot.status]} data-status={slot.status}>
                {t(`resource.status.${slot.status}`)}
              </Tag>
              <Button
                className={slot.is_disabled ? undefined : 'button-danger'}
                disabled={busyId === slot.id}
                aria-label={`${t(slot.is_disabled ? 'resource.restore' : 'resource.disable')} ${slot.name}`}
                onClick={() => void toggle(slot)}
              >
                {t(slot.is_disabled ? 'resource.restore' : 'resource.disable')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Pager pages={pages} {...pagerTexts(t)} />
    </section>
  );
}

/**
 * A `datetime-local` value (the viewer's local time, `YYYY-MM-DDTHH:mm`) as ms since the Unix epoch;
 * NaN for an empty or incomplete value. ECMAScript reads a date-time without offset as local time.
 */
export function localInputToMs(value: string): number {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) ? new Date(value).getTime() : Number.NaN;
}

/**
 * The SPEC §5 checks of a resource position's time range, in the order a person fixes them: both
 * times required, the end not before the start, the end not before `now` (ms). The key of the
 * message, or null when the range is fine.
 */
export function checkTimeRange(start: number, end: number, now: number): string | null {
  if (!Number.isFinite(start) || !Number.isFinite(end)) return 'resource.timeRequired';
  if (end < start) return 'resource.endBeforeStart';
  if (end < now) return 'resource.endBeforeNow';
  return null;
}

/**
 * The create form of {@link ResourceStatePage}: an approved plugin chosen by searching, start and
 * end (local date-time), the 'new' tag. SPEC §5 checks shown inline before anything is sent; the
 * server's refusal (e.g. `INVALID_PARAMETER` on `end_time`, `PLUGIN_NOT_FOUND`) beside its field.
 * Sends `POST /api/cmt/plugin/resource_state` with times in ms.
 */
function ResourceStateForm(props: { onCreated(): void }) {
  const { t } = useBackofficeTexts();
  const id = useId();
  const [plugin, setPlugin] = useState<PickedPlugin | null>(null);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [isNew, setIsNew] = useState(false);
  const creating = useBackofficeAction('createResourceState');
  const busy = creating.status === 'running';
  const [errors, setErrors] = useState<{ plugin?: string; time?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const startMs = localInputToMs(start);
    const endMs = localInputToMs(end);
    const next: typeof errors = {};
    if (!plugin) next.plugin = t('common.required');
    const range = checkTimeRange(startMs, endMs, Date.now());
    if (range) next.time = t(range);
    setErrors(next);
    if (!plugin || range) return;
    const res = await creating.run({
      plugin_key: plugin.plugin_key,
      start_time: startMs,
      end_time: endMs,
      is_new: isNew,
    });
    if (res.status === 'success') {
      notify(t('resource.created'), 'success');
      setPlugin(null);
      setStart('');
      setEnd('');
      setIsNew(false);
      props.onCreated();
      return;
    }
    const message = res.message || t('common.actionFailed');
    if (res.field === 'end_time' || res.field === 'start_time') setErrors({ time: message });
    else if (res.field === 'plugin_key' || res.code === 'PLUGIN_NOT_FOUND') setErrors({ plugin: message });
    else setErrors({ form: message });
  };

  return (
    <form className="publish-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={busy}>
        <legend>{t('resource.createTitle')}</legend>
        {plugin ? (
          <div className="publish-field">
            <span className="bo-label">{t('resource.plugin')}</span>
            <p className="bo-inline">
              <span data-testid="chosen-plugin">{t('resource.chosen', { name: plugin.name })}</span>
              <Button variant="text" onClick={() => setPlugin(null)}>
                {t('resource.change')}
              </Button>
            </p>
          </div>
        ) : (
          <PluginPicker label={t('resource.plugin')} invalid={errors.plugin} onPick={setPlugin} />
        )}
        <div className="bo-two">
          <TimeField
            id={`${id}-start`}
            label={t('resource.start')}
            value={start}
            onChange={setStart}
            errorId={errors.time ? `${id}-time-error` : undefined}
          />
          <TimeField
            id={`${id}-end`}
            label={t('resource.end')}
            value={end}
            onChange={setEnd}
            errorId={errors.time ? `${id}-time-error` : undefined}
          />
        </div>
        {errors.time && (
          <p id={`${id}-time-error`} className="field-error">
            {errors.time}
          </p>
        )}
        <Check checked={isNew} onChange={(e) => setIsNew(e.target.checked)}>
          {t('resource.isNew')}
        </Check>
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form}
          </p>
        )}
        <div>
          <Button variant="primary" type="submit">
            {t('resource.create')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** A required `datetime-local` field of the form; `errorId` names the shown error it is invalid by. */
function TimeField(props: {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  errorId: string | undefined;
}) {
  return (
    <FormField id={props.id} label={props.label} required>
      <TextInput
        id={props.id}
        type="datetime-local"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={props.errorId ? true : undefined}
        aria-describedby={props.errorId}
      />
    </FormField>
  );
}
