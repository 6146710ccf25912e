import type { LinkCategory } from '@corestone/contracts';

export interface SeedLink {
  title: string;
  url: string;
  description: string;
  category: LinkCategory;
  featured: boolean;
}

/** Starts every seeded description: the operator sees at once which links still need their own address. */
const EXAMPLE_MARK = 'Example link (edit or delete in the back office, External Links):';

/**
 * What a fresh platform shows (user-app §1): the two sister sites the header and footer link to
 * and the social profiles behind the footer icons. They are EXAMPLES: the sister sites' addresses
 * come from SEED_TUTORING_URL / SEED_PREDICTION_URL (set them before the first start, or edit the
 * links afterwards) and the social links point at each platform's home page until an admin enters
 * the organisation's own profiles. Inserted once, on the first start; an admin who deletes one
 * does not see it come back.
 */
export function seedLinks(urls: { tutoring: string; prediction: string }): SeedLink[] {
  return [
    {
      title: 'IBDP Tutoring',
      url: urls.tutoring,
      description: `${EXAMPLE_MARK} online one-to-one tutoring for IB Diploma students. Book a free consultation.`,
      category: 'resource',
      featured: true,
    },
    {
      title: 'IB Grade Prediction',
      url: urls.prediction,
      description: `${EXAMPLE_MARK} free IB Diploma grade prediction from your subject results and predicted grades.`,
      category: 'tool',
      featured: true,
    },
    social('Instagram', 'https://www.instagram.com/', 'instagram'),
    social('LinkedIn', 'https://www.linkedin.com/', 'linkedin'),
    social('YouTube', 'https://www.youtube.com/', 'youtube'),
  ];
}

const social = (title: string, url: string, category: LinkCategory): SeedLink => ({
  title,
  url,
  description: `${EXAMPLE_MARK} replace with your organisation's ${title} profile.`,
  category,
  featured: false,
});
