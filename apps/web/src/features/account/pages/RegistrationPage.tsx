import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../../../components/usePageTitle';
import { useAuth } from '../auth-context';
import { Avatar } from '../components/Avatar';
import '../account.css';

/** /registration (spec §2): a welcome when signed in; otherwise buttons that open the modal in either mode. */
export default function RegistrationPage() {
  const { t } = useTranslation('account');
  const { user, isLoading, openLogin } = useAuth();
  usePageTitle(t('registration.title'));

  if (isLoading) {
    return (
      <section className="container page-section account-page" aria-busy="true">
        <div className="d-flex justify-content-center py-5" role="status">
          <span className="spinner-border text-brand" aria-hidden="true" />
          <span className="visually-hidden">{t('profile.loading')}</span>
        </div>
      </section>
    );
  }

  if (user) {
    return (
      <section className="container page-section account-page">
        <div className="account-card text-center">
          <div className="d-flex justify-content-center mb-3">
            <Avatar user={user} size={72} />
          </div>
          <h1 className="page-title h3">{t('registration.welcome', { name: user.first_name || user.username })}</h1>
          <p className="text-body-secondary">{t('registration.welcomeText')}</p>
          <div className="account-welcome-actions justify-content-center">
            <Link to="/my-properties" className="btn btn-outline-brand">
              <i className="bi bi-house-door me-2" aria-hidden="true" />
              {t('menu.myProperties')}
            </Link>
            <Link to="/add-property" className="btn btn-brand">
              <i className="bi bi-plus-lg me-2" aria-hidden="true" />
              {t('menu.addProperty')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="container page-section account-page">
      <div className="account-card text-center">
        <i className="bi bi-person-circle display-4 text-brand" aria-hidden="true" />
        <h1 className="page-title h3 mt-2">{t('registration.title')}</h1>
        <p className="text-body-secondary">{t('registration.intro')}</p>
        <div className="account-welcome-actions justify-content-center">
          <button type="button" className="btn btn-brand" onClick={() => openLogin('login')} data-testid="registration-sign-in">
            <i className="bi bi-box-arrow-in-right me-2" aria-hidden="true" />
            {t('modal.signIn')}
          </button>
          <button type="button" className="btn btn-outline-brand" onClick={() => openLogin('register')} data-testid="registration-sign-up">
            <i className="bi bi-person-plus me-2" aria-hidden="true" />
            {t('registration.signUp')}
          </button>
        </div>
      </div>
    </section>
  );
}
