import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@testing/render.js';

describe('about page (spec §2 screen 2)', () => {
  it('has the mission, the four steps, why it matters, technology and a link to browse cities', async () => {
    renderApp({ path: '/about' });
    expect(await screen.findByRole('heading', { level: 1, name: 'About Town Crier' })).toBeTruthy();
    const sections = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(sections).toEqual(['Our mission', 'How it works', 'Why it matters', 'Technology', 'See what your city decided']);
    const steps = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(steps).toEqual(['Data collection', 'AI analysis', 'Story generation', 'Community access']);
    expect(screen.getByRole('link', { name: 'Browse Cities' })).toHaveProperty('pathname', '/');
  });
});
