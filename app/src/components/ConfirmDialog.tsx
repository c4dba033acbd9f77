import { Dialog } from '../ui/Dialog';

/**
 * The confirmation of a destructive action (delete a plugin, revoke a token): the UI kit's
 * {@link Dialog} as an alert dialog (600 px wide at most, SPEC §9) with a title, a sentence saying
 * what cannot be undone, Cancel (also the close button, Escape and the backdrop) and an
 * error-styled confirm button, in its loading state while `busy`. Confirming does not close it:
 * always open while rendered, the caller renders it only when there is something to confirm and
 * removes it when the action is done (or calls `onCancel`'s state change).
 */
export function ConfirmDialog(props: {
  title: string;
  body: string;
  confirm: string;
  cancel: string;
  busy: boolean;
  onCancel(): void;
  onConfirm(): void;
}) {
  return (
    <Dialog
      open
      role="alertdialog"
      title={props.title}
      description={props.body}
      confirmLabel={props.confirm}
      cancelLabel={props.cancel}
      confirmVariant="error"
      busy={props.busy}
      closeOnConfirm={false}
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
