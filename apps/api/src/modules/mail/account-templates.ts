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

/**
 * After the password changed (from the profile, or through a reset link): the owner hears of it at the account's
 * address, so a change they did not make does not go unnoticed. No link that acts: where to reset it, and contact.
 */
export function passwordChangedMail(p: { name: string; contactUrl: string; first?: boolean }, lang: Lang): MailContent {
  // An account that signed in with Google alone gets its first password through a reset link: "set", not "changed".
  const ar = p.first
    ? { subject: 'تم تعيين كلمة مرور لحسابك في منزل', heading: 'تم تعيين كلمة المرور', did: 'تم تعيين كلمة مرور لحسابك في منزل' }
    : { subject: 'تم تغيير كلمة المرور لحسابك في منزل', heading: 'تم تغيير كلمة المرور', did: 'تم تغيير كلمة المرور لحسابك في منزل' };
  const en = p.first
    ? { subject: 'A password was set for your Manzil account', heading: 'Your password was set', did: 'A password was set for your Manzil account' }
    : { subject: 'Your Manzil password was changed', heading: 'Your password was changed', did: 'The password of your Manzil account was changed' };
  return compose(
    subjectIn(ar.subject, en.subject, lang),
    {
      heading: ar.heading,
      lines: [
        helloAr(p.name),
        `${ar.did}، وتم تسجيل خروجك من أجهزتك الأخرى.`,
        'إذا لم تفعل ذلك أنت فأعد تعيينها الآن من «نسيت كلمة المرور؟» في نافذة تسجيل الدخول، ثم تواصل معنا.',
      ],
      link: { label: 'تواصل معنا', url: p.contactUrl },
    },
    {
      heading: en.heading,
      lines: [
        helloEn(p.name),
        `${en.did}, and your other devices were signed out.`,
        'If this was not you, reset it now with “Forgot password?” in the sign-in window, then contact us.',
      ],
      link: { label: 'Contact us', url: p.contactUrl },
    },
    lang,
  );
}

/**
 * After the account's e-mail changed (its new address proved by a link): sent to the OLD address, the only one
 * that can still warn an owner whose session was used to move the account away from them.
 */
export function emailChangedMail(p: { name: string; newEmail: string; contactUrl: string }, lang: Lang): MailContent {
  return compose(
    subjectIn('تم تغيير البريد الإلكتروني لحسابك في منزل', 'The email address of your Manzil account was changed', lang),
    {
      heading: 'تم تغيير بريدك الإلكتروني',
      lines: [
        helloAr(p.name),
        'تم تغيير البريد الإلكتروني لحسابك في منزل، ولن تصل رسائل الحساب إلى هذا العنوان بعد الآن.',
        { label: 'البريد الإلكتروني الجديد', ltr: p.newEmail },
        'إذا لم تغيّره أنت فتواصل معنا فورًا.',
      ],
      link: { label: 'تواصل معنا', url: p.contactUrl },
    },
    {
      heading: 'Your email address was changed',
      lines: [
        helloEn(p.name),
        'The email address of your Manzil account was changed. Account emails no longer come to this address.',
        { label: 'New email address', ltr: p.newEmail },
        'If this was not you, contact us at once.',
      ],
      link: { label: 'Contact us', url: p.contactUrl },
    },
    lang,
  );
}
