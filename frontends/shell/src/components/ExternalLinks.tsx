import { Tooltip } from 'antd';
import {
  FacebookFilled,
  GlobalOutlined,
  InstagramFilled,
  LinkedinFilled,
  TikTokOutlined,
  TwitterOutlined,
  YoutubeFilled,
} from '@ant-design/icons';
import type { CorestoneClient, ExternalLink } from '@corestone/sdk';
import { linkTooltip, trackClick } from '../links/publicLinks';

const ICONS: Record<string, React.ReactNode> = {
  instagram: <InstagramFilled />,
  linkedin: <LinkedinFilled />,
  youtube: <YoutubeFilled />,
  twitter: <TwitterOutlined />,
  facebook: <FacebookFilled />,
  tiktok: <TikTokOutlined />,
};

/** An external link opened in a new tab, with a tooltip and click tracking. */
export function ExternalAnchor({
  client,
  link,
  style,
  children,
  onNavigate,
}: {
  client: CorestoneClient;
  link: ExternalLink;
  style?: React.CSSProperties;
  children: React.ReactNode;
  onNavigate?: () => void;
}) {
  return (
    <Tooltip title={linkTooltip(link)}>
      <a
        href={link.url}
        target="_blank"
        rel="noopener noreferrer"
        style={style}
        data-link-id={link.id}
        onClick={() => {
          trackClick(client, link);
          onNavigate?.();
        }}
      >
        {children}
      </a>
    </Tooltip>
  );
}

export function SocialIcons({ client, links }: { client: CorestoneClient; links: ExternalLink[] }) {
  if (!links.length) return null;
  return (
    <div style={{ display: 'flex', gap: 14, fontSize: 22 }} data-testid="social-icons">
      {links.map((l) => (
        <ExternalAnchor key={l.id} client={client} link={l} style={{ color: '#cbd5e1' }}>
          <span aria-label={l.title}>{ICONS[l.category] ?? <GlobalOutlined />}</span>
        </ExternalAnchor>
      ))}
    </div>
  );
}
