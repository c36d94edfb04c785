/**
 * Sample businesses of the prototype pages (spec §2 screen 18, §3 demo-only shapes, §9): 20
 * for the prototype directory, of which the first 12 make the newspaper mockup. Written into
 * the code on purpose: these pages make no data calls. All names, numbers and addresses are
 * invented (555 numbers, .example domains).
 */
import type { ListingTier } from '@domain/enums.js';

export interface SampleBusiness {
  id: string;
  name: string;
  tagline: string;
  category: string;
  description: string;
  services: string[];
  listing_tier: ListingTier;
  year_established: number;
  street_address: string;
  telephone: string;
  email: string;
  website: string;
}

type Row = [name: string, category: string, tier: 1 | 2 | 3, year: number, tagline: string, description: string, services: string[]];

const ROWS: Row[] = [
  ['Harbor Light Bakery', 'Food & Dining', 1, 1998, 'Bread at dawn, cake by noon', 'A family bakery known for sourdough, morning buns and custom cakes for every celebration.', ['Sourdough', 'Custom cakes', 'Catering', 'Gluten-free loaves', 'Wholesale']],
  ['Copper Kettle Diner', 'Food & Dining', 2, 1986, 'Breakfast all day', 'A counter-and-booths diner serving pancakes, burgers and pie since the eighties.', ['Breakfast', 'Lunch specials', 'Pie to go', 'Private room', 'Takeout']],
  ['Summit Family Dental', 'Health', 1, 2004, 'Gentle care for every smile', 'General and family dentistry with evening hours and a kids corner.', ['Cleanings', 'Fillings', 'Crowns', 'Whitening', 'Emergency visits', 'Invisalign']],
  ['Riverbend Auto Care', 'Automotive', 2, 2011, 'Honest repairs, fair prices', 'Brakes, diagnostics and scheduled maintenance for most makes, with loaner bikes.', ['Brakes', 'Oil changes', 'Diagnostics', 'Tires']],
  ['Maple & Main Books', 'Retail', 3, 2015, 'Your neighborhood bookshop', 'New and used books, a children’s corner and monthly author readings.', ['Special orders', 'Book club', 'Gift wrapping']],
  ['Bright Path Tutoring', 'Education', 2, 2018, 'Confidence in every subject', 'One-on-one and small-group tutoring in math, reading and test preparation.', ['Math', 'Reading', 'SAT prep', 'Homework club']],
  ['Greenway Landscaping', 'Home Services', 3, 2009, 'Yards that work for you', 'Drought-tolerant gardens, irrigation repair and seasonal cleanups.', ['Garden design', 'Irrigation', 'Cleanups']],
  ['4 Corners Hardware', 'Retail', 2, 1972, 'If we don’t have it, you don’t need it', 'Tools, paint, keys cut while you wait and advice from people who fix things.', ['Key cutting', 'Paint mixing', 'Tool rental', 'Screen repair', 'Propane']],
  ['Willow Yoga Studio', 'Health', 3, 2016, 'Breathe, stretch, repeat', 'Morning flow, restorative and donation-based community classes.', ['Vinyasa', 'Restorative', 'Community class']],
  ['Lantern Law Group', 'Professional Services', 1, 1994, 'Plain answers to legal questions', 'Wills, small business and real estate law for local families and owners.', ['Estate planning', 'Business formation', 'Real estate', 'Mediation']],
  ['Paws Corner Grooming', 'Pets', 3, 2020, 'Clean pets, happy owners', 'Baths, trims and nail care for dogs and cats, by appointment.', ['Baths', 'Haircuts', 'Nail trims']],
  ['Northside Plumbing', 'Home Services', 2, 2001, 'Fast help for leaks and clogs', 'Licensed plumbers for drains, water heaters and repiping, with same-day visits.', ['Drain cleaning', 'Water heaters', 'Repiping', 'Leak detection']],
  ['Ember Pizza Co.', 'Food & Dining', 3, 2019, 'Wood-fired, hand-stretched', 'Neapolitan-style pizza from a wood oven, salads and local beer.', ['Dine-in', 'Takeout', 'Party trays']],
  ['Clearview Optometry', 'Health', 2, 2007, 'See the difference', 'Eye exams, contact lens fittings and a wide choice of frames.', ['Eye exams', 'Contacts', 'Frames', 'Kids vision']],
  ['Evergreen Realty', 'Professional Services', 3, 2012, 'Homes for every chapter', 'Buyers and sellers represented by agents who live here.', ['Buying', 'Selling', 'Rentals']],
  ['Keystone Insurance', 'Professional Services', 2, 1990, 'Coverage explained clearly', 'Home, auto and small business insurance from an independent agency.', ['Home', 'Auto', 'Business', 'Life']],
  ['Velvet Thread Tailoring', 'Retail', 3, 2014, 'A better fit', 'Alterations, hemming and custom garments, usually ready within a week.', ['Alterations', 'Hemming', 'Custom suits']],
  ['Oakridge Veterinary', 'Pets', 1, 1983, 'Caring for pets since 1983', 'Full-service animal hospital with surgery, dentistry and urgent care.', ['Wellness exams', 'Surgery', 'Dentistry', 'Urgent care', 'Boarding']],
  ['24/7 Locksmith Pros', 'Home Services', 3, 2017, 'Locked out? We’re on our way', 'Lockouts, rekeying and smart lock installs any hour of the day.', ['Lockouts', 'Rekeying', 'Smart locks']],
  ['Sunrise Early Learning', 'Education', 2, 2010, 'Play today, learn for life', 'Licensed preschool with play-based learning and flexible schedules.', ['Preschool', 'Pre-K', 'After-school', 'Summer camp']],
];

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

export const SAMPLE_BUSINESSES: readonly SampleBusiness[] = ROWS.map(([name, category, tier, year, tagline, description, services], index) => ({
  id: `sample-${index + 1}`,
  name,
  tagline,
  category,
  description,
  services,
  listing_tier: `Tier ${tier}`,
  year_established: year,
  street_address: `${100 + index * 7} Harbor Street`,
  telephone: `(555) 010-${String(1000 + index).slice(-4)}`,
  email: `hello@${slug(name)}.example`,
  website: `${slug(name)}.example`,
}));

/** Spec §9: the mockup shows 12 sample listings. */
export const MOCKUP_BUSINESSES = SAMPLE_BUSINESSES.slice(0, 12);

export const SAMPLE_CATEGORIES: readonly string[] = [...new Set(SAMPLE_BUSINESSES.map((business) => business.category))].sort();
