/** Corestone's square mark (the favicon's drawing). */
export function BrandMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#1d4ed8" />
      <path d="M20 44V20h14a10 10 0 0 1 0 20h-6" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ light = false }: { light?: boolean }) {
  return (
    <span
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 10,
        fontWeight: 700,
        fontSize: 19,
        color: light ? '#fff' : '#0f172a',
        letterSpacing: -0.2,
      }}
    >
      <BrandMark size={30} />
      Corestone
    </span>
  );
}
