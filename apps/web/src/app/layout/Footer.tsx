import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useGovernorates } from '../../api/queries';
import { Logo } from './Logo';
import { MARKET_PRICES_LINK, marketLinks, POPULAR_SEARCHES, SOCIAL_LINKS, type FooterLink } from './footer-links';

function LinkList({ links }: { links: FooterLink[] }) {
  const { t } = useTranslation();
  return (
    <ul className="footer-links">
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to}>
            {link.cityKey ? t(link.labelKey, { city: t(`footer.cities.${link.cityKey}`) }) : t(link.labelKey)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * There is no newsletter service: the form says so honestly, keeps nothing, and points to the contact page.
 */
function NewsletterForm() {
  const { t } = useTranslation();
  const [submitted, setSubmitted] = useState(false);
  const id = useId();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
  };
  return (
    <form className="newsletter-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 className="footer-title" id={`${id}-title`}>
        {t('footer.newsletter.title')}
      </h2>
      <p className="footer-text">{t('footer.newsletter.text')}</p>
      <label className="visually-hidden" htmlFor={`${id}-name`}>
        {t('footer.newsletter.name')}
      </label>
      <input
        id={`${id}-name`}
        name="name"
        className="form-control form-control-sm mb-2"
        placeholder={t('footer.newsletter.name')}
        autoComplete="name"
        required
        maxLength={100}
      />
      <label className="visually-hidden" htmlFor={`${id}-email`}>
        {t('footer.newsletter.email')}
      </label>
      <div className="input-group input-group-sm">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          dir="ltr"
          className="form-control"
          placeholder={t('footer.newsletter.email')}
          autoComplete="email"
          required
          maxLength={254}
        />
        <button type="submit" className="btn btn-brand">
          {t('footer.newsletter.submit')}
        </button>
      </div>
      <div aria-live="polite">
        {submitted && (
          <p className="newsletter-note">
            <i className="bi bi-info-circle" aria-hidden="true" /> {t('footer.newsletter.unavailable')}{' '}
            <Link to="/contact">{t('footer.newsletter.contactLink')}</Link>
          </p>
        )}
      </div>
    </form>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { data: governorates } = useGovernorates();
  const markets = marketLinks(governorates);

  return (
    <footer className="site-footer">
      <div className="container">
        <div className="row g-4 footer-main">
          <div className="col-12 col-lg-4">
            <Link to="/" className="brand brand-footer">
              <Logo />
              <span className="brand-name">{t('appName')}</span>
            </Link>
            <p className="footer-text mt-3">{t('footer.blurb')}</p>
            <h2 className="footer-title mt-4">{t('footer.workingHoursTitle')}</h2>
            <p className="footer-text mb-3">
              <i className="bi bi-clock" aria-hidden="true" /> {t('footer.workingHours')}
            </p>
            <h2 className="footer-title">{t('footer.social')}</h2>
            <ul className="social-links">
              {SOCIAL_LINKS.map((s) => (
                <li key={s.key}>
                  <a href={s.href} target="_blank" rel="noopener noreferrer" title={t(`footer.socialNetworks.${s.key}`)}>
                    <i className={`bi ${s.icon}`} aria-hidden="true" />
                    <span className="visually-hidden">
                      {t(`footer.socialNetworks.${s.key}`)} {t('footer.opensInNewTab')}
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>

          <nav className="col-6 col-md-4 col-lg-2" aria-label={t('footer.popularSearches')}>
            <h2 className="footer-title">{t('footer.popularSearches')}</h2>
            <LinkList links={POPULAR_SEARCHES} />
          </nav>

          <nav className="col-6 col-md-4 col-lg-3" aria-label={t('footer.markets')}>
            <h2 className="footer-title">{t('footer.markets')}</h2>
            <LinkList links={[...markets, MARKET_PRICES_LINK]} />
          </nav>

          <div className="col-12 col-md-4 col-lg-3">
            <nav aria-label={t('footer.quickLinks')}>
              <h2 className="footer-title">{t('footer.quickLinks')}</h2>
              <ul className="footer-links">
                <li>
                  <Link to="/faq">{t('footer.faq')}</Link>
                </li>
                <li>
                  <Link to="/About">{t('footer.about')}</Link>
                </li>
                <li>
                  <Link to="/contact">{t('footer.contact')}</Link>
                </li>
              </ul>
            </nav>
            <NewsletterForm />
          </div>
        </div>

        <div className="footer-bottom">
          {/* The current year; server and browser can disagree only around New Year, which is no error. */}
          <p className="mb-0" suppressHydrationWarning>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          <nav aria-label={t('footer.legal')}>
            <ul className="legal-links">
              <li>
                <Link to="/privacy-policy">{t('footer.privacy')}</Link>
              </li>
              <li>
                <Link to="/terms-of-service">{t('footer.terms')}</Link>
              </li>
            </ul>
          </nav>
          <p className="mb-0 footer-updated">{t('footer.lastUpdated')}</p>
        </div>
      </div>
    </footer>
  );
}
