import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    colorInfo: '#1d4ed8',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f5f7fb',
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fb' },
  },
};

/** Toast lifetimes (spec §9): 5 s, errors 7 s. antd counts seconds. */
export const TOAST_SECONDS = 5;
export const ERROR_TOAST_SECONDS = 7;
