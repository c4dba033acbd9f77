import type { SpaceSetting, TopicColorKey } from '@plugin-center/api';
import { useSpaceSetting } from '@plugin-center/react';
import { useBackofficeAction } from '@plugin-center/react/backoffice';
import { type FormEvent, useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notify } from '../../toast/toastStore';
import { TOPIC_COLOR_VALUES as TOPIC_COLORS } from '../../topicColors';
import { Button } from '../../ui/Button';
import { Check, TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { ErrorState, LoadingState } from '../../ui/States';
import { useDocumentTitle } from '../../useDocumentTitle';
import { AdminRoute } from '../AdminRoute';
import { BackstageHeader } from '../BackstageHeader';
import '../../ui/forms.css';
import '../../ui/lists.css';
import { useBackofficeTexts } from '../../i18n/backoffice/texts';
import '../../ui/backoffice.css';
import { formatDateTime } from '../../format';

/** The brand key pattern of the contract (`SpaceBrand.brand_key`): empty, or lower-case letters, digits, `-`, `_`. */
const BRAND_KEY = /^(?:[a-z0-9][a-z0-9_-]{0,63})?$/;
const STORAGES = [0, 1, 2] as const;

/**
 * `/backstage-index/space-setting` (SPEC §3 space setting; admin only, behind
 * `AdminRoute`): the brand (shown or not, and its key), the topic colour (one of the contract's
 * `TOPIC_COLORS`, each shown with its colour) and the login storage (0 local storage, 1 session
 * storage, 2 cookie). Read from `GET /api/pix/mst/spaces/setting`, saved with
 * `PUT /api/cmt/manager/space-setting`; toasts 'Save Successfully' / 'Save failure' (SPEC §8).
 * A login storage other than the saved one signs everyone out on their next page load (the SSO
 * client reads its session from the new place): the page says so under the choice, and Save asks
 * for a confirmation first.
 */
export function SpaceSettingPage() {
  const { t } = useBackofficeTexts();
  useDocumentTitle(t('space.title'));
  return (
    <AdminRoute>
      <SpaceSettingView />
    </AdminRoute>
  );
}

/** The form of {@link SpaceSettingPage} (exported for the tests). */
export function SpaceSettingView() {
  const { t } = useBackofficeTexts();
  const setting = useSpaceSetting();
  return (
    <section className="backstage bo-page">
      <BackstageHeader title={t('space.title')} />
      <p className="state-hint">{t('space.intro')}</p>
      {setting.status === 'error' ? (
        <ErrorState message={t('common.loadError')} onRetry={setting.reload} />
      ) : !setting.data ? (
        <LoadingState label={t('common.loading')} />
      ) : (
        <SpaceForm initial={setting.data} />
      )}
    </section>
  );
}

function SpaceForm({ initial }: { initial: SpaceSetting }) {
  const { t, locale } = useBackofficeTexts();
  const id = useId();
  const [saved, setSaved] = useState(initial);
  const [enable, setEnable] = useState(initial.ext.brand.enable);
  const [brandKey, setBrandKey] = useState(initial.ext.brand.brand_key);
  const [color, setColor] = useState<TopicColorKey>(initial.ext.template.topic_color_key);
  const [storage, setStorage] = useState<0 | 1 | 2>(initial.ext.login_storage);
  const save = useBackofficeAction('saveSpaceSetting');
  const busy = save.status === 'running';
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState(false);
  const storageChanged = storage !== saved.ext.login_storage;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const key = brandKey.trim();
    if (!BRAND_KEY.test(key)) {
      setError(t('space.brandKeyInvalid'));
      return;
    }
    setError(undefined);
    if (storageChanged) setConfirming(true);
    else await send();
  };

  const send = async () => {
    const key = brandKey.trim();
    const res = await save.run({
      ext: {
        brand: { enable, brand_key: key },
        template: { topic_color_key: color },
        login_storage: storage,
      },
    });
    setConfirming(false);
    if (res.status === 'success') {
      notify(t('spec.saveOk'), 'success');
      setSaved(res.data);
    } else {
      notify(t('spec.saveFailed'), 'error');
      if (res.field?.includes('brand')) setError(res.message || t('spec.saveFailed'));
    }
  };

  return (
    <form className="publish-form" onSubmit={(e) => void submit(e)} noValidate>
      <fieldset disabled={busy}>
        <legend>{t('space.brand')}</legend>
        <p className="bo-muted">
          {saved.update_time === null
            ? t('common.neverSaved')
            : t('common.lastSaved', { time: formatDateTime(saved.update_time, locale) })}
        </p>
        <Check checked={enable} onChange={(e) => setEnable(e.target.checked)}>
          {t('space.brandEnable')}
        </Check>
        <FormField
          id={`${id}-brand`}
          label={t('space.brandKey')}
          hint={t('space.brandKeyHint')}
          error={error}
        >
          <TextInput
            {...fieldControlProps(`${id}-brand`, { hint: t('space.brandKeyHint'), error })}
            type="text"
            value={brandKey}
            maxLength={64}
            autoComplete="off"
            onChange={(e) => setBrandKey(e.target.value)}
          />
        </FormField>
      </fieldset>
      <fieldset disabled={busy} className="bo-swatches">
        <legend>{t('space.color')}</legend>
        {(Object.keys(TOPIC_COLORS) as TopicColorKey[]).map((key) => (
          <Check
            key={key}
            type="radio"
            labelClassName="bo-swatch"
            name={`${id}-color`}
            value={key}
            checked={color === key}
            onChange={() => setColor(key)}
          >
            <span className="bo-swatch-dot" style={{ background: TOPIC_COLORS[key] }} aria-hidden="true" />
            {t(`space.colors.${key}`)}
          </Check>
        ))}
      </fieldset>
      <fieldset disabled={busy} className="bo-swatches">
        <legend>{t('space.storage')}</legend>
        {STORAGES.map((s) => (
          <Check
            key={s}
            type="radio"
            labelClassName="bo-swatch"
            name={`${id}-storage`}
            value={s}
            checked={storage === s}
            onChange={() => setStorage(s)}
          >
            {t(`space.storages.${s}`)}
          </Check>
        ))}
        {storageChanged && (
          <p className="field-error" role="status" data-testid="storage-warning">
            {t('storageChange.warning')}
          </p>
        )}
      </fieldset>
      {confirming && (
        <ConfirmDialog
          title={t('storageChange.title')}
          body={t('storageChange.body', { storage: t(`space.storages.${storage}`) })}
          confirm={t('storageChange.confirm')}
          cancel={t('storageChange.cancel')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void send()}
        />
      )}
      <div>
        <Button variant="primary" type="submit" disabled={busy}>
          {busy ? t('common.saving') : t('common.save')}
        </Button>
      </div>
    </form>
  );
}
