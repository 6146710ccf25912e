import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import frFR from 'antd/locale/fr_FR';
import type { Locale } from '@corestone/sdk';
import { IntlRoot, useLocale, type CatalogLoader } from './i18n';
import { theme } from './theme';
import { useUnfocusableMeasureRows } from './measureRows';
import { useDialogTabWrap } from './dialogFocus';

/** Toasts (spec §9): top right, below the header; lifetimes are given per toast (theme.ts). */
const NOTIFICATION = { placement: 'topRight', top: 72 } as const;

/** antd's own texts (pagination, empty tables, modal buttons, upload) in the page's language. */
const ANTD_LOCALES: Record<Locale, typeof enUS> = { en: enUS, fr: frFR, es: esES };

/**
 * The one antd setup of every frontend: Corestone's theme and an antd `App` context, so
 * `App.useApp()` gives message / notification / modal with the same placement everywhere.
 *
 * antd is not a shared federation module (webpack.common.js): each build bundles only the antd
 * components it imports, so antd's React contexts belong to one build. The shell's root and the
 * root of every component a remote exposes wrap themselves in this provider (each build compiles it
 * from `@corestone/ui/antd-root`, so there is one theme in the source), which keeps the
 * look and the toasts the same across the shell and the remotes.
 *
 * `frame: false` (remotes) renders no wrapper element: the remote sits inside the shell's frame.
 * `catalog` is the build's French and Spanish messages (i18n.tsx); the whole tree follows the
 * page's language.
 */
export function AntdRoot({ children, frame = true, catalog }: { children: ReactNode; frame?: boolean; catalog?: CatalogLoader }) {
  const locale = useLocale();
  useUnfocusableMeasureRows();
  useDialogTabWrap();
  return (
    <ConfigProvider theme={theme} locale={ANTD_LOCALES[locale]}>
      <IntlRoot catalog={catalog}>
        <AntApp component={frame ? 'div' : false} notification={NOTIFICATION}>
          {children}
        </AntApp>
      </IntlRoot>
    </ConfigProvider>
  );
}
