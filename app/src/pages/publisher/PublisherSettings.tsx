import { BANNER_URL_MESSAGE } from '@plugin-center/contract';
import { handleProblem } from '@plugin-center/contract/publishers';
import { httpUrl } from '@plugin-center/contract/text';
import { useMyPublisher } from '@plugin-center/react';
import { usePluginAction } from '@plugin-center/react/backoffice';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { usePublishersTexts } from '../../i18n/publishers/texts';
import { publisherPath } from '../../routes';
import { notify } from '../../toast/toastStore';
import { Button } from '../../ui/Button';
import { TextInput } from '../../ui/Field';
import { FormField, fieldControlProps } from '../../ui/FormField';
import { LoadingState } from '../../ui/States';
import { VerifiedBadge } from './VerifiedBadge';
import './publisher.css';

/**
 * The signed-in user's publisher profile, on "My plugins": the handle (typed once; afterwards shown
 * with a link to the page, never editable), the website, and the domain proof — "Get the TXT
 * record" (`POST plugin/publisher/domain`) shows the record's name and value to publish, "Check now"
 * (`POST …/domain/check`) verifies it. The handle and the website are checked with the contract's
 * rules (`handleProblem`, `httpUrl`) before sending; the server's answers (`HANDLE_TAKEN`,
 * `HANDLE_ALREADY_SET`, a field's message, `DOMAIN_NOT_VERIFIED`) show beside the fields.
 */
export function PublisherSettings() {
  const { t } = usePublishersTexts();
  const id = useId();
  const mine = useMyPublisher();
  const save = usePluginAction('saveMyPublisher');
  const start = usePluginAction('startDomainVerification');
  const check = usePluginAction('checkDomainVerification');
  const publisher = mine.publisher;
  const [handle, setHandle] = useState('');
  const [website, setWebsite] = useState('');
  const [domain, setDomain] = useState('');
  const [errors, setErrors] = useState<{
    handle?: string;
    website?: string;
    domain?: string;
    check?: string;
  }>({});
  useEffect(() => {
    if (publisher) setWebsite(publisher.website ?? '');
  }, [publisher]);

  if (!publisher) {
    return (
      <section className="publisher-settings" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('settingsTitle')}</h2>
        <LoadingState label={t('loading')} />
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    const typed = handle.trim();
    if (!publisher.handle && typed) {
      const problem = handleProblem(typed);
      if (problem) next.handle = `${t('handle')}: ${problem}`;
    }
    if (website.trim() && !httpUrl(website.trim())) next.website = BANNER_URL_MESSAGE;
    setErrors(next);
    if (next.handle || next.website) return;
    const res = await save.run({
      ...(!publisher.handle && typed ? { handle: typed } : {}),
      website: website.trim() || null,
    });
    if (res.status === 'success') {
      notify(t('saved'), 'success');
      mine.reload();
    } else if (res.code === 'HANDLE_TAKEN') setErrors({ handle: t('handleTaken') });
    else if (res.code === 'HANDLE_ALREADY_SET') setErrors({ handle: t('handleSet') });
    else setErrors({ [res.field === 'website' ? 'website' : 'handle']: res.message ?? '' });
  };

  const startDomain = async (event: FormEvent) => {
    event.preventDefault();
    const res = await start.run({ domain: domain.trim() });
    if (res.status === 'success') {
      setErrors({});
      mine.reload();
    } else setErrors({ domain: res.message ?? '' });
  };

  const checkDomain = async () => {
    const res = await check.run(undefined as never);
    if (res.status === 'success') {
      setErrors({});
      mine.reload();
    } else setErrors({ check: t('checkFailed', { message: res.message ?? '' }) });
  };

  const handleField = { hint: t('handleHint'), error: errors.handle };
  const websiteField = { hint: t('websiteHint'), error: errors.website };
  const domainField = { error: errors.domain };
  return (
    <section className="publisher-settings" aria-labelledby={`${id}-title`} data-testid="publisher-settings">
      <h2 id={`${id}-title`}>{t('settingsTitle')}</h2>
      <p className="state-hint">{t('settingsIntro')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {publisher.handle ? (
          <p>
            {t('handle')}: <strong>@{publisher.handle}</strong>{' '}
            {publisher.verified && (
              <VerifiedBadge by={publisher.verified_by} domain={publisher.verified_domain} />
            )}{' '}
            <Link to={publisherPath(publisher.handle)}>{t('viewPage')}</Link>
          </p>
        ) : (
          <FormField id={`${id}-handle`} label={t('handle')} {...handleField}>
            <TextInput
              {...fieldControlProps(`${id}-handle`, handleField)}
              value={handle}
              maxLength={39}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => setHandle(e.target.value)}
            />
          </FormField>
        )}
        <FormField id={`${id}-website`} label={t('websiteLabel')} {...websiteField}>
          <TextInput
            {...fieldControlProps(`${id}-website`, websiteField)}
            type="url"
            value={website}
            maxLength={2048}
            onChange={(e) => setWebsite(e.target.value)}
          />
        </FormField>
        <div>
          <Button type="submit" variant="primary" disabled={save.status === 'running'}>
            {t('save')}
          </Button>
        </div>
      </form>
      <h3>{t('domainTitle')}</h3>
      {publisher.verified_by === 'domain' && publisher.verified_domain && (
        <p>{t('domainVerified', { domain: publisher.verified_domain })}</p>
      )}
      <p className="state-hint">{t('domainIntro')}</p>
      <form onSubmit={(e) => void startDomain(e)} noValidate>
        <FormField id={`${id}-domain`} label={t('domain')} {...domainField}>
          <TextInput
            {...fieldControlProps(`${id}-domain`, domainField)}
            value={domain}
            maxLength={253}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setDomain(e.target.value)}
          />
        </FormField>
        <div>
          <Button type="submit" disabled={start.status === 'running' || !domain.trim()}>
            {t('start')}
          </Button>
        </div>
      </form>
      {publisher.pending_domain && (
        <div className="publisher-record" data-testid="publisher-record">
          <p>
            {t('domain')}: <strong>{publisher.pending_domain.domain}</strong>
          </p>
          <p>
            {t('recordName')}: <code>{publisher.pending_domain.record_name}</code>
          </p>
          <p>
            {t('recordValue')}: <code>{publisher.pending_domain.record_value}</code>
          </p>
          <div>
            <Button onClick={() => void checkDomain()} disabled={check.status === 'running'}>
              {t('check')}
            </Button>
          </div>
          {errors.check && (
            <p className="field-error" role="alert">
              {errors.check}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
