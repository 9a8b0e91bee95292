import { useTranslation } from 'react-i18next';
import { InfoPage, LastUpdated } from '../components/InfoPage';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

/** /terms-of-service: the rules, including the 30-day notice for changes (spec §1). */
export default function TermsOfServicePage() {
  const { t } = useTranslation('info');
  const sections = t('terms.sections', { returnObjects: true }) as LegalSection[];
  return (
    <InfoPage title={t('terms.title')} lead={t('terms.lead')} meta={<LastUpdated />}>
      <LegalDocument id="terms" sections={sections} />
    </InfoPage>
  );
}
