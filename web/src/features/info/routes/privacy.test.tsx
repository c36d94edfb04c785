import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@testing/render.js';
import { PRIVACY_FAQ } from '../components/privacy-faq.js';

describe('privacy page (spec §2 screen 3)', () => {
  it('shows the principles and a FAQ of 10 questions, all closed', async () => {
    renderApp({ path: '/privacy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    const questions = screen.getAllByRole('button', { expanded: false }).filter((b) => PRIVACY_FAQ.some((e) => e.question === b.textContent));
    expect(questions).toHaveLength(10);
    expect(screen.queryByText(PRIVACY_FAQ[0]!.answer)).toBeNull();
  });

  it('keeps one answer open at a time, and closes it again', async () => {
    const { user } = renderApp({ path: '/privacy' });
    const [first, second] = PRIVACY_FAQ;
    await user.click(await screen.findByRole('button', { name: first!.question }));
    expect(screen.getByText(first!.answer)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: second!.question }));
    expect(screen.getByText(second!.answer)).toBeTruthy();
    expect(screen.queryByText(first!.answer)).toBeNull();
    expect(screen.getByRole('button', { name: first!.question }).getAttribute('aria-expanded')).toBe('false');
    await user.click(screen.getByRole('button', { name: second!.question }));
    expect(screen.queryByText(second!.answer)).toBeNull();
  });

  it('says what an error report stores and why (issue 24), and that deleting the account deletes them', () => {
    const collected = PRIVACY_FAQ.find((entry) => entry.question === 'What information do you collect?')!.answer;
    expect(collected).toContain('For a report of an error in a story: what you say is wrong, the moment in the video if you give one, and your email if you give one, used only to follow up');
    expect(PRIVACY_FAQ.some((entry) => entry.answer.includes('contact messages, city requests and error reports sent from your email address'))).toBe(true);
  });

  it("says what is kept of an editor's changes (issue 24), and that deleting the account removes the link to them", () => {
    const collected = PRIVACY_FAQ.find((entry) => entry.question === 'What information do you collect?')!.answer;
    expect(collected).toContain("each change they make to a story or to a meeting's decisions is kept with the text saved, when, and which account saved it");
    expect(collected).toContain('readers are told only that an editor reviewed or corrected a story, never who');
    const deletion = PRIVACY_FAQ.find((entry) => entry.question === 'How do I delete my account and my data?')!.answer;
    expect(deletion).toContain('their history keeps the text you saved and when, but no longer that it was you');
  });
});

describe('privacy page: saved searches and alert emails (issue 27)', () => {
  it('says what a saved search keeps, that alert emails stop in one click, and that deleting the account deletes them', () => {
    const answers = PRIVACY_FAQ.map((entry) => entry.answer).join('\n');
    expect(answers).toContain('For a saved search: its words, its cities, how often you want its alert emails, and which meetings we already emailed you about');
    expect(answers).toContain('the alert emails of the searches you save (each with a link that stops them in one click');
    const deletion = PRIVACY_FAQ.find((entry) => entry.question === 'How do I delete my account and my data?')!.answer;
    expect(deletion).toContain('your saved searches with their alerts and private feeds');
  });
});

describe('privacy page: the meeting video (issue 25)', () => {
  it("says the video comes from youtube-nocookie.com, the page loads YouTube's player script, and what pressing play may set", () => {
    const youtube = PRIVACY_FAQ.find((entry) => entry.question === 'Does reading a meeting send information to YouTube or Google?')!.answer;
    expect(youtube).toContain("load YouTube's player script from www.youtube.com");
    expect(youtube).toContain("embed the video from youtube-nocookie.com, YouTube's privacy-enhanced mode");
    expect(youtube).toContain('Once you press play, YouTube may set cookies or store data in your browser');
  });
});
