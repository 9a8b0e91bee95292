import Accordion from 'react-bootstrap/Accordion';
import { useTranslation } from 'react-i18next';
import { HelpCard, InfoPage } from '../components/InfoPage';

interface Faq {
  q: string;
  a: string;
}

/** /faq: the translated questions as an accordion, the first one open (spec §2). */
export default function FaqPage() {
  const { t } = useTranslation('info');
  const items = t('faq.items', { returnObjects: true }) as Faq[];
  return (
    <InfoPage title={t('faq.title')} lead={t('faq.lead')}>
      <Accordion defaultActiveKey="0" className="faq-accordion">
        {items.map((item, i) => (
          <Accordion.Item eventKey={String(i)} key={item.q}>
            <Accordion.Header as="h2">{item.q}</Accordion.Header>
            <Accordion.Body>{item.a}</Accordion.Body>
          </Accordion.Item>
        ))}
      </Accordion>
      <HelpCard title={t('faq.moreTitle')} text={t('faq.moreText')} />
    </InfoPage>
  );
}
