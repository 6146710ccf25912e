import type { ReactNode } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import { theme } from './theme';

/** Toasts (spec §9): top right, below the header; lifetimes are given per toast (theme.ts). */
const NOTIFICATION = { placement: 'topRight', top: 72 } as const;

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
 */
export function AntdRoot({ children, frame = true }: { children: ReactNode; frame?: boolean }) {
  return (
    <ConfigProvider theme={theme}>
      <AntApp component={frame ? 'div' : false} notification={NOTIFICATION}>
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
