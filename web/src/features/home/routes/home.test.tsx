import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, memberSession } from '@testing/fake-api.js';
import { renderApp, typeInto } from '@testing/render.js';

const city = (name: string, state: string, location_key: string) => ({
  id: location_key, name, state, county: null, location_key, description: null, tag_line: null, image_url: null,
  domain: null, primary_color: '#3B82F6', secondary_color: '#1E40AF', icon: null, status: 'Live',
});
const cities = [city('Fairview', 'CA', 'fairview-ca'), city('Riverton', 'OR', 'riverton-or')];
const profile = (home_city_key: string | null) => ({ id: 'user-1', username: null, home_city_key, preferences: {}, role: 'member' });

async function openRequestDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('combobox', { name: 'Find your city' }));
  await user.click(await screen.findByRole('option', { name: 'Other' }));
  return screen.findByRole('dialog', { name: 'Request City Coverage' });
}

async function chooseState(user: ReturnType<typeof renderApp>['user'], dialog: HTMLElement, state: string) {
  await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
  await user.click(await screen.findByRole('option', { name: state }));
}

describe('home page (spec §2 screen 1)', () => {
  it('shows a visitor the hero, the city picker and the three value blurbs', async () => {
    renderApp({ api: { 'GET /api/cities': () => cities } });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go to My City' })).toHaveProperty('disabled', true);
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Transparency', 'Engagement', 'Community']);
  });

  it('offers only Live cities in the picker, archived and hidden ones being on the cities page', async () => {
    const withOthers = [...cities, { ...city('Birch', 'CA', 'birch-ca'), status: 'Archive' }, { ...city('Cedar', 'CA', 'cedar-ca'), status: 'Test' }];
    const { user } = renderApp({ api: { 'GET /api/cities': () => withOthers } });
    await user.click(await screen.findByRole('combobox', { name: 'Find your city' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Fairview, CA', 'Riverton, OR', 'Other']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('link', { name: 'browse all cities' }).getAttribute('href')).toBe('/cities');
  });

  it("goes to the chosen city with 'Go to My City'", async () => {
    const { user, router } = renderApp({ api: { 'GET /api/cities': () => cities } });
    await user.click(await screen.findByRole('combobox', { name: 'Find your city' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Fairview, CA', 'Riverton, OR', 'Other']);
    await user.click(screen.getByRole('option', { name: 'Riverton, OR' }));
    await user.click(screen.getByRole('button', { name: 'Go to My City' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/city/riverton-or'));
  });

  it('opens the picker from the keyboard, and keeps the focus on it as its code arrives', async () => {
    const { user } = renderApp({ api: { 'GET /api/cities': () => cities } });
    const picker = await screen.findByRole('combobox', { name: 'Find your city' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    picker.focus();
    // The focus brings in the real select, which takes the focus over.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Find your city' })));
    await user.keyboard('{ArrowDown}');
    await user.click(await screen.findByRole('option', { name: 'Fairview, CA' }));
    const chosen = screen.getByRole('combobox', { name: 'Find your city' });
    expect(chosen.textContent).toContain('Fairview, CA');
    await waitFor(() => expect(document.activeElement).toBe(chosen));
  });

  it('opens the list with a key pressed on the stand-in trigger, once the real select is there', async () => {
    renderApp({ api: { 'GET /api/cities': () => cities } });
    const picker = await screen.findByRole('combobox', { name: 'Find your city' });
    await waitFor(() => expect(picker).toHaveProperty('disabled', false));
    // Straight to the key, without the focus that would already bring in the real select.
    fireEvent.keyDown(picker, { key: 'Enter' });
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Fairview, CA', 'Riverton, OR', 'Other']);
  });

  it('sends a member with a home city straight to it', async () => {
    const { router } = renderApp({
      api: { 'GET /api/auth/session': () => memberSession(), 'GET /api/profile': () => profile('fairview-ca'), 'GET /api/cities/fairview-ca': () => cities[0] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/city/fairview-ca'));
  });

  it('shows a member without a home city the landing page', async () => {
    const { router } = renderApp({
      api: { 'GET /api/auth/session': () => memberSession(), 'GET /api/profile': () => profile(null), 'GET /api/cities': () => cities },
    });
    expect(await screen.findByRole('button', { name: 'Go to My City' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('Request City Coverage (spec §5, §8)', () => {
  it('enables Notify only when a state, a city name and an email are all filled', async () => {
    const { user } = renderApp({ api: { 'GET /api/cities': () => cities } });
    const dialog = await openRequestDialog(user);
    const notify = within(dialog).getByRole('button', { name: 'Notify Me' });
    expect(notify).toHaveProperty('disabled', true);
    await typeInto(user, within(dialog).getByLabelText('City Name'), 'Bend');
    await typeInto(user, within(dialog).getByLabelText('Email'), 'ana@example.org');
    expect(notify).toHaveProperty('disabled', true);
    await chooseState(user, dialog, 'Oregon');
    expect(notify).toHaveProperty('disabled', false);
    await user.clear(within(dialog).getByLabelText('City Name'));
    await typeInto(user, within(dialog).getByLabelText('City Name'), '   ');
    expect(notify).toHaveProperty('disabled', true);
    expect(within(dialog).getAllByRole('combobox')).toHaveLength(1);
  });

  it('traps focus in the dialog and returns it to the city picker on Escape', async () => {
    const { user } = renderApp({ api: { 'GET /api/cities': () => cities } });
    const dialog = await openRequestDialog(user);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    for (let i = 0; i < 6; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Find your city' })));
  });

  it('sends the request, thanks the visitor and resets the form', async () => {
    const { user, api } = renderApp({
      api: { 'GET /api/cities': () => cities, 'POST /api/city-requests': () => jsonResponse(201, { id: 'r1' }) },
    });
    let dialog = await openRequestDialog(user);
    await chooseState(user, dialog, 'Oregon');
    await typeInto(user, within(dialog).getByLabelText('City Name'), ' Bend ');
    await typeInto(user, within(dialog).getByLabelText('Email'), 'ana@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('Request Received!')).toBeTruthy();
    expect(screen.getByText("We've received your request. We'll notify you when we add coverage for your city.")).toBeTruthy();
    expect(api.callsTo('POST /api/city-requests')[0]?.body).toEqual({ state: 'Oregon', city_name: 'Bend', email: 'ana@example.org' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await openRequestDialog(user);
    expect(within(dialog).getByLabelText('City Name')).toHaveProperty('value', '');
    expect(within(dialog).getByLabelText('Email')).toHaveProperty('value', '');
    expect(within(dialog).getByRole('combobox', { name: 'State' }).textContent).toContain('Select your state');
  });

  it('says so when the request fails, and keeps what was typed', async () => {
    const { user } = renderApp({
      api: { 'GET /api/cities': () => cities, 'POST /api/city-requests': () => errorResponse(500, 'INTERNAL', 'Something went wrong') },
    });
    const dialog = await openRequestDialog(user);
    await chooseState(user, dialog, 'Texas');
    await typeInto(user, within(dialog).getByLabelText('City Name'), 'Austin');
    await typeInto(user, within(dialog).getByLabelText('Email'), 'ana@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Notify Me' }));
    expect(await screen.findByText('There was an error submitting your request. Please try again.')).toBeTruthy();
    expect(within(dialog).getByLabelText('City Name')).toHaveProperty('value', 'Austin');
  });
});
