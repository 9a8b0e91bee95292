/**
 * A generated avatar: the initials on a colour picked from the name, as inline SVG (no image download,
 * no photo of anyone we would have to invent).
 */
const PALETTE = ['#0b5d56', '#14847a', '#8a5a00', '#6b3fa0', '#1f5f99', '#a23b3b'];

function hue(name: string): string {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return PALETTE[h % PALETTE.length]!;
}

export function InitialsAvatar({ name, initials, size = 112 }: { name: string; initials: string; size?: number }) {
  const bg = hue(name);
  return (
    <svg className="initials-avatar" width={size} height={size} viewBox="0 0 100 100" role="img" aria-label={name}>
      <defs>
        <linearGradient id={`g-${initials}-${bg.slice(1)}`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={bg} />
          <stop offset="1" stopColor="#06332e" />
        </linearGradient>
      </defs>
      <circle cx="50" cy="50" r="50" fill={`url(#g-${initials}-${bg.slice(1)})`} />
      <text x="50" y="50" dy="0.35em" textAnchor="middle" fontSize="42" fontWeight="700" fill="#fff" fontFamily="inherit">
        {initials}
      </text>
    </svg>
  );
}
