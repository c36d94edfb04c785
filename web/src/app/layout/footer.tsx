import { Link } from '@/lib/router/index.js';
import { paths } from '@/lib/paths.js';
import { siteName } from '@/lib/site.js';

const LINKS = [
  { to: paths.home.href(), label: 'Home' },
  { to: paths.about.href(), label: 'About' },
  { to: paths.contact.href(), label: 'Contact' },
  { to: paths.privacy.href(), label: 'Privacy Policy' },
  // Issue 27: the open API, feeds and downloads, for newsrooms and civic developers.
  { to: paths.developers.href(), label: 'Developers' },
];

/** Spec §2: Home, About, Contact, Privacy Policy (and Developers) and a copyright line. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-line bg-paper-muted">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
            {LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-ink-muted hover:text-accent hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="text-sm text-ink-muted">
          © {new Date().getFullYear()} {siteName()}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
