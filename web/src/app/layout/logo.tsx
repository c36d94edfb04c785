import Megaphone from 'lucide-react/icons/megaphone';
import { Link } from '@/lib/router/index.js';
import { siteName } from '@/lib/site.js';

/** The site's name and mark; links to the city being read, else home (spec §2 shared chrome). */
export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className="group inline-flex items-center gap-2.5 rounded-md py-1 text-ink">
      <span aria-hidden="true" className="inline-flex size-9 items-center justify-center rounded-md bg-accent text-white">
        <Megaphone className="size-5" />
      </span>
      <span className="font-serif text-xl font-bold tracking-tight group-hover:text-accent sm:text-2xl">{siteName()}</span>
    </Link>
  );
}
