import { Link } from '@/lib/router/index.js';
import { formatMoment, type AdminErrorReport } from '@domain/error-reports.js';
import { AdminOnly } from '@/components/admin-only.js';
import { Page } from '@/components/layout/page.js';
import { Card, CardContent } from '@/components/ui/card.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { Spinner } from '@/components/ui/spinner.js';
import { paths } from '@/lib/paths.js';
import { useErrorReports } from '../api/error-reports.js';
import { ResolveReportButton } from '../components/resolve-report-dialog.js';
import { formatDateTime } from '@domain/format.js';


/** The meeting page, at the reported moment when there is one. */
function meetingHref(report: AdminErrorReport): string {
  const { video } = report;
  const base = video.city_slug ? paths.cityMeeting.href(video.city_slug, video.id) : paths.meeting.href(video.id);
  return report.moment_ms === null ? base : `${base}?t=${Math.floor(report.moment_ms / 1000)}`;
}

function ReportCard({ report }: { report: AdminErrorReport }) {
  const title = report.video.title ?? report.video.video_id;
  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-serif text-lg font-semibold text-ink">{title}</h2>
          <span className="text-sm text-ink-muted">Reported {formatDateTime(report.created_at)}</span>
        </div>
        <p className="whitespace-pre-line text-ink">{report.message}</p>
        <p className="text-sm text-ink-muted">
          {report.story_generated_at ? `About the story written ${formatDateTime(report.story_generated_at)}` : 'The meeting had no story when this was reported'}
          {report.email && ` · from ${report.email}`}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={meetingHref(report)} className="text-sm font-medium text-accent underline">
            {report.moment_ms === null ? 'Open the meeting' : `Open the meeting at ${formatMoment(report.moment_ms)}`}
          </Link>
          <Link to={paths.admin.storyPlayground.href(report.video.id)} className="text-sm font-medium text-accent underline">
            Open in the Story Manager
          </Link>
          <ResolveReportButton reportId={report.id} meeting={title} />
        </div>
      </CardContent>
    </Card>
  );
}

function Inbox() {
  const reports = useErrorReports();
  if (reports.isPending) return <Spinner label="Loading error reports..." />;
  if (reports.isError) return <LoadFailed message="Could not load the error reports." onRetry={() => void reports.refetch()} retrying={reports.isFetching} />;
  if (reports.data.length === 0) return <p className="text-ink-muted">No open error reports.</p>;
  return (
    <ul aria-label="Open error reports" className="grid gap-4">
      {reports.data.map((report) => (
        <li key={report.id}>
          <ReportCard report={report} />
        </li>
      ))}
    </ul>
  );
}

/** Issue 24: what residents reported as wrong in stories, open ones oldest first, for an editor to resolve. */
export function ErrorReportsInboxRoute() {
  return (
    <AdminOnly>
      <Page title="Error Reports" lead="What residents say is wrong in a story or meeting page, oldest first">
        <Inbox />
      </Page>
    </AdminOnly>
  );
}
