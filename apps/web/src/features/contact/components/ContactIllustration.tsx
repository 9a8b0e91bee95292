/** A small decorative drawing (a house and an envelope), inline so the page needs no image request. */
export function ContactIllustration({ title }: { title: string }) {
  return (
    <svg className="contact-illustration" viewBox="0 0 360 240" role="img" aria-label={title} xmlns="http://www.w3.org/2000/svg">
      <title>{title}</title>
      <circle cx="180" cy="120" r="110" fill="var(--brand-light, #e6f2f0)" />
      <rect x="40" y="206" width="280" height="6" rx="3" fill="var(--bs-secondary-bg, #e9ecef)" />
      {/* house */}
      <path d="M70 120 L140 62 L210 120 Z" fill="var(--bs-primary, #0d6efd)" />
      <rect x="84" y="118" width="112" height="88" rx="4" fill="#fff" stroke="var(--bs-primary, #0d6efd)" strokeWidth="4" />
      <rect x="126" y="158" width="28" height="48" rx="3" fill="var(--bs-warning, #ffc107)" />
      <rect x="96" y="134" width="22" height="20" rx="2" fill="var(--bs-info-bg-subtle, #cff4fc)" stroke="var(--bs-primary, #0d6efd)" strokeWidth="3" />
      <rect x="162" y="134" width="22" height="20" rx="2" fill="var(--bs-info-bg-subtle, #cff4fc)" stroke="var(--bs-primary, #0d6efd)" strokeWidth="3" />
      {/* envelope */}
      <g transform="translate(206 116) rotate(-8)">
        <rect width="104" height="70" rx="8" fill="#fff" stroke="var(--bs-success, #198754)" strokeWidth="4" />
        <path d="M6 8 L52 42 L98 8" fill="none" stroke="var(--bs-success, #198754)" strokeWidth="4" strokeLinejoin="round" />
      </g>
      {/* speech dots */}
      <circle cx="262" cy="88" r="5" fill="var(--bs-success, #198754)" />
      <circle cx="280" cy="76" r="4" fill="var(--bs-success, #198754)" opacity="0.7" />
      <circle cx="294" cy="62" r="3" fill="var(--bs-success, #198754)" opacity="0.5" />
    </svg>
  );
}
