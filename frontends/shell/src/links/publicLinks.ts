import { useEffect, useState } from 'react';
import type { CorestoneClient, ExternalLink, LinkCategory } from '@corestone/sdk';

/** contracts' SOCIAL_LINK_CATEGORIES (the value lives beside TypeBox schemas the shell does not bundle). */
const SOCIAL_LINK_CATEGORIES: readonly LinkCategory[] = ['instagram', 'linkedin', 'youtube', 'twitter', 'facebook', 'tiktok'];

export interface PublicLinks {
  /** featured links that are not social profiles: the sister sites (tutoring, grade prediction) */
  sisters: ExternalLink[];
  /** instagram, linkedin, youtube, twitter, facebook, tiktok: the footer icons */
  social: ExternalLink[];
}

const isSocial = (c: LinkCategory) => SOCIAL_LINK_CATEGORIES.includes(c);

export function splitLinks(links: ExternalLink[]): PublicLinks {
  const active = links.filter((l) => l.is_active !== false && /^https?:\/\//i.test(l.url));
  return {
    sisters: active.filter((l) => !isSocial(l.category) && (l.featured || l.is_featured)),
    social: active.filter((l) => isSocial(l.category)),
  };
}

/** Tooltip of a link: its description, else its title. */
export const linkTooltip = (l: Pick<ExternalLink, 'description' | 'title'>) => l.description?.trim() || l.title;

// One request per page load, shared by header and footer.
let pending: { client: CorestoneClient; promise: Promise<PublicLinks> } | null = null;

export function loadPublicLinks(client: CorestoneClient): Promise<PublicLinks> {
  if (!pending || pending.client !== client) {
    const promise = client.links.public().then(
      (r) => splitLinks(Array.isArray(r?.links) ? r.links : []),
      (e) => {
        // failures fetching footer links are only logged (spec user-app §2)
        console.warn('external links unavailable', e);
        pending = null; // the next page view tries again
        return { sisters: [], social: [] };
      },
    );
    pending = { client, promise };
  }
  return pending.promise;
}

export function usePublicLinks(client: CorestoneClient): PublicLinks {
  const [links, setLinks] = useState<PublicLinks>({ sisters: [], social: [] });
  useEffect(() => {
    let alive = true;
    loadPublicLinks(client).then((l) => alive && setLinks(l));
    return () => {
      alive = false;
    };
  }, [client]);
  return links;
}

/** POST /external_links/{id}/click with the user agent; never blocks or breaks the navigation. */
export function trackClick(client: CorestoneClient, link: Pick<ExternalLink, 'id'>): void {
  client.links.click(link.id).catch((e) => console.warn('link click not recorded', e));
}
