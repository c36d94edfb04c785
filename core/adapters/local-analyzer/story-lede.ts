import type { AgendaItem } from './agenda.js';
import type { Decision } from './decisions.js';
import { headlineAction, withoutDate } from './motion-text.js';
import { presentTense } from './nlp.js';
import { aboutMinutes, clip, listPhrase } from './story-parts.js';
import { capitalize } from './text.js';
import { isSplit } from './votes.js';

const MAX_HEADLINE = 90;
const MAX_ACTION_WORDS = 45;

/** The motion for running text, cut at a clause end (never mid-clause, never with an ellipsis) when very long. */
export function ledeAction(action: string): string {
  const words = action.split(/\s+/);
  if (words.length <= MAX_ACTION_WORDS) return action;
  const head = words.slice(0, MAX_ACTION_WORDS).join(' ');
  const comma = head.lastIndexOf(', ');
  return (comma > 20 ? head.slice(0, comma) : head).replace(/[,;:]$/, '');
}

function tallyOf(decision: Decision): string {
  const tally = decision.vote?.tally;
  return tally ? ` ${tally}` : '';
}

/**
 * "Fairview council advances 410 Main Street rezoning on 4-1 vote": the subject in the body's
 * words, the tally when the vote split or failed; shorter forms (without a date, then without
 * the tally) when the full one runs past 90 characters.
 */
export function headline(decision: Decision | null, topics: readonly string[], name: string): string {
  const action = decision?.action;
  if (decision && action) {
    const vote = decision.vote;
    const parts = headlineAction(action);
    const suffix = vote?.tally && vote.tally !== 'unanimously' && (isSplit(vote) || vote.outcome === 'failed') ? ` on ${vote.tally} vote` : '';
    if (parts) {
      const lead = !vote
        ? `${name} weighs proposal to ${parts.verb}`
        : vote.outcome === 'failed'
          ? `${name} rejects proposal to ${parts.verb}`
          : `${name} ${presentTense(parts.verb)}`;
      const short = withoutDate(parts.object);
      const variants = [`${lead} ${parts.object}${suffix}`, `${lead} ${short}${suffix}`, `${lead} ${parts.object}`, `${lead} ${short}`];
      return variants.find((v) => v.length <= MAX_HEADLINE) ?? clip(variants[0] ?? lead, MAX_HEADLINE);
    }
    const verb = !vote ? 'weighs motion to' : vote.outcome === 'failed' ? 'rejects motion to' : `votes${tallyOf(decision)} to`;
    return clip(`${name} ${verb} ${action}`, MAX_HEADLINE);
  }
  if (topics.length > 0) return clip(`${name} takes up ${listPhrase(topics.slice(0, 2))}`, MAX_HEADLINE);
  return clip(`${name} meets`, MAX_HEADLINE);
}

/** The lede: who decided what, by what vote, when; failing a decision, what the meeting took up. */
export function lede(decision: Decision | null, topics: readonly string[], title: string, when: string, minutes: number | null): string {
  const at = when ? ` ${when}` : '';
  const action = decision?.action ? ledeAction(decision.action) : null;
  const vote = decision?.vote;
  if (decision && action) {
    if (vote?.outcome === 'failed') return `${title}${at} rejected${tallyOf(decision)} a proposal to ${action}.`;
    if (vote) return `${title} voted${tallyOf(decision)}${at} to ${action}.`;
    return `${title} took up a motion${at} to ${action}.`;
  }
  const length = minutes ? ` for ${aboutMinutes(minutes)}` : '';
  const focus = topics.length > 0 ? `, with discussion centered on ${listPhrase(topics)}` : '';
  return `${title} met${at}${length}${focus}.`;
}

/** The decision's subject ("410 Main Street rezoning"), else the topics. */
export function primaryFocus(decision: Decision | null, topics: readonly string[]): string {
  const parts = decision?.action ? headlineAction(decision.action) : null;
  if (parts) return capitalize(parts.object);
  if (decision?.action) return capitalize(decision.action.split(/\s+/).slice(0, 12).join(' '));
  return topics.length > 0 ? capitalize(listPhrase(topics.slice(0, 2))) : 'Meeting overview';
}

/** Business items by their announced titles, headline-short: "2026-27 budget update following the Governor's May Revision". */
export function itemTopics(items: readonly AgendaItem[]): string[] {
  return items
    .filter((item) => item.kind === 'business' && item.title)
    .map((item) => item.title.split(/,\s+(?!\d)/)[0] ?? item.title)
    .map((title) => title.replace(/^(?:the|a|an)\s+/i, '').replace(/^(?:public\s+hearing|study\s+session|proposal)\s+(?:on|to)\s+(?:the\s+)?(?:proposed\s+)?/i, ''))
    .filter((title) => title.split(/\s+/).length <= 12);
}
