import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { editableStory, type NewsroomView } from '../../../core/domain/newsroom.js';
import type { NewsStory } from '../../../core/domain/news-story.js';

/** A meeting card of GET /api/cities/:key/videos, the fields these tests read. */
export interface MeetingCard {
  id: string;
  title: string | null;
  has_analysis: boolean;
  has_story: boolean;
}

/** The city's meetings as its public page lists them, newest first (before any page is open). */
export async function cityMeetings(baseUrl: string, cityKey: string): Promise<MeetingCard[]> {
  const res = await fetch(`${baseUrl}/api/cities/${cityKey}/videos`);
  expect(res.status).toBe(200);
  return (await res.json()) as MeetingCard[];
}

/** A state-changing API call with the context's session and CSRF token, as the web app sends it. */
export async function sendJson(page: Page, method: 'POST' | 'PUT', url: string, data: unknown): Promise<unknown> {
  const session = await page.request.get('/api/auth/session');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const res = await page.request.fetch(url, { method, headers: { 'X-CSRF-Token': csrfToken }, data });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/**
 * What the Story Manager's editor does (built in another part of issue 24): gives the waiting
 * draft a headline of its own, so a test can tell the draft from the published story anywhere.
 * The page must be signed in as an admin.
 */
export async function retitleDraft(page: Page, videoId: string, headline: string): Promise<void> {
  const res = await page.request.get(`/api/admin/videos/${videoId}/story`);
  expect(res.status()).toBe(200);
  const view = (await res.json()) as NewsroomView;
  if (!view.draft) throw new Error(`meeting ${videoId} has no draft to retitle`);
  const draft = JSON.parse(view.draft.story) as NewsStory;
  await sendJson(page, 'PUT', `/api/admin/videos/${videoId}/story`, { ...editableStory(draft), headline, version: view.version });
}

/** Signs the context out by forgetting its cookies: the next page is a visitor's. */
export async function becomeVisitor(page: Page): Promise<void> {
  await page.context().clearCookies();
}
