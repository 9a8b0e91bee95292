import { useId, useLayoutEffect, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type MediaItem } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { translateApiError } from '../../../i18n/translate-api-error';
import type { ImageProblem } from '../form';

/**
 * One photo of the form, in the order the owner sees (issue 25): a stored one (the listing's, when editing) or
 * one added here, which becomes stored once its upload is done.
 */
export interface FormPhoto {
  /** Stable across moves: `m<id>` for a photo stored when the form opened, `p<n>` for one added here. */
  key: string;
  /** The photo as the server has it: from the start when editing, or once its upload is done. */
  media?: MediaItem;
  /** Added in this form: the file, its preview (object URL) and its upload. */
  file?: File;
  url?: string;
  progress: number;
  status: 'stored' | 'ready' | 'uploading' | 'done' | 'error';
  error?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';
/** The drag of a photo within the list, told apart from files dragged in from outside. */
const DRAG_TYPE = 'application/x-manzil-photo';

type Action = 'earlier' | 'later' | 'cover';

/**
 * Photos by file picker or drag and drop (spec §5), previews with per-file upload progress, and the order
 * (issue 25): the first photo is the cover; the owner drags a photo to its place, or moves it with the
 * earlier/later and "make cover" buttons (keyboard and touch). Focus stays on the moved photo's button and a
 * live region says where it went. Stored photos have a delete button (fade and disabled while deleting, spec §4).
 */
export function ImagesField({
  photos,
  deletingIds,
  onDeleteStored,
  onAdd,
  onRemove,
  onMove,
  problem,
  shrinking,
  disabled,
  editing,
}: {
  photos: FormPhoto[];
  deletingIds: ReadonlySet<number>;
  onDeleteStored: (image: MediaItem) => void;
  onAdd: (files: File[]) => void;
  onRemove: (key: string) => void;
  onMove: (key: string, to: number) => void;
  problem: ImageProblem | null;
  /** Large photos picked are being made smaller before they are added. */
  shrinking: boolean;
  disabled: boolean;
  editing: boolean;
}) {
  const { t } = useTranslation('owner');
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const [dragging, setDragging] = useState(false);
  const [dragKey, setDragKey] = useState<string | null>(null);
  const [overKey, setOverKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState({ text: '', seq: 0 });
  const refocus = useRef<{ key: string; action: Action } | null>(null);
  const hintId = useId();
  const orderHintId = useId();
  const count = photos.length;

  // After a move the photo's node may have been moved in the DOM, which drops focus: put it back on its button.
  useLayoutEffect(() => {
    const want = refocus.current;
    if (!want) return;
    refocus.current = null;
    // "Make cover" is gone once the photo is first: its "later" button takes the focus.
    const action = want.action === 'cover' ? 'later' : want.action;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-photo-key="${want.key}"] [data-action="${action}"]`)?.focus();
  }, [photos]);

  const announce = (text: string) => setAnnouncement((a) => ({ text, seq: a.seq + 1 }));

  const move = (key: string, to: number, action: Action | null) => {
    const from = photos.findIndex((p) => p.key === key);
    if (from < 0) return;
    const target = Math.max(0, Math.min(to, count - 1));
    if (target === from) {
      if (action === 'earlier') announce(t('addProperty.images.alreadyFirst'));
      if (action === 'later') announce(t('addProperty.images.alreadyLast'));
      return;
    }
    if (action) refocus.current = { key, action };
    onMove(key, target);
    announce(target === 0 ? t('addProperty.images.nowCover', { count }) : t('addProperty.images.moved', { position: target + 1, count }));
  };

  const onDropFiles = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length) onAdd(files);
  };

  const isPhotoDrag = (e: DragEvent) => dragKey != null && Array.from(e.dataTransfer?.types ?? []).includes(DRAG_TYPE);

  /** The arrow keys of the reading direction move a photo too, when its earlier/later button has focus. */
  const onToolKey = (e: KeyboardEvent<HTMLDivElement>, key: string, index: number) => {
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    if (e.key !== back && e.key !== forward) return;
    const action = (e.target as HTMLElement).dataset.action;
    if (action !== 'earlier' && action !== 'later') return;
    e.preventDefault();
    move(key, e.key === back ? index - 1 : index + 1, e.key === back ? 'earlier' : 'later');
  };

  return (
    <div>
      <div
        className={`owner-dropzone${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
        data-testid="image-dropzone"
        onDragEnter={(e) => {
          e.preventDefault();
          if (!disabled && !isPhotoDrag(e)) setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (e.dataTransfer) e.dataTransfer.dropEffect = disabled || isPhotoDrag(e) ? 'none' : 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDropFiles}
      >
        <i className="bi bi-images owner-dropzone-icon" aria-hidden="true" />
        <p className="mb-1 fw-semibold">{dragging ? t('addProperty.images.dropActive') : t('addProperty.images.drop')}</p>
        <p className="mb-2 text-body-secondary small">{t('addProperty.images.or')}</p>
        <button type="button" className="btn btn-outline-brand" onClick={() => inputRef.current?.click()} disabled={disabled} aria-describedby={hintId}>
          <i className="bi bi-upload me-2" aria-hidden="true" />
          {t('addProperty.images.choose')}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="image-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = ''; // choosing the same file again still fires change
            if (files.length) onAdd(files);
          }}
        />
        <p id={hintId} className="small text-body-secondary mt-2 mb-0">
          {t('addProperty.images.rules', { max: LIMITS.imagesPerListing, mb: LIMITS.imageBytes / 1024 / 1024 })}
          <span className="ms-2 badge text-bg-light" data-testid="image-count">
            {t('addProperty.images.count', { count, max: LIMITS.imagesPerListing })}
          </span>
        </p>
      </div>

      <div role="status" aria-live="polite">
        {shrinking && (
          <p className="small text-body-secondary mt-2 mb-0" data-testid="image-shrinking">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('addProperty.images.shrinking')}
          </p>
        )}
      </div>
      <div aria-live="assertive">
        {problem && (
          <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid="image-problem">
            <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
            {t(`addProperty.validation.${problem.key}`, problem)}
          </div>
        )}
      </div>

      {/* Says where a moved photo went; each announcement is a new node, so the same words are read again. */}
      <div className="visually-hidden" role="status" aria-live="polite" data-testid="photo-order-status">
        <span key={announcement.seq}>{announcement.text}</span>
      </div>

      {count > 0 && (
        <>
          <h3 className="h6 mt-3 mb-1">{t('addProperty.images.photosTitle')}</h3>
          <p id={orderHintId} className="small text-body-secondary mb-2" data-testid="photo-order-hint">
            {t('addProperty.images.orderHint')}
            {editing && ` ${t('addProperty.images.orderSavedOnSave')}`}
          </p>
          <ol ref={listRef} className="owner-thumbs list-unstyled" data-testid="photo-list" aria-label={t('addProperty.images.listLabel')} aria-describedby={orderHintId}>
            {photos.map((p, i) => {
              const n = i + 1;
              const stored = p.media && !p.file;
              const deleting = p.media != null && deletingIds.has(p.media.id);
              const name = p.file?.name;
              const src = p.url ?? (p.media ? (mediaUrl(p.media.variants[0]?.url ?? p.media.file_url) ?? undefined) : undefined);
              const movable = !disabled && !deleting;
              const classes = ['owner-thumb', `is-${p.status}`];
              if (deleting) classes.push('is-fading');
              if (dragKey === p.key) classes.push('is-dragged');
              if (overKey === p.key && dragKey !== p.key) classes.push('is-drop-target');
              return (
                <li
                  key={p.key}
                  className={classes.join(' ')}
                  data-testid={stored ? 'existing-image' : 'pending-image'}
                  data-photo-key={p.key}
                  data-media-id={p.media?.id}
                  draggable={movable}
                  onDragStart={(e) => {
                    e.dataTransfer.setData(DRAG_TYPE, p.key);
                    e.dataTransfer.effectAllowed = 'move';
                    setDragKey(p.key);
                  }}
                  onDragEnter={(e) => {
                    if (isPhotoDrag(e)) setOverKey(p.key);
                  }}
                  onDragOver={(e) => {
                    if (!isPhotoDrag(e)) return;
                    e.preventDefault();
                    e.dataTransfer.dropEffect = 'move';
                  }}
                  onDrop={(e) => {
                    if (!isPhotoDrag(e)) return;
                    e.preventDefault();
                    const from = dragKey!;
                    setDragKey(null);
                    setOverKey(null);
                    move(from, i, null);
                  }}
                  onDragEnd={() => {
                    setDragKey(null);
                    setOverKey(null);
                  }}
                >
                  {/* Delete (stored) or remove (not uploaded yet) first: the corner button of the picture. */}
                  {stored && p.media ? (
                    <button
                      type="button"
                      className="btn btn-sm btn-danger owner-thumb-action"
                      onClick={() => onDeleteStored(p.media!)}
                      disabled={deleting || disabled}
                      aria-label={t('addProperty.images.deleteNamed', { n })}
                      title={t('addProperty.images.delete')}
                    >
                      {deleting ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <i className="bi bi-trash" aria-hidden="true" />}
                    </button>
                  ) : (
                    (p.status === 'ready' || p.status === 'error') && (
                      <button
                        type="button"
                        className="btn btn-sm btn-light owner-thumb-action"
                        onClick={() => onRemove(p.key)}
                        disabled={disabled}
                        aria-label={t('addProperty.images.remove', { name })}
                        title={t('addProperty.images.remove', { name })}
                      >
                        <i className="bi bi-x-lg" aria-hidden="true" />
                      </button>
                    )
                  )}
                  {i === 0 && (
                    <span className="badge owner-cover-badge" data-testid="cover-badge">
                      <i className="bi bi-star-fill me-1" aria-hidden="true" />
                      {t('addProperty.images.cover')}
                    </span>
                  )}
                  {src ? (
                    <img
                      src={src}
                      alt={name ? t('addProperty.images.preview', { name }) : t('addProperty.images.existingAlt', { n })}
                      loading={p.url ? undefined : 'lazy'}
                      width={p.media?.width}
                      height={p.media?.height}
                      draggable={false}
                    />
                  ) : (
                    <div className="owner-thumb-drawing" role="img" aria-label={t('addProperty.images.preview', { name })} data-testid="preview-drawing">
                      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                    </div>
                  )}
                  <div className="owner-thumb-tools" role="group" aria-label={t('addProperty.images.photoN', { n })} onKeyDown={(e) => onToolKey(e, p.key, i)}>
                    <div className="d-flex justify-content-between gap-1">
                      <MoveButton
                        action="earlier"
                        label={t('addProperty.images.moveEarlier', { n })}
                        icon="bi-arrow-left"
                        inactive={i === 0}
                        disabled={!movable}
                        onClick={() => move(p.key, i - 1, 'earlier')}
                      />
                      <span className="owner-thumb-place small text-body-secondary" aria-hidden="true">
                        {n}/{count}
                      </span>
                      <MoveButton
                        action="later"
                        label={t('addProperty.images.moveLater', { n })}
                        icon="bi-arrow-right"
                        inactive={i === count - 1}
                        disabled={!movable}
                        onClick={() => move(p.key, i + 1, 'later')}
                      />
                    </div>
                    {i === 0 ? (
                      <span className="owner-cover-note" data-testid="cover-note">
                        {t('addProperty.images.coverLabel')}
                      </span>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-brand w-100 owner-cover-btn"
                        data-action="cover"
                        data-testid="make-cover"
                        disabled={!movable}
                        aria-label={t('addProperty.images.makeCoverNamed', { n })}
                        onClick={() => move(p.key, 0, 'cover')}
                      >
                        <i className="bi bi-star me-1" aria-hidden="true" />
                        {t('addProperty.images.makeCover')}
                      </button>
                    )}
                  </div>
                  {p.file && (
                    <div className="owner-thumb-status">
                      {p.status === 'uploading' && (
                        <div
                          className="progress"
                          role="progressbar"
                          aria-label={t('addProperty.images.uploading', { percent: p.progress })}
                          aria-valuenow={p.progress}
                          aria-valuemin={0}
                          aria-valuemax={100}
                        >
                          <div className="progress-bar bg-brand" style={{ width: `${p.progress}%` }} />
                        </div>
                      )}
                      <span className="small">
                        {p.status === 'ready' && t('addProperty.images.waiting')}
                        {p.status === 'uploading' && t('addProperty.images.uploading', { percent: p.progress })}
                        {p.status === 'done' && (
                          <>
                            <i className="bi bi-check-circle-fill text-success me-1" aria-hidden="true" />
                            {t('addProperty.images.uploaded')}
                          </>
                        )}
                        {p.status === 'error' && (
                          <span className="text-danger" data-testid="upload-error">
                            <i className="bi bi-x-circle-fill me-1" aria-hidden="true" />
                            {t('addProperty.images.failed')}
                            {p.error ? `: ${translateApiError(t, p.error)}` : ''}
                          </span>
                        )}
                      </span>
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        </>
      )}
    </div>
  );
}

/**
 * Earlier or later: at the end of the list it stays focusable (aria-disabled, not disabled), so focus is not
 * lost when a photo reaches the first or last place; a press there only says so.
 */
function MoveButton({
  action,
  label,
  icon,
  inactive,
  disabled,
  onClick,
}: {
  action: 'earlier' | 'later';
  label: string;
  icon: string;
  inactive: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn btn-sm btn-light owner-move${inactive ? ' is-inactive' : ''}`}
      data-action={action}
      data-testid={`move-${action}`}
      aria-label={label}
      title={label}
      aria-disabled={inactive || undefined}
      disabled={disabled}
      onClick={onClick}
    >
      {/* Arrows follow the reading direction: earlier points to the start of the line (right in Arabic). */}
      <i className={`bi ${icon} flip-rtl`} aria-hidden="true" />
    </button>
  );
}
