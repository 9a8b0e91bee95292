import { useTranslation } from 'react-i18next';
import { HelpCard, InfoPage, LastUpdated } from '../components/InfoPage';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

/** /facebook-data-deletion: the policy text of spec §2 (data received, two ways to delete, timings). */
export default function FacebookDataDeletionPage() {
  const { t } = useTranslation('info');
  const sections = t('facebook.sections', { returnObjects: true }) as LegalSection[];
  const questions = sections[sections.length - 1]!;
  return (
    <InfoPage title={t('facebook.title')} lead={t('facebook.lead')} meta={<LastUpdated />}>
      <LegalDocument id="facebook" sections={sections.slice(0, -1)} ordered={[1]} />
      <HelpCard title={questions.title} text={questions.paragraphs?.[0] ?? ''} />
    </InfoPage>
  );
}
