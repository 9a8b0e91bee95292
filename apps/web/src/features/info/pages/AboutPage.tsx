import { useTranslation } from 'react-i18next';
import { SOCIAL_LINKS } from '../../../app/layout/footer-links';
import { InfoPage } from '../components/InfoPage';
import { InitialsAvatar } from '../components/InitialsAvatar';

interface Block {
  title: string;
  text: string;
}
interface Member {
  name: string;
  initials: string;
  role: string;
  bio: string;
}

/** /about and /About: four numbered blocks (philosophy, approach, mission, founder), then the team. */
export default function AboutPage() {
  const { t } = useTranslation('info');
  const blocks = t('about.blocks', { returnObjects: true }) as Block[];
  const team = t('about.team', { returnObjects: true }) as Member[];
  return (
    <InfoPage title={t('about.title')} lead={t('about.lead')}>
      <ol className="about-blocks">
        {blocks.map((b, i) => (
          <li key={b.title} className="about-block">
            <span className="about-num" aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <div>
              <h2>{b.title}</h2>
              <p>{b.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <section className="about-team" aria-labelledby="about-team-title">
        <h2 id="about-team-title" className="section-title">
          {t('about.teamTitle')}
        </h2>
        <p className="text-body-secondary">{t('about.teamLead')}</p>
        <div className="row g-4 justify-content-center">
          {team.map((m) => (
            <div className="col-12 col-sm-6 col-lg-4" key={m.name}>
              <article className="team-card">
                <InitialsAvatar name={m.name} initials={m.initials} />
                <h3>{m.name}</h3>
                <p className="team-role">{m.role}</p>
                <p className="team-bio">{m.bio}</p>
                <ul className="team-social">
                  {SOCIAL_LINKS.map((s) => (
                    <li key={s.key}>
                      <a
                        href={s.href}
                        target="_blank"
                        rel="noopener noreferrer"
                        aria-label={t('about.socialLabel', { name: m.name, network: t(`about.networks.${s.key}`) })}
                      >
                        <i className={`bi ${s.icon}`} aria-hidden="true" />
                      </a>
                    </li>
                  ))}
                </ul>
              </article>
            </div>
          ))}
        </div>
      </section>
    </InfoPage>
  );
}
