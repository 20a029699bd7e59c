import { Trans } from '@lingui/react/macro';
import { formatDate, formatIsoDate } from '../i18n/formats.ts';

/**
 * Home's line with today's date. It loads beside Home's tiles, not with the
 * start: the date library is the largest part of the start's own code that
 * Home's first paint can do without, and the sign-in page needs none of it.
 */
export function Today() {
  // ABP's clock providers (abp/clock.ts) all give this same instant for now; they differ only in how a date from the server is read.
  const now = new Date();
  const today = formatDate(now);
  return (
    <Trans>
      Vandaag is het <time dateTime={formatIsoDate(now)}>{today}</time>.
    </Trans>
  );
}
