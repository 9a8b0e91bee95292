import { useInfiniteQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import Modal from '../../../components/Modal';
import { useTranslation } from 'react-i18next';
import { groupDigits, telUrl, whatsappUrl, type ListingMessage, type MyListingRead } from '@manzil/shared';
import { formatMediumDate } from '../../../i18n/dates';
import { translateError } from '../../../i18n/translate-api-error';
import { useAuth } from '../../account/auth-context';
import { MESSAGES_PAGE, fetchListingMessages, listingMessagesKey, markMessagesRead, myListingsKey, type ListingPage } from '../api';

/** A mailto: link; the address's parts are escaped, so a '?' or '&' in it cannot add headers. */
function mailtoHref(email: string, subject: string, body: string) {
  const at = email.lastIndexOf('@');
  const address = `${encodeURIComponent(email.slice(0, at))}@${encodeURIComponent(email.slice(at + 1))}`;
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * A listing's messages on /my-properties (issue 25): a button with the count and the unread count opens them in
 * a dialog, newest first, unread ones marked. What the dialog has shown is marked read on the server (a POST:
 * reading them writes nothing), and the card's unread count follows at once.
 */
export function ListingMessages({ listing, title }: { listing: MyListingRead; title: string }) {
  const { t } = useTranslation('owner');
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const count = listing.message_count;
  const unread = listing.unread_messages;

  return (
    <>
      <button
        type="button"
        className={`btn btn-sm owner-messages-button ${unread > 0 ? 'btn-brand' : 'btn-outline-secondary'}`}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="messages-button"
      >
        <i className={`bi ${unread > 0 ? 'bi-envelope-exclamation' : 'bi-envelope'} me-2`} aria-hidden="true" />
        <span>{t('myProperties.messages.button', { count })}</span>
        {unread > 0 && (
          <span className="badge rounded-pill owner-messages-unread ms-2" data-testid="unread-count" data-count={unread}>
            {/* Read as "3 messages, 2 new" (a pause, not the two run together). */}
            <span className="visually-hidden">, </span>
            {t('myProperties.messages.unreadCount', { count: unread })}
          </span>
        )}
      </button>
      <Modal show={open} onHide={() => setOpen(false)} size="lg" fullscreen="sm-down" scrollable aria-labelledby={titleId} data-testid="messages-dialog">
        <Modal.Header closeButton closeLabel={t('myProperties.messages.close')}>
          <Modal.Title id={titleId} as="h2" className="h5 owner-messages-title">
            {t('myProperties.messages.title')}
            <span className="d-block small text-body-secondary fw-normal mt-1">{title}</span>
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{open && <MessageList listingId={listing.id} title={title} />}</Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={() => setOpen(false)}>
            {t('myProperties.messages.close')}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

function MessageList({ listingId, title }: { listingId: number; title: string }) {
  const { t } = useTranslation('owner');
  const queryClient = useQueryClient();
  const { token } = useAuth();
  const query = useInfiniteQuery({
    queryKey: listingMessagesKey(listingId),
    queryFn: ({ pageParam, signal }) => fetchListingMessages(listingId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.items.length, 0);
      return last.items.length === MESSAGES_PAGE && loaded < last.total ? loaded : undefined;
    },
    // Each opening reads afresh, so what was marked read last time no longer shows as new.
    gcTime: 0,
  });
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data]);

  // What this dialog has shown is marked read, once per message; "New" stays on them while it is open.
  const marked = useRef(new Set<number>());
  useEffect(() => {
    const ids = items.filter((m) => m.unread && !marked.current.has(m.id)).map((m) => m.id);
    if (ids.length === 0) return;
    ids.forEach((id) => marked.current.add(id));
    markMessagesRead(listingId, ids)
      .then((r) => {
        queryClient.setQueryData<InfiniteData<ListingPage>>(myListingsKey(token), (data) =>
          data && {
            ...data,
            pages: data.pages.map((p) => ({ ...p, items: p.items.map((l) => (l.id === listingId ? { ...l, unread_messages: r.unread_messages } : l)) })),
          },
        );
      })
      // Not marked: they count as unread until the next opening tries again.
      .catch(() => ids.forEach((id) => marked.current.delete(id)));
  }, [items, listingId, queryClient, token]);

  if (query.isPending) {
    return (
      <div className="d-flex justify-content-center align-items-center gap-2 py-4" role="status" data-testid="messages-loading">
        <span className="spinner-border spinner-border-sm text-brand" aria-hidden="true" />
        <span className="text-body-secondary">{t('myProperties.messages.loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="alert alert-danger d-flex flex-wrap align-items-center gap-2 mb-0" role="alert" data-testid="messages-error">
        <span className="flex-grow-1">
          {t('myProperties.messages.failed')}: {translateError(t, query.error)}
        </span>
        <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => void query.refetch()}>
          {t('myProperties.tryAgain')}
        </button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="text-center py-4 text-body-secondary" data-testid="messages-empty">
        <i className="bi bi-inbox owner-messages-empty-icon" aria-hidden="true" />
        <p className="fw-semibold mt-2 mb-1 text-body">{t('myProperties.messages.emptyTitle')}</p>
        <p className="mb-0 small">{t('myProperties.messages.emptyText')}</p>
      </div>
    );
  }
  const total = query.data.pages[0]?.total ?? items.length;
  return (
    <>
      <p className="small text-body-secondary mb-3" data-testid="messages-summary">
        {t('myProperties.messages.summary', { count: total, total: groupDigits(total) })}
      </p>
      <ol className="list-unstyled owner-messages mb-0" data-testid="messages-list">
        {items.map((m) => (
          <li key={m.id}>
            <MessageItem message={m} title={title} />
          </li>
        ))}
      </ol>
      {query.hasNextPage && (
        <div className="text-center mt-3">
          <button type="button" className="btn btn-sm btn-outline-brand" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
            {t('myProperties.messages.more')}
          </button>
        </div>
      )}
    </>
  );
}

function MessageItem({ message: m, title }: { message: ListingMessage; title: string }) {
  const { t, i18n } = useTranslation('owner');
  const lang = i18n.language.startsWith('ar') ? 'ar' : 'en';
  const when = formatMediumDate(new Date(m.created_at), lang, true);
  const whatsapp = m.sender_phone ? whatsappUrl(m.sender_phone) : null;
  const greeting = t('myProperties.messages.replyBody', { name: m.sender_name, title });
  const headingId = useId();
  return (
    <article className={`owner-message${m.unread ? ' is-unread' : ''}`} aria-labelledby={headingId} data-testid="owner-message" data-unread={m.unread}>
      <header className="owner-message-head">
        <h3 id={headingId} className="h6 mb-0 owner-message-sender" dir="auto">
          {m.sender_name}
        </h3>
        {m.unread && (
          <span className="badge text-bg-primary" data-testid="message-new">
            {t('myProperties.messages.new')}
          </span>
        )}
        <time className="small text-body-secondary ms-auto" dateTime={m.created_at}>
          {when}
        </time>
      </header>
      <p className="owner-message-text" dir="auto">
        {m.message}
      </p>
      <dl className="owner-message-contact small">
        {m.sender_email && (
          <div>
            <dt>
              <i className="bi bi-envelope" aria-hidden="true" />
              <span className="visually-hidden">{t('myProperties.messages.email')}</span>
            </dt>
            <dd dir="ltr" data-testid="message-email">
              {m.sender_email}
            </dd>
          </div>
        )}
        {m.sender_phone && (
          <div>
            <dt>
              <i className="bi bi-telephone" aria-hidden="true" />
              <span className="visually-hidden">{t('myProperties.messages.phone')}</span>
            </dt>
            <dd dir="ltr" data-testid="message-phone">
              <a href={telUrl(m.sender_phone) ?? undefined}>{m.sender_phone}</a>
            </dd>
          </div>
        )}
      </dl>
      <div className="owner-message-actions">
        {m.sender_email && (
          <a className="btn btn-sm btn-outline-brand" href={mailtoHref(m.sender_email, t('myProperties.messages.replySubject', { title }), greeting)} data-testid="reply-email">
            <i className="bi bi-reply me-1 flip-rtl" aria-hidden="true" />
            {t('myProperties.messages.replyEmail')}
          </a>
        )}
        {whatsapp && (
          <a
            className="btn btn-sm owner-message-whatsapp"
            href={`${whatsapp}?text=${encodeURIComponent(greeting)}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="reply-whatsapp"
          >
            <i className="bi bi-whatsapp me-1" aria-hidden="true" />
            {t('myProperties.messages.whatsapp')}
            <span className="visually-hidden"> ({t('myProperties.messages.newWindow')})</span>
          </a>
        )}
      </div>
    </article>
  );
}
