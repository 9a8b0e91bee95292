import { useTranslation } from 'react-i18next';
import { TurnOffPanel, useTurnOffFromLink } from '../../../components/mail-link/TurnOffFromLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { unsubscribePriceDrops } from '../api';

/**
 * /price-drops/unsubscribe?token=… (issue 27), the link at the foot of every price-drop e-mail: turns that
 * account's price-drop e-mails off, and says so; the switch on /favorites turns them on again.
 */
export default function PriceDropsUnsubscribePage() {
  const { t } = useTranslation('favorites');
  usePageTitle(t('unsubscribe.title'));
  const { state, retry } = useTurnOffFromLink(unsubscribePriceDrops);
  return (
    <TurnOffPanel
      state={state}
      retry={retry}
      texts={{
        title: t('unsubscribe.title'),
        working: t('unsubscribe.working'),
        done: t('unsubscribe.done'),
        doneHint: t('unsubscribe.doneHint'),
        invalid: t('unsubscribe.invalid'),
        invalidHint: t('unsubscribe.invalidHint'),
        gone: t('unsubscribe.gone'),
        failed: t('unsubscribe.failed'),
        retry: t('tryAgain'),
      }}
      manage={{ to: '/favorites', icon: 'bi-heart', label: t('unsubscribe.manage') }}
    />
  );
}
