/** The platform emblem: a shield (guarantee) over a building outline (projects). */
export function BrandMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="brand-shield" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#5aa9ff" />
          <stop offset="1" stopColor="#1d5fd1" />
        </linearGradient>
      </defs>
      <path d="M24 3 42 9v13c0 11.5-7.6 19.6-18 23C13.6 41.6 6 33.5 6 22V9z" fill="url(#brand-shield)" />
      <path d="M15 33V21l9-6 9 6v12" fill="none" stroke="#fff" strokeWidth="2.6" strokeLinejoin="round" />
      <path
        d="m19.5 26.5 3.4 3.4 6-6.4"
        fill="none"
        stroke="#ffd35c"
        strokeWidth="2.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
