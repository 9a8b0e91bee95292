import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '@manzil/shared';
import { variantAtLeast } from '../listing-card/display';
import { kbOf, useDataSaver } from './store';
import './data-saver.css';

type Variants = Pick<MediaItem, 'variants'>;

/** The variant a tap loads with the data saver on: the smallest at least `minWidth` wide (else the largest). */
export function saverVariant(media: Variants | undefined, minWidth: number) {
  return variantAtLeast(media, minWidth);
}

/**
 * One photo under the data saver: `gated` while it must not be fetched (saver on, not tapped yet), `saver` to
 * load exactly saverVariant() once shown (no srcset: the size said is the size fetched), `show` for the tap.
 */
export function usePhotoGate(media: Variants | undefined) {
  const saver = useDataSaver();
  const [shown, setShown] = useState(false);
  return { saver, gated: saver && !shown && !!media, show: () => setShown(true) };
}

/** The placeholder of a photo not fetched yet: fills the photo's box, says its size in KB, loads it on a tap. */
export function PhotoPlaceholder({ media, minWidth, onShow, label }: { media: Variants | undefined; minWidth: number; onShow: () => void; label?: string }) {
  const { t } = useTranslation();
  const bytes = saverVariant(media, minWidth)?.bytes;
  const size = bytes != null && bytes > 0 ? t('dataSaver.kb', { kb: kbOf(bytes) }) : null;
  return (
    <button type="button" className="photo-gate" onClick={onShow} data-testid="photo-gate" aria-label={size ? t('dataSaver.named', { label: label ?? t('dataSaver.showPhoto'), size }) : (label ?? t('dataSaver.showPhoto'))}>
      <i className="bi bi-image" aria-hidden="true" />
      <span className="photo-gate-label">{t('dataSaver.showPhoto')}</span>
      {size && (
        <span className="photo-gate-size" data-testid="photo-gate-size">
          <bdi>{size}</bdi>
        </span>
      )}
    </button>
  );
}
