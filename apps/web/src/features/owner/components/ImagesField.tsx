import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type MediaItem } from '@manzil/shared';
import { mediaUrl } from '../../../api/client';
import { translateApiError } from '../../../i18n/translate-api-error';
import type { ImageProblem } from '../form';

export interface PendingImage {
  id: string;
  file: File;
  /** Object URL for the preview. */
  url: string;
  progress: number;
  status: 'ready' | 'uploading' | 'done' | 'error';
  error?: string;
}

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Photos by file picker or drag and drop (spec §5): the owner sees previews, per-file upload progress,
 * and on edit the current photos with a delete button (fade and disabled while deleting, spec §4).
 */
export function ImagesField({
  existing,
  deletingIds,
  onDeleteExisting,
  pending,
  onAdd,
  onRemove,
  problem,
  disabled,
}: {
  existing: MediaItem[];
  deletingIds: ReadonlySet<number>;
  onDeleteExisting: (image: MediaItem) => void;
  pending: PendingImage[];
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  problem: ImageProblem | null;
  disabled: boolean;
}) {
  const { t } = useTranslation('owner');
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  const count = existing.length + pending.length;

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (disabled) return;
    const files = Array.from(e.dataTransfer?.files ?? []);
    if (files.length) onAdd(files);
  };

  return (
    <div>
      {existing.length > 0 && (
        <>
          <h3 className="h6">{t('addProperty.images.existing')}</h3>
          <ul className="owner-thumbs list-unstyled" data-testid="existing-images">
            {existing.map((m, i) => {
              const deleting = deletingIds.has(m.id);
              return (
                <li key={m.id} className={`owner-thumb${deleting ? ' is-fading' : ''}`} data-testid="existing-image">
                  <img
                    src={mediaUrl(m.variants[0]?.url ?? m.file_url) ?? undefined}
                    alt={t('addProperty.images.existingAlt', { n: i + 1 })}
                    loading="lazy"
                    width={m.width}
                    height={m.height}
                  />
                  <button
                    type="button"
                    className="btn btn-sm btn-danger owner-thumb-action"
                    onClick={() => onDeleteExisting(m)}
                    disabled={deleting || disabled}
                    aria-label={t('addProperty.images.delete')}
                    title={t('addProperty.images.delete')}
                  >
                    {deleting ? <span className="spinner-border spinner-border-sm" aria-hidden="true" /> : <i className="bi bi-trash" aria-hidden="true" />}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}

      <div
        className={`owner-dropzone${dragging ? ' is-dragging' : ''}${disabled ? ' is-disabled' : ''}`}
        data-testid="image-dropzone"
        onDragEnter={(e) => {
          e.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (e.dataTransfer) e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        }}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
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

      <div aria-live="assertive">
        {problem && (
          <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid="image-problem">
            <i className="bi bi-exclamation-triangle me-2" aria-hidden="true" />
            {t(`addProperty.validation.${problem.key}`, problem)}
          </div>
        )}
      </div>

      {pending.length > 0 && (
        <ul className="owner-thumbs list-unstyled mt-3" data-testid="pending-images">
          {pending.map((p) => (
            <li key={p.id} className={`owner-thumb is-${p.status}`} data-testid="pending-image">
              <img src={p.url} alt={t('addProperty.images.preview', { name: p.file.name })} />
              {(p.status === 'ready' || p.status === 'error') && (
                <button
                  type="button"
                  className="btn btn-sm btn-light owner-thumb-action"
                  onClick={() => onRemove(p.id)}
                  disabled={disabled}
                  aria-label={t('addProperty.images.remove', { name: p.file.name })}
                  title={t('addProperty.images.remove', { name: p.file.name })}
                >
                  <i className="bi bi-x-lg" aria-hidden="true" />
                </button>
              )}
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
                    <span className="text-danger" title={p.error}>
                      <i className="bi bi-x-circle-fill me-1" aria-hidden="true" />
                      {t('addProperty.images.failed')}
                      {p.error ? `: ${translateApiError(t, p.error)}` : ''}
                    </span>
                  )}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
