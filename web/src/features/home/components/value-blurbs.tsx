import Eye from 'lucide-react/icons/eye';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Users from 'lucide-react/icons/users';

const BLURBS = [
  {
    title: 'Transparency',
    icon: Eye,
    text: 'Every meeting is summarised from its own transcript, and every quote is checked against what was actually said, down to the second of the video.',
  },
  {
    title: 'Engagement',
    icon: MessagesSquare,
    text: 'Search what was said, follow the decisions and the action items, and know what is coming up before the next meeting.',
  },
  {
    title: 'Community',
    icon: Users,
    text: 'News stories written for residents, next to a directory of the local businesses that serve your city.',
  },
];

/** Spec §2 screen 1: the three value blurbs. */
export function ValueBlurbs() {
  return (
    <section aria-labelledby="values-heading" className="border-t border-line bg-paper-muted">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        <h2 id="values-heading" className="sr-only">
          Why it matters
        </h2>
        <ul className="grid gap-10 md:grid-cols-3 md:gap-8">
          {BLURBS.map(({ title, icon: Icon, text }) => (
            <li key={title}>
              <span aria-hidden="true" className="inline-flex size-11 items-center justify-center rounded-md bg-accent-soft text-accent">
                <Icon className="size-5" />
              </span>
              <h3 className="mt-4 font-serif text-xl font-semibold text-ink">{title}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
