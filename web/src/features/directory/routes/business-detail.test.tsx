import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@domain/listing.js';
import { errorResponse, type FakeHandler } from '@testing/fake-api.js';
import { renderWithProviders } from '@testing/render.js';
import { MapEmbedContext, type MapEmbedProps } from '../components/map-embed.js';
import { BusinessDetailRoute } from './business-detail.js';

/** Stands in for the maps service: shows what it was asked, loads nothing. */
function FakeMap({ address, title }: MapEmbedProps) {
  return <div role="img" aria-label={title} data-testid="fake-map" data-address={address} />;
}

const bakery: Listing = {
  id: '11111111-1111-4111-8111-111111111111', name: '3 Sisters Bakery', description: 'Sourdough since 2009.',
  street_address: '214 Main Street', postal_code: '95960', telephone: '(530) 555-0101', website: 'threesisters.example',
  email: 'hello@threesisters.example', image_url: null, city_id: 'c1', business_category: 'cat-1', listing_tier: 'Tier 1',
  business_key: '3-sisters-bakery', created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-01T00:00:00.000Z',
  city: { id: 'c1', name: 'Fairview', state: 'CA', location_key: 'fairview-ca' },
};
const categories = [{ id: 'cat-1', parent_category: 'Restaurants & Food', sub_category: 'Bakeries' }];

function renderDetail(path: string, api: Record<string, FakeHandler>) {
  const element = (
    <MapEmbedContext.Provider value={FakeMap}>
      <BusinessDetailRoute />
    </MapEmbedContext.Provider>
  );
  return renderWithProviders(<p>elsewhere</p>, {
    path,
    api: { 'GET /api/business-categories': () => categories, ...api },
    routes: [
      { path: '/businesses/:businessKey', element },
      { path: '/city/:locationKey/businesses/:businessKey', element },
    ],
  });
}

describe('business detail (spec §2 screen 8)', () => {
  it('shows the category path, the map of the address and external links that open safely', async () => {
    renderDetail('/city/fairview-ca/businesses/3-sisters-bakery', { 'GET /api/businesses/3-sisters-bakery': () => bakery });
    expect(await screen.findByRole('heading', { level: 1, name: '3 Sisters Bakery' })).toBeTruthy();
    expect(await screen.findByText('Restaurants & Food › Bakeries')).toBeTruthy();
    const map = screen.getByTestId('fake-map');
    expect(map.dataset.address).toBe('214 Main Street, Fairview, CA 95960');
    const links = ['Call', 'Email', 'Map of', 'Visit website'].map((name) => screen.getByRole('link', { name: new RegExp(`^${name}`) }));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'tel:5305550101',
      'mailto:hello@threesisters.example',
      'https://www.google.com/maps/search/?api=1&query=214%20Main%20Street%2C%20Fairview%2C%20CA%2095960',
      'https://threesisters.example',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Back to Directory' }).getAttribute('href')).toBe('/city/fairview-ca/businesses');
  });

  it("says 'No address available' and draws no map for a listing without an address", async () => {
    renderDetail('/businesses/janelles-cakes', {
      'GET /api/businesses/janelles-cakes': () => ({ ...bakery, name: "Janelle's Cakes", street_address: null, website: null }),
    });
    expect(await screen.findByText('No address available')).toBeTruthy();
    expect(screen.queryByTestId('fake-map')).toBeNull();
    expect(screen.queryByRole('link', { name: /^Map of/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /^Visit website/ })).toBeNull();
  });

  it('shows the not-found view for an unknown key and for a failed query', async () => {
    const first = renderDetail('/businesses/nope', { 'GET /api/businesses/nope': () => errorResponse(404, 'NOT_FOUND', 'Business "nope" not found') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Not Found' })).toBeTruthy();
    first.unmount();
    renderDetail('/businesses/broken', { 'GET /api/businesses/broken': () => errorResponse(500, 'INTERNAL', 'Something broke') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Business Not Found' })).toBeTruthy();
  });
});
