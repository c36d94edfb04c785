import Building2 from 'lucide-react/icons/building-complex';
import FileVideo from 'lucide-react/icons/file-play';
import Flag from 'lucide-react/icons/flag';
import Store from 'lucide-react/icons/store';
import { Link } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { buttonClasses } from '@/components/ui/button.js';
import { paths } from '@/lib/paths.js';
import { AdminOnly } from '@/components/admin-only.js';
import { DraftsCard } from '../components/drafts-card.js';
import { PipelineCard } from '../components/pipeline-card.js';

/**
 * Built at render, not at module load: the admin chunk can be evaluated before the chunk that
 * holds the icons (vite's manual chunks), and a module-level table would capture undefined.
 */
function screens() {
  return [
    { href: paths.admin.cityManagement.href(), label: 'City Management', icon: Building2 },
    { href: paths.admin.contentManagement.href(), label: 'Content Management', icon: FileVideo },
    { href: paths.admin.businessDirectory.href(), label: 'Business Directory', icon: Store },
    { href: paths.admin.errorReports.href(), label: 'Error Reports', icon: Flag },
  ];
}

/** Spec §2 screen 13, with the drafts waiting for review and the pipeline's state beneath the buttons (the error-report inbox and the drafts are issue 24's). */
export function AdminPanelRoute() {
  return (
    <AdminOnly>
      <Page title="Admin Panel">
        <nav aria-label="Admin screens" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {screens().map(({ href, label, icon: Icon }) => (
            <Link key={href} to={href} className={buttonClasses('secondary', 'lg', 'h-auto justify-start py-4')}>
              <Icon aria-hidden />
              {label}
            </Link>
          ))}
        </nav>
        <div className="mt-8 grid gap-8">
          <DraftsCard />
          <PipelineCard />
        </div>
      </Page>
    </AdminOnly>
  );
}
