import { Link } from 'react-router';

/** Any unknown path (spec §2): "Oops! Page not found" and a link home. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-5xl font-bold text-subtle">404</p>
      <h1 className="text-xl font-semibold">Oops! Page not found</h1>
      <p className="text-[13px] text-muted">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="mt-2 rounded-md bg-accent px-4 py-2 text-[13px] font-medium text-accent-fg hover:opacity-90"
      >
        Return to Home
      </Link>
    </main>
  );
}
