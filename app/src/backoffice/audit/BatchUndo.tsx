import { useBackofficeAction } from '@plugin-center/react/backoffice';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { usePublishTexts } from '../../i18n/publish/texts';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';

/**
 * The undo of one batch upload: 'Delete the N plugins of this upload' (nothing when `count` is 0),
 * a confirmation dialog, then `DELETE manager/plugins/batch` with `batchId`; a toast with the number
 * the server deleted, or its message. Once deleted the button goes away.
 *
 * @param props.batchId - the upload's `batch_id`
 * @param props.count - how many plugins the upload imported (the button's and the dialog's number)
 */
export function BatchUndo({ batchId, count }: { batchId: string; count: number }) {
  const { t } = usePublishTexts();
  const removal = useBackofficeAction('batchRemove');
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState(false);
  if (count === 0 || deleted) return null;
  const remove = async () => {
    const done = await removal.run({ batch_id: batchId });
    setConfirming(false);
    if (done.status === 'success' && done.data) {
      setDeleted(true);
      notify(t('batchUndo.deleted', { count: done.data.deleted }), 'success');
    } else notify(t('batchUndo.failed', { message: done.message ?? '' }), 'error');
  };
  return (
    <div className="batch-undo">
      <Button className="button-danger" onClick={() => setConfirming(true)}>
        {t('batchUndo.delete', { count })}
      </Button>
      {confirming && (
        <ConfirmDialog
          title={t('batchUndo.confirmTitle')}
          body={t('batchUndo.confirmBody', { count })}
          confirm={t('batchUndo.confirm')}
          cancel={t('batchUndo.cancel')}
          busy={removal.status === 'running'}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        />
      )}
    </div>
  );
}

/**
 * What a cancelled upload left behind, told truthfully: the file may have reached the server, which
 * then imported some or all of it before it saw the cancel. Asks `GET manager/plugins/batch` for
 * the upload's `batchId` and says how many plugins it imported (with {@link BatchUndo}), that
 * nothing was imported, or that it could not be checked.
 */
export function CancelledBatch({ batchId }: { batchId: string }) {
  const { t } = usePublishTexts();
  const status = useBackofficeAction('batchStatus');
  const { run } = status;
  useEffect(() => {
    void run({ batch_id: batchId });
  }, [run, batchId]);
  const count = status.status === 'success' && status.data ? status.data.plugin_count : null;
  return (
    <div className="state" role="status" data-testid="batch-cancelled">
      <p className="state-title">{t('batch.cancelled')}</p>
      <p className="state-hint" data-testid="batch-cancelled-detail">
        {status.status === 'error'
          ? t('batchUndo.unknown')
          : count === null
            ? t('batchUndo.checking')
            : count > 0
              ? t('batchUndo.importedBeforeCancel', { count })
              : t('batchUndo.nothingImported')}
      </p>
      {count !== null && <BatchUndo batchId={batchId} count={count} />}
    </div>
  );
}
