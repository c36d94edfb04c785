import { Link } from '@/lib/router/index.js';
import { Page } from '@/components/layout/page.js';
import { buttonClasses } from '@/components/ui/button.js';
import { paths } from '@/lib/paths.js';
import { siteName } from '@/lib/site.js';
import { Section } from '../components/section.js';

const STEPS = [
  {
    title: 'Data collection',
    text: 'We follow the video channels and playlists where cities, school districts and counties publish their meetings, and fetch each new meeting with its captions as a timed transcript.',
  },
  {
    title: 'AI analysis',
    text: 'A language model (or, where none is set up, a built-in offline analyser) reads the whole transcript and writes a summary, the key highlights with quotes, the action items with who is responsible, and the people, places and organisations involved.',
  },
  {
    title: 'Story generation',
    text: 'From that analysis it drafts a short news story with a headline, quick facts and background. Every quote is checked against the transcript; a quote that cannot be found there is never shown as a quote.',
  },
  {
    title: 'Community access',
    text: 'Everything is published on the city’s page, free to read without an account: search what was said, read the story and share the meeting with your neighbours.',
  },
];

/** Spec §2 screen 2. */
export function AboutRoute() {
  const name = siteName();
  return (
    <Page
      title={`About ${name}`}
      width="prose"
      lead="Local government decides things that shape daily life: schools, roads, housing, taxes. Most of it happens in meetings few people can attend."
    >
      <div className="space-y-12">
        <Section title="Our mission">
          <p>
            {name} makes local government easy to follow. We turn the long recordings of city council, school board and
            county meetings into transcripts you can search, summaries you can read in minutes and news stories written
            for residents.
          </p>
        </Section>

        <Section title="How it works">
          <ol className="mt-2 grid gap-6 sm:grid-cols-2">
            {STEPS.map((step, index) => (
              <li key={step.title} className="rounded-lg border border-line bg-white p-5">
                <span className="inline-flex size-8 items-center justify-center rounded-full bg-accent text-sm font-semibold text-white">
                  {index + 1}
                </span>
                <h3 className="mt-3 font-serif text-lg font-semibold text-ink">{step.title}</h3>
                <p className="mt-1.5 text-base leading-relaxed text-ink-muted">{step.text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <Section title="Why it matters">
          <p>
            Local newsrooms have shrunk, and a three-hour meeting is hard to watch after a day of work. When residents
            can see what was discussed and decided, they can speak up before the next vote, hold officials to what they
            said and take part in their community’s choices.
          </p>
        </Section>

        <Section title="Technology">
          <p>
            Transcripts keep the time of every line, so each quote and highlight links to the second of the video where it
            was said. Analyses and stories come from a language model or our offline analyser, and each quote is marked as verified, paraphrased or
            unverified by comparing it with the transcript. The site keeps its data in its own PostgreSQL database and
            sets no advertising or third-party tracking.
          </p>
        </Section>

        <div className="rounded-lg bg-accent-soft p-6 sm:p-8">
          <h2 className="font-serif text-2xl font-semibold text-ink">See what your city decided</h2>
          <p className="mt-2 text-ink-muted">Pick your city and read its latest meetings.</p>
          <Link to={paths.home.href()} className={buttonClasses('primary', 'lg', 'mt-5')}>
            Browse Cities
          </Link>
        </div>
      </div>
    </Page>
  );
}
