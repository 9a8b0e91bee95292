import { Fragment } from 'react';
import { rejectionReasonIn, type Lang } from '@manzil/shared';

/** Where the reason goes in its sentence ("Reason given: {{reason}}"), a character no translation has. */
const SLOT = '\uE000';

/**
 * A listing's rejection reason for its owner, in its sentence: the common reasons (stored "Arabic — English", one
 * per line) in the reader's language only, the administrator's own words as they wrote them. Each line is its own
 * line (white-space: pre-line) and takes its own direction (dir="auto"), so an English line in an Arabic page
 * keeps its full stop at its end.
 */
export function RejectionReasonText({ reason, lang, sentence }: { reason: string; lang: Lang; sentence: (reason: string) => string }) {
  const [before = '', after = ''] = sentence(SLOT).split(SLOT);
  const lines = rejectionReasonIn(reason, lang).split(/\r?\n/);
  return (
    <>
      {before}
      <span className="rejection-reason-lines" style={{ whiteSpace: 'pre-line' }} data-testid="rejection-reason-lines">
        {lines.map((line, i) => (
          <Fragment key={i}>
            {i > 0 && '\n'}
            <span dir="auto">{line}</span>
          </Fragment>
        ))}
      </span>
      {after}
    </>
  );
}
