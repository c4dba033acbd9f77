import { BANNER_URL_TEXT } from '../../backoffice/contractValues';

/**
 * SPEC §8 (and §5) texts of the back office, the same in every interface language: each locale's
 * `spec` section is this object, so they are never translated ('Save Successfully', 'Save failure',
 * 'Applied successfully', 'Please try again', 'Wrong url, please try again').
 */
export const SPEC_TEXTS = {
  saveOk: 'Save Successfully',
  saveFailed: 'Save failure',
  applyOk: 'Applied successfully',
  applyFailed: 'Please try again',
  wrongUrl: BANNER_URL_TEXT,
} as const;
