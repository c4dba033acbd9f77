import type { Submission } from '@plugin-center/contract';
import { PUBLISH_LIMITS } from '@plugin-center/contract';
import { usePluginSuggestions } from '@plugin-center/react';
import { usePluginAction } from '@plugin-center/react/backoffice';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type PublishT, usePublishTexts } from '../../i18n/publish/texts';
import { notify } from '../../toast/toastStore';
import { Tag } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextArea, TextInput } from '../../ui/Field';
import { FormField } from '../../ui/FormField';

/** The badges of a plugin's listing state in My plugins: "Unlisted" (with what it means) and "Deprecated". */
export function ListingBadges({ s }: { s: Submission }) {
  const { t } = usePublishTexts();
  return (
    <>
      {s.listing.unlisted && (
        <Tag tone="warning" className="listing-badge" title={t('mine.unlistedHint')} data-listing="unlisted">
          {t('mine.unlisted')}
        </Tag>
      )}
      {s.listing.deprecation && (
        <Tag tone="warning" className="listing-badge" data-listing="deprecated">
          {t('mine.deprecated')}
        </Tag>
      )}
    </>
  );
}

/**
 * A plugin's listing actions in My plugins (its owner's): Unlist / Relist, Deprecate (a dialog with
 * the message and a replacement plugin, {@link DeprecateDialog}) / Withdraw deprecation, and Delete
 * (a confirmation naming the plugin). Each change is its route's `usePluginAction` (`unlist`,
 * `relist`, `deprecate`, `undeprecate`, `remove`), says how it went in a toast (the server's message
 * on failure; a refused deprecation shows in its dialog) and then calls `onChanged` (the list is
 * read again).
 *
 * @param s - the plugin's latest submission, with its `listing` state
 * @param others - the user's other plugins, offered as replacements
 */
export function ListingActions({
  s,
  others,
  onChanged,
}: {
  s: Submission;
  others: readonly Submission[];
  onChanged(): void;
}) {
  const { t } = usePublishTexts();
  const actions = {
    unlist: usePluginAction('unlist'),
    relist: usePluginAction('relist'),
    deprecate: usePluginAction('deprecate'),
    undeprecate: usePluginAction('undeprecate'),
    remove: usePluginAction('remove'),
  };
  const deprecate = actions.deprecate;
  const [dialog, setDialog] = useState<'deprecate' | 'delete' | null>(null);
  const busy = Object.values(actions).some((a) => a.status === 'running');
  const name = s.name;
  const key = { plugin_key: s.plugin_key };

  /** Runs one action; on success a toast (`done`), the dialog closed and the list read again. */
  const change = async (
    run: () => Promise<{ status: string; message?: string | undefined }>,
    done: string,
    toastFailure = true,
  ) => {
    const res = await run();
    if (res.status !== 'success') {
      if (toastFailure) notify(t('mine.actionFailed', { message: res.message ?? '' }), 'error');
      return;
    }
    notify(t(done, { name }), 'success');
    setDialog(null);
    onChanged();
  };
  return (
    <div className="listing-actions">
      {s.listing.unlisted ? (
        <Button
          size="small"
          disabled={busy}
          onClick={() => void change(() => actions.relist.run(key), 'mine.relistedDone')}
        >
          {t('mine.relist')}
        </Button>
      ) : (
        <Button
          size="small"
          disabled={busy}
          onClick={() => void change(() => actions.unlist.run(key), 'mine.unlistedDone')}
        >
          {t('mine.unlist')}
        </Button>
      )}
      {s.listing.deprecation ? (
        <Button
          size="small"
          disabled={busy}
          onClick={() => void change(() => actions.undeprecate.run(key), 'mine.undeprecatedDone')}
        >
          {t('mine.undeprecate')}
        </Button>
      ) : (
        <Button size="small" disabled={busy} onClick={() => setDialog('deprecate')}>
          {t('mine.deprecate')}
        </Button>
      )}
      <Button size="small" variant="error" disabled={busy} onClick={() => setDialog('delete')}>
        {t('mine.delete')}
      </Button>
      {dialog === 'deprecate' && (
        <DeprecateDialog
          s={s}
          others={others}
          t={t}
          busy={busy}
          error={deprecate.status === 'error' ? { message: deprecate.message, field: deprecate.field } : null}
          onCancel={() => {
            deprecate.reset();
            setDialog(null);
          }}
          onConfirm={(message, replacement) =>
            change(
              () => deprecate.run({ ...key, message, replacement_plugin_key: replacement || null }),
              'mine.deprecatedDone',
              false,
            )
          }
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('mine.deleteTitle', { name })}
          body={t('mine.deleteBody', { name })}
          confirm={t('mine.deleteConfirm')}
          cancel={t('mine.keep')}
          busy={busy}
          onCancel={() => setDialog(null)}
          onConfirm={() => void change(() => actions.remove.run(key), 'mine.deletedDone')}
        />
      )}
    </div>
  );
}

