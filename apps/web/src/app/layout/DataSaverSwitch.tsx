import { useTranslation } from 'react-i18next';
import { chooseDataSaver, useDataSaver } from '../../components/data-saver/store';
import '../../components/data-saver/data-saver.css';

/**
 * The data saver's switch (issue 30), beside the language and currency switches: a button with role="switch"
 * (Space/Enter toggle it). `compact`: the icon only, for the desktop bar; its name is still "Data saver".
 */
export function DataSaverSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const on = useDataSaver();
  return (
    <span className="lang-switch">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        className={`lang-switch-btn data-saver-switch${on ? ' active' : ''}`}
        title={t(on ? 'dataSaver.on' : 'dataSaver.off')}
        onClick={() => chooseDataSaver(!on)}
        data-testid="data-saver-switch"
      >
        <i className={`bi ${on ? 'bi-lightning-charge-fill' : 'bi-lightning-charge'}`} aria-hidden="true" />
        <span className={compact ? 'visually-hidden' : 'ms-1'}>{t('dataSaver.label')}</span>
      </button>
    </span>
  );
}
