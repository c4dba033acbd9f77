import { useTranslation } from '../i18n/i18n';
import { Toaster as KitToaster } from '../ui/Toast';
import { dismissToast, type ToastMessage } from './toastStore';

/**
 * The app's toasts (SPEC §8, §9) with the UI kit's {@link KitToaster}: each closes after 1500 ms,
 * shows its kind's icon, and stacks 58 px from the one before at its edge (top by default, or
 * bottom). A closed toast leaves the store. Each carries the class `toast` besides the kit's.
 */
export function Toaster({ toasts }: { toasts: readonly ToastMessage[] }) {
  const { t } = useTranslation();
  return (
    <KitToaster
      toasts={toasts.map(({ id, text, kind, position }) => ({ id, title: text, type: kind, position }))}
      onDismiss={(id) => dismissToast(id as number)}
      label={t('app.notifications')}
      toastClassName="toast"
    />
  );
}
