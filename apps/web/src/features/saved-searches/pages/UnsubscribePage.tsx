import { useTranslation } from 'react-i18next';
import { useAuth } from '../../account/auth-context';
import { TurnOffPanel, useTurnOffFromLink } from '../../../components/mail-link/TurnOffFromLink';
import { usePageTitle } from '../../../components/usePageTitle';
import { unsubscribe, unsubscribeInfo } from '../api';
import { isolate } from '../lib/name';
import '../saved-searches.css';

/** Which search the token is for (400 a bad token, 404 a search deleted since), then its alerts off. */
async function turnOff(token: string): Promise<string> {
  const { name } = await unsubscribeInfo(token);
  await unsubscribe(token);
  return name;
}

/**
 * /alerts/unsubscribe?token=… (issue 27), the link at the foot of every alert e-mail: public, no sign-in. It turns
 * that saved search's alerts off and says so, naming the search.
 */
export default function UnsubscribePage() {
  const { t } = useTranslation('savedSearches');
  const { token: signedIn } = useAuth();
  usePageTitle(t('unsubscribe.title'));
  const { state, retry } = useTurnOffFromLink(turnOff);
  return (
    <TurnOffPanel
      state={state}
      retry={retry}
      texts={{
        title: t('unsubscribe.title'),
        working: t('unsubscribe.working'),
        done: state.kind === 'done' ? t('unsubscribe.done', { name: isolate(state.result) }) : '',
        doneHint: t('unsubscribe.doneHint'),
        invalid: t('unsubscribe.invalid'),
        invalidHint: t(signedIn ? 'unsubscribe.invalidHintSignedIn' : 'unsubscribe.invalidHint'),
        gone: t('unsubscribe.gone'),
        failed: t('unsubscribe.failed'),
        retry: t('unsubscribe.retry'),
      }}
      manage={{ to: '/saved-searches', icon: 'bi-bell', label: t('unsubscribe.manage') }}
    />
  );
}
