/** The Manzil mark: a house with a warm window light. Decorative (the link carries the label). */
export function Logo({ size = 36 }: { size?: number }) {
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M14 31 32 16l18 15v17a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2z" fill="#fff" />
      <circle cx="32" cy="29" r="3.5" fill="#f2b544" />
    </svg>
  );
}
