import { Link } from '@/lib/router/index.js';
import { buttonClasses } from '@/components/ui/button.js';
import { useDocumentTitle } from '@/lib/use-document-title.js';
import { paths } from '@/lib/paths.js';

/** Any path the router does not know (spec §2). */
export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="font-serif text-7xl font-bold text-accent">404</p>
      <h1 className="mt-4 font-serif text-3xl font-bold text-ink">Oops! Page not found</h1>
      <p className="mt-3 text-ink-muted">The page you asked for is not here. It may have moved, or the link may be mistyped.</p>
      <Link to={paths.home.href()} className={buttonClasses('primary', 'lg', 'mt-8')}>
        Return to Home
      </Link>
    </div>
  );
}
