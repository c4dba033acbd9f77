import type { AuditLogEntry } from '@plugin-center/contract';
import { useApiClient } from '@plugin-center/react';
import { Pager } from '../../ui/Pager';
import { EmptyState, ErrorState, LoadingState } from '../../ui/States';
import { Table } from '../../ui/Table';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { formatDateTime } from '../../format';
import { usePublishTexts } from '../../i18n/publish/texts';
import { useCursorPages } from '../../paging/useCursorPages';

/**
 * `/backstage-index/audit-log` (admin only, behind `AdminRoute`):
 * the page title and the {@link AuditLogView}.
 */
export function AuditLogPage() {
  const { t } = usePublishTexts();
  useDocumentTitle(t('log.title'));
  return (
    <AdminRoute>
      <AuditLogView />
    </AdminRoute>
  );
}

/**
 * The append-only audit log of administrative actions (`plugin.auditLog`, AuditLogPage, newest
 * first, "Load more" with `next_cursor`) as a table: time, actor, action (translated; an unknown
 * action shows its identifier), plugin key, version and reason ('—' when absent).
 */
export function AuditLogView() {
  const { t, locale } = usePublishTexts();
  const api = useApiClient();
  const list = useCursorPages(
    (cursor, signal) => api.plugin.auditLog(cursor ? { cursor } : {}, { signal }),
    (d: { entry_list: AuditLogEntry[]; next_cursor: string | null }) => ({
      items: d.entry_list,
      next_cursor: d.next_cursor,
    }),
    [api],
  );
  const action = (a: string) => t(`log.actions.${a}`, { defaultValue: a });
  return (
    <section className="backstage audit" aria-busy={list.status === 'loading' || list.status === 'more'}>
      <BackstageHeader title={t('log.title')} />
      {list.status === 'loading' && <LoadingState label={t('log.loading')} />}
      {list.status === 'error' && list.firstFailed && (
        <ErrorState message={t('log.error')} onRetry={list.reload} />
      )}
      {list.status === 'ready' && list.items.length === 0 && <EmptyState title={t('log.empty')} />}
      {list.items.length > 0 && (
        <div className="table-scroll">
          <Table
            caption={t('log.title')}
            columns={[
              { label: t('log.time') },
              { label: t('log.actor') },
              { label: t('log.action') },
              { label: t('log.plugin') },
              { label: t('log.version') },
              { label: t('log.reason') },
            ]}
          >
            {list.items.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={new Date(e.time).toISOString()}>{formatDateTime(e.time, locale)}</time>
                </td>
                <td>{e.actor.nick_name}</td>
                <td>{action(e.action)}</td>
                <td>
                  <code>{e.plugin_key}</code>
                </td>
                <td>{e.version ?? '—'}</td>
                <td className="change-value">{e.reason ?? '—'}</td>
              </tr>
            ))}
          </Table>
        </div>
      )}
      <Pager list={list} more={t('log.loadMore')} loading={t('log.loading')} error={t('log.error')} />
    </section>
  );
}
