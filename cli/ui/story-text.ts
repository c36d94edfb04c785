import type { NewsStory } from '../../core/domain/news-story.js';

/** How a checked quote is marked wherever the terminal prints one. */
export const QUOTE_MARKS = { verified: '✓ verified', paraphrased: '≈ paraphrased', unverified: '✗ unverified' } as const;

/** A news story as terminal lines: heading, headline, body paragraphs, then the sidebar. */
export function describeStory(story: NewsStory, heading = 'Story'): string[] {
  const { article, sidebar_elements: sidebar, metadata } = story;
  const lines = ['', heading, `  ${article.headline}`, `  (${article.word_count} words; focus: ${article.primary_focus})`, ''];
  for (const paragraph of article.body.split(/\n\s*\n/)) lines.push(indent(paragraph.trim()), '');
  const block = sidebar.quote_block;
  if (block) {
    const mark = block.verification_status ? QUOTE_MARKS[block.verification_status] : 'not checked';
    lines.push(`  Quote: “${block.quote}” — ${block.attribution}  ${mark}`);
  }
  if (sidebar.quick_facts.length > 0) lines.push('  Quick facts:', ...sidebar.quick_facts.map((fact) => `    - ${fact}`));
  lines.push(`  Next meeting: ${metadata.next_meeting_date ?? 'not announced'}`);
  return lines;
}

export function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `  ${line}`)
    .join('\n');
}
