import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoPage, LastUpdated } from '../components/InfoPage';
import { LegalDocument, type LegalSection } from '../components/LegalDocument';

/** /privacy-policy: what we keep, why, and how to delete it; links to /facebook-data-deletion. */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation('info');
  const sections = t('privacy.sections', { returnObjects: true }) as LegalSection[];
  const deletion = sections.findIndex((s) => s.link);
  return (
    <InfoPage title={t('privacy.title')} lead={t('privacy.lead')} meta={<LastUpdated />}>
      <LegalDocument
        id="privacy"
        sections={sections}
        ordered={[deletion]}
        extra={{
          [deletion]: (
            <p className="legal-callout">
              <i className="bi bi-facebook" aria-hidden="true" /> {sections[deletion]?.link}{' '}
              <Link to="/facebook-data-deletion">{t('privacy.fbLinkText')}</Link>
            </p>
          ),
        }}
      />
    </InfoPage>
  );
}
