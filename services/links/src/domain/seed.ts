import type { LinkCategory } from '@corestone/contracts';

export interface SeedLink {
  title: string;
  url: string;
  description: string;
  category: LinkCategory;
  featured: boolean;
}

/**
 * What a fresh platform shows (user-app §1): the two sister sites the header and footer link to
 * and the social profiles behind the footer icons. Inserted once, on the first start; an admin who
 * deletes one does not see it come back.
 */
export function seedLinks(urls: { tutoring: string; prediction: string }): SeedLink[] {
  return [
    {
      title: 'IBDP Tutoring',
      url: urls.tutoring,
      description: 'Online one-to-one tutoring for IB Diploma students, from a registered Canadian business. Book a free consultation.',
      category: 'resource',
      featured: true,
    },
    {
      title: 'IB Grade Prediction',
      url: urls.prediction,
      description: 'Free IB Diploma grade prediction from your subject results and predicted grades.',
      category: 'tool',
      featured: true,
    },
    {
      title: 'Instagram',
      url: 'https://www.instagram.com/corestone.ib/',
      description: 'Corestone on Instagram: EE and TOK tips every week',
      category: 'instagram',
      featured: false,
    },
    {
      title: 'LinkedIn',
      url: 'https://www.linkedin.com/company/corestone-ib/',
      description: 'Corestone on LinkedIn',
      category: 'linkedin',
      featured: false,
    },
    {
      title: 'YouTube',
      url: 'https://www.youtube.com/@corestone-ib',
      description: 'Corestone on YouTube: walkthroughs of the EE and TOK criteria',
      category: 'youtube',
      featured: false,
    },
  ];
}
