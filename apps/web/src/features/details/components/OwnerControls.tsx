import { useEffect, useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TIMINGS, type ListingRead } from '@manzil/shared';
import { ApiError } from '../../../api/client';
import { translateError } from '../../../i18n/translate-api-error';
import { ListingExpiry, WithheldNotes } from '../../owner/components/ListingExpiry';
import { useDeleteListing } from '../api/listing';

/**
 * Edit and delete for the listing's owner (spec §2, §4): delete asks first, needs a token, shows
 * "Listing deleted successfully!" and then goes to the home page. Above them, as on /my-properties, why the public
 * cannot see the listing (hidden, held by reports, owner blocked, expired with Renew, off the market).
 */
export function OwnerControls({ listing, token }: { listing: ListingRead; token: string | null }) {
  const listingId = listing.id;
  const { t } = useTranslation('details');
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useDeleteListing();

  useEffect(() => {
    if (!remove.isSuccess) return;
    const timer = setTimeout(() => navigate('/', { replace: true }), TIMINGS.redirectAfterSaveMs);
    return () => clearTimeout(timer);
  }, [remove.isSuccess, navigate]);

  const confirm = () => {
    setError(null);
    if (!token) {
      setConfirming(false);
      setError(t('errors:deleteListingLoginRequired'));
      return;
    }
    remove.mutate(listingId, {
      onSettled: () => setConfirming(false),
      onError: (e) => {
        // Spec §8: 'Failed to delete property' plus the reason, or the generic retry text.
        const reason = e instanceof ApiError && !e.isNetworkError ? translateError(t, e) : null;
        setError(reason ? `${t('errors:deletePropertyFailed')}: ${reason}` : t('errors:deleteListingFailed'));
      },
    });
  };

  return (
    <section className="details-card details-owner-controls" aria-labelledby="owner-controls-title">
      <h2 id="owner-controls-title" className="details-card-title">
        {t('owner.manage')}
      </h2>
      {remove.isSuccess ? (
        <Alert variant="success" className="mb-0" role="status">
          {t('errors:listingDeleted')} <span className="d-block small mt-1">{t('owner.redirecting')}</span>
        </Alert>
      ) : (
        <>
          <WithheldNotes listing={listing} />
          <ListingExpiry listing={listing} />
          {error && (
            <Alert variant="danger" role="alert" className="py-2">
              {error}
            </Alert>
          )}
          <div className="d-flex flex-wrap gap-2">
            <Link to={`/edit-property/${listingId}`} className="btn btn-outline-brand flex-grow-1">
              <i className="bi bi-pencil-square me-1" aria-hidden="true" />
              {t('owner.edit')}
            </Link>
            <Button variant="outline-danger" className="flex-grow-1" onClick={() => setConfirming(true)} disabled={remove.isPending}>
              {remove.isPending ? <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" /> : <i className="bi bi-trash3 me-1" aria-hidden="true" />}
              {remove.isPending ? t('owner.deleting') : t('owner.delete')}
            </Button>
          </div>
        </>
      )}
      <Modal show={confirming} onHide={() => !remove.isPending && setConfirming(false)} centered aria-labelledby="delete-listing-title">
        <Modal.Header closeButton closeLabel={t('owner.cancel')}>
          <Modal.Title id="delete-listing-title" as="h2" className="h5">
            {t('owner.deleteTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-1">{t('errors:deleteConfirm')}</p>
          <p className="small text-body-secondary mb-0">{t('owner.deleteWarning')}</p>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="light" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('owner.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending && <Spinner size="sm" animation="border" className="me-1" aria-hidden="true" />}
            {remove.isPending ? t('owner.deleting') : t('owner.confirmDelete')}
          </Button>
        </Modal.Footer>
      </Modal>
    </section>
  );
}