/**
 * The Deprecate dialog: the message to users (required, at most `PUBLISH_LIMITS.REASON`
 * characters) and the replacement plugin's key (optional), picked from the user's other plugins or
 * from the square's suggestions for what is typed (a `<datalist>`). A refusal shows under its field
 * (`message`, `replacement_plugin_key`), else under the message.
 */
function DeprecateDialog(props: {
  s: Submission;
  others: readonly Submission[];
  t: PublishT;
  busy: boolean;
  error: { message: string | undefined; field: string | undefined } | null;
  onCancel(): void;
  onConfirm(message: string, replacement: string): unknown;
}) {
  const { s, t, error } = props;
  const [message, setMessage] = useState('');
  const [replacement, setReplacement] = useState('');
  const suggestions = usePluginSuggestions(replacement.trim());
  // Without the colons of React's ids, which some selector engines refuse in `list` lookups.
  const ids = { message: useId(), replacement: useId(), options: useId().replace(/:/g, '') };
  const options = new Map<string, string>();
  for (const o of props.others) if (o.plugin_key !== s.plugin_key) options.set(o.plugin_key, o.name);
  for (const o of suggestions.suggestions ?? [])
    if (o.kind === 'plugin' && o.plugin_key && o.plugin_key !== s.plugin_key)
      options.set(o.plugin_key, o.text);
  const fieldError = (field: string) =>
    error && (error.field === field || (field === 'message' && error.field !== 'replacement_plugin_key'))
      ? (error.message ?? '')
      : undefined;
  return (
    <Dialog
      open
      title={t('mine.deprecateTitle', { name: s.name })}
      confirmLabel={t('mine.deprecateConfirm')}
      cancelLabel={t('mine.cancel')}
      busy={props.busy}
      closeOnConfirm={false}
      onCancel={props.onCancel}
      onConfirm={() => {
        if (message.trim() !== '') return props.onConfirm(message, replacement.trim());
        return undefined;
      }}
    >
      <FormField
        id={ids.message}
        label={t('mine.deprecateMessage')}
        required
        hint={t('mine.deprecateMessageHint')}
        error={fieldError('message')}
      >
        <TextArea
          id={ids.message}
          rows={4}
          maxLength={PUBLISH_LIMITS.REASON}
          value={message}
          aria-required
          onChange={(e) => setMessage(e.target.value)}
        />
      </FormField>
      <FormField
        id={ids.replacement}
        label={t('mine.deprecateReplacement')}
        hint={t('mine.deprecateReplacementHint')}
        error={fieldError('replacement_plugin_key')}
      >
        <TextInput
          id={ids.replacement}
          list={ids.options}
          value={replacement}
          autoComplete="off"
          onChange={(e) => setReplacement(e.target.value)}
        />
      </FormField>
      <datalist id={ids.options}>
        {[...options].map(([key, name]) => (
          <option key={key} value={key}>
            {name}
          </option>
        ))}
      </datalist>
    </Dialog>
  );
}
