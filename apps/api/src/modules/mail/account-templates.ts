/**
 * The account e-mails (issue 20): verify an address, confirm a new one, reset a password. In both languages,
 * the reader's first (the language of the request that caused the mail). Links carry a single-use token.
 */
import { compose, subjectIn, type MailContent } from './templates.js';
import type { Lang } from '@manzil/shared';

const helloAr = (name: string) => (name ? `مرحبًا ${name}،` : 'مرحبًا،');
const helloEn = (name: string) => (name ? `Hello ${name},` : 'Hello,');

/** After registration or when asked again: prove this address is yours. */
export function verifyEmailMail(p: { name: string; url: string; hours: number }, lang: Lang): MailContent {
  return compose(
    subjectIn('تأكيد بريدك الإلكتروني في منزل', 'Confirm your email address for Manzil', lang),
    {
      heading: 'تأكيد بريدك الإلكتروني',
      lines: [
        helloAr(p.name),
        'افتح الرابط أدناه لتأكيد أن هذا البريد الإلكتروني لك. يظهر بجانب إعلاناتك بعدها أن بريدك موثّق.',
        `الرابط صالح لمدة ${p.hours} ساعة ولمرة واحدة. إذا لم تنشئ حسابًا في منزل فتجاهل هذه الرسالة.`,
      ],
      link: { label: 'تأكيد البريد الإلكتروني', url: p.url },
    },
    {
      heading: 'Confirm your email address',
      lines: [
        helloEn(p.name),
        'Follow the link below to confirm this email address is yours. Your listings then show that your email is verified.',
        `The link works once, for ${p.hours} hours. If you did not create a Manzil account, ignore this email.`,
      ],
      link: { label: 'Confirm email address', url: p.url },
    },
    lang,
  );
}

/** An e-mail change: sent to the NEW address; the account's e-mail changes only when this link is followed. */
export function confirmNewEmailMail(p: { name: string; url: string; hours: number }, lang: Lang): MailContent {
  return compose(
    subjectIn('تأكيد بريدك الإلكتروني الجديد في منزل', 'Confirm your new email address for Manzil', lang),
    {
      heading: 'تأكيد بريدك الإلكتروني الجديد',
      lines: [
        helloAr(p.name),
        'طلبت تغيير البريد الإلكتروني لحسابك في منزل إلى هذا العنوان. لن يتغير بريدك حتى تفتح الرابط أدناه، وسيتم تسجيل خروجك من الأجهزة الأخرى.',
        `الرابط صالح لمدة ${p.hours} ساعة ولمرة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
      ],
      link: { label: 'تأكيد البريد الإلكتروني الجديد', url: p.url },
    },
    {
      heading: 'Confirm your new email address',
      lines: [
        helloEn(p.name),
        'You asked to change the email address of your Manzil account to this one. It changes only when you follow the link below, and your other devices will be signed out.',
        `The link works once, for ${p.hours} hours. If you did not ask for this, ignore this email.`,
      ],
      link: { label: 'Confirm new email address', url: p.url },
    },
    lang,
  );
}

/** "Forgot password?": a link to choose a new password (also how a Google-only account sets a first one). */
export function passwordResetMail(p: { name: string; url: string; minutes: number }, lang: Lang): MailContent {
  return compose(
    subjectIn('إعادة تعيين كلمة المرور في منزل', 'Reset your Manzil password', lang),
    {
      heading: 'إعادة تعيين كلمة المرور',
      lines: [
        helloAr(p.name),
        'طلب أحدهم إعادة تعيين كلمة المرور لحسابك في منزل. افتح الرابط أدناه لاختيار كلمة مرور جديدة؛ سيتم تسجيل خروجك من جميع الأجهزة.',
        `الرابط صالح لمدة ${p.minutes} دقيقة ولمرة واحدة. إذا لم تطلب ذلك فتجاهل هذه الرسالة، ولن يتغير شيء.`,
      ],
      link: { label: 'اختيار كلمة مرور جديدة', url: p.url },
    },
    {
      heading: 'Reset your password',
      lines: [
        helloEn(p.name),
        'Someone asked to reset the password of your Manzil account. Follow the link below to choose a new one; you will be signed out on every device.',
        `The link works once, for ${p.minutes} minutes. If you did not ask for this, ignore this email and nothing changes.`,
      ],
      link: { label: 'Choose a new password', url: p.url },
    },
    lang,
  );
}

/**
 * After the account was deleted (the data-deletion page promises it): what went, and where to turn if it was
 * not them. Sent to the address the account had; no link to follow but the contact page.
 */
export function accountDeletedMail(p: { name: string; contactUrl: string }, lang: Lang): MailContent {
  return compose(
    subjectIn('تم حذف حسابك في منزل', 'Your Manzil account has been deleted', lang),
    {
      heading: 'تم حذف حسابك',
      lines: [
        helloAr(p.name),
        'تم حذف حسابك في منزل بناءً على طلبك، ومعه إعلاناتك وصورها والرسائل التي وصلتك. لم يعد بالإمكان تسجيل الدخول به.',
        'إذا لم تطلب حذف حسابك فتواصل معنا عبر صفحة التواصل.',
      ],
      link: { label: 'تواصل معنا', url: p.contactUrl },
    },
    {
      heading: 'Your account has been deleted',
      lines: [
        helloEn(p.name),
        'Your Manzil account has been deleted as you asked, together with your listings, their photos and the messages you received. You can no longer sign in with it.',
        'If you did not ask for this, contact us through the contact page.',
      ],
      link: { label: 'Contact us', url: p.contactUrl },
    },
    lang,
  );
}
