import { Page } from '@/components/layout/page.js';
import { LoadFailed } from '@/components/ui/load-failed.js';
import { Spinner } from '@/components/ui/spinner.js';
import { siteName } from '@/lib/site.js';
import type { OpenApiAnswer } from '@domain/openapi-answer.js';
import { feedPaths } from '@domain/exports.js';
import { OPENAPI_PATH, useOpenApi } from '../api/get-openapi.js';
import { Section } from '../components/section.js';

type Operation = OpenApiAnswer['paths'][string]['get'];

const code = 'rounded bg-paper-muted px-1.5 py-0.5 font-mono text-[0.9em] text-ink';

/** The endpoints grouped by their tag, in the document's order. */
function byTag(document: OpenApiAnswer): [string, [string, Operation][]][] {
  const groups = new Map<string, [string, Operation][]>();
  for (const [path, { get }] of Object.entries(document.paths)) {
    const tag = get.tags[0] ?? 'API';
    groups.set(tag, [...(groups.get(tag) ?? []), [path, get]]);
  }
  return [...groups];
}

function Endpoint({ path, operation, origin }: { path: string; operation: Operation; origin: string }) {
  const example = operation['x-example'];
  const runnable = !example.includes('<');
  return (
    <li className="rounded-lg border border-line bg-white p-5">
      <p className="font-mono text-sm break-all text-ink">
        <span className="mr-2 rounded bg-accent-soft px-1.5 py-0.5 font-semibold text-accent">GET</span>/api{path}
      </p>
      <p className="mt-2 text-base text-ink">{operation.summary}</p>
      {operation.description && <p className="mt-1 text-sm text-ink-muted">{operation.description}</p>}
      {operation.parameters.length > 0 && (
        <ul className="mt-3 flex flex-wrap gap-2 text-sm text-ink-muted">
          {operation.parameters.map((parameter) => (
            <li key={`${parameter.in}:${parameter.name}`}>
              <code className={code}>{parameter.name}</code> {parameter.in === 'path' ? '(in the path)' : parameter.required ? '(required)' : '(optional)'}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-sm break-all text-ink-muted">
        Try: <code className={code}>curl {origin + example}</code>
        {runnable && (
          <>
            {' '}
            <a href={example} className="text-accent underline underline-offset-2">
              Open<span className="sr-only"> {example}</span>
            </a>
          </>
        )}
      </p>
    </li>
  );
}

/** The open API for newsrooms, researchers and civic developers (issue 27), read from its OpenAPI document. */
export function DevelopersRoute() {
  const document = useOpenApi();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Page
      title="Developers"
      lead={`Everything ${siteName()} publishes is yours to read by program: cities, meetings with their timed transcripts, decisions, stories and search. No key, no sign-up.`}
    >
      <div className="space-y-12">
        <Section title="The API">
          <p>
            The public reads are described by an OpenAPI 3.1 document at{' '}
            <a href={OPENAPI_PATH} className="text-accent underline underline-offset-2">
              <code className={code}>{OPENAPI_PATH}</code>
            </a>
            , which tools such as code generators and API explorers read. Any website may call them from the browser. Each
            address may make a fair number of requests a minute; the <code className={code}>RateLimit</code> headers of every
            answer say how many are left.
          </p>
          <p>
            Transcript times are milliseconds from the start of the video; a meeting page opened with{' '}
            <code className={code}>?t=</code> and a number of seconds plays from there.
          </p>
        </Section>

        <Section title="Feeds and bulk downloads">
          <p>
            Follow every city in a feed reader with{' '}
            <a href={feedPaths.all} className="text-accent underline underline-offset-2">
              {feedPaths.all}
            </a>
            , or one city with <code className={code}>/feeds/city/&lt;city key&gt;.atom</code> (linked on its page). Each
            meeting page offers its transcript and decisions as files, and operators can stream a city&apos;s whole record with{' '}
            <code className={code}>civic export</code>.
          </p>
        </Section>

        <section aria-labelledby="endpoints">
          <h2 id="endpoints" className="font-serif text-2xl font-semibold text-ink">
            Endpoints
          </h2>
          {document.isPending ? (
            <Spinner label="Loading the API description..." />
          ) : document.isError ? (
            <LoadFailed message="The API description could not be loaded." onRetry={() => void document.refetch()} retrying={document.isFetching} />
          ) : (
            byTag(document.data).map(([tag, operations]) => (
              <div key={tag} className="mt-6">
                <h3 className="font-serif text-xl font-semibold text-ink">{tag}</h3>
                <ul className="mt-3 grid gap-4">
                  {operations.map(([path, operation]) => (
                    <Endpoint key={path} path={path} operation={operation} origin={origin} />
                  ))}
                </ul>
              </div>
            ))
          )}
        </section>
      </div>
    </Page>
  );
}
