import * as Dialog from '@radix-ui/react-dialog';

/**
 * The confirmation of a destructive action (delete a plugin, revoke a token): a Radix alert dialog
 * with a title, a sentence saying what cannot be undone, Cancel (also Escape and the overlay) and a
 * danger-styled confirm button, disabled while `busy`. Always open while rendered: the caller
 * renders it only when there is something to confirm.
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
    <Dialog.Root open onOpenChange={(open) => !open && props.onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" role="alertdialog">
          <Dialog.Title className="dialog-title">{props.title}</Dialog.Title>
          <Dialog.Description>{props.body}</Dialog.Description>
          <div className="dialog-buttons">
            <Dialog.Close className="button" type="button">
              {props.cancel}
            </Dialog.Close>
            <button
              type="button"
              className="button button-danger"
              onClick={props.onConfirm}
              disabled={props.busy}
            >
              {props.confirm}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
