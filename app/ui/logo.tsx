export function Logo({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#b23a2e" />
      <path d="M9 20c0-5 3-9 7-9s7 4 7 9H9zm-2 2h18v2H7z" fill="#fff" />
    </svg>
  );
}
