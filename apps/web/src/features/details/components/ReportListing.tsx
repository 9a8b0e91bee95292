import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The dialog's code (react-bootstrap's Modal), fetched when the visitor comes near the link or opens it. */
export const loadReportDialog = () => import('./ReportDialog');
const ReportDialog = lazy(loadReportDialog);

/** "Report this listing" (issue 28): the link, and the dialog once it has been opened. */
export function ReportListing({ listingId }: { listingId: number }) {
  const { t } = useTranslation('details');
  const [show, setShow] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-link btn-sm text-body-secondary details-report-link"
        onClick={() => {
          setOpened(true);
          setShow(true);
        }}
        data-testid="report-open"
      >
        <i className="bi bi-flag me-1" aria-hidden="true" />
        {t('report.open')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ReportDialog listingId={listingId} show={show} onHide={() => setShow(false)} />
        </Suspense>
      )}
    </>
  );
}
