import { useTranslation } from 'react-i18next';

const STEPS = ['listingType', 'addInformation', 'publish'] as const;

/**
 * The three step indicators of spec §2 (listing type, add information, publish). `current` is 1–3;
 * steps before it show as done. Each step links to its section of the form.
 */
export function StepIndicator({ current, done }: { current: 1 | 2 | 3; done: boolean }) {
  const { t } = useTranslation('owner');
  return (
    <nav aria-label={t('addProperty.steps.label')} className="owner-steps mb-4">
      <ol>
        {STEPS.map((key, i) => {
          const n = (i + 1) as 1 | 2 | 3;
          const complete = n < current || (done && n === current);
          const active = n === current && !done;
          return (
            <li key={key} className={`owner-step${complete ? ' is-done' : ''}${active ? ' is-active' : ''}`} aria-current={active ? 'step' : undefined}>
              <a href={`#owner-step-${n}`} className="owner-step-link">
                <span className="owner-step-num" aria-hidden="true">
                  {complete ? <i className="bi bi-check-lg" /> : n}
                </span>
                <span className="owner-step-label">{t(`addProperty.steps.${key}`)}</span>
                {complete && <span className="visually-hidden"> ({t('addProperty.steps.done')})</span>}
                {active && <span className="visually-hidden"> ({t('addProperty.steps.current')})</span>}
              </a>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
