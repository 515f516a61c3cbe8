const SIZES = { sm: 'h-4 w-4', md: 'h-6 w-6' } as const;

/** A busy indicator. With a `label` it is announced; without one it is decoration inside a labelled control. */
export function Spinner({ size = 'sm', label }: { size?: keyof typeof SIZES; label?: string }) {
  return (
    <span
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className="inline-flex"
    >
      <svg
        className={`${SIZES[size]} animate-spin motion-reduce:animate-none`}
        viewBox="0 0 24 24"
        fill="none"
      >
        <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
        <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
    </span>
  );
}
