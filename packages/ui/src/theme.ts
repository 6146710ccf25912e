import type { ThemeConfig } from 'antd';

/**
 * Text colours that antd draws at low alpha (secondary text rgba(0,0,0,.45) is 3.3:1, placeholders
 * .25) are set to solid greys of at least 4.5:1 on white, on the page background (#f5f7fb) and on a
 * filled input (#f5f5f5), as WCAG AA asks for body-size text.
 */
const TEXT_SECONDARY = '#5b6472'; // 5.98:1 on white, 5.58:1 on #f5f7fb
const TEXT_PLACEHOLDER = '#667085'; // 4.97:1 on white, 4.56:1 on #f5f5f5
/**
 * antd's error red #ff4d4f is 3.27:1 on white (error messages, danger buttons, 'Delete' links).
 * antd red-7 (the tags' red already): 5.57:1 on white, 4.76:1 on the error background antd derives
 * from it (#ffe8e6), and white text on it (danger buttons) the same. Hover darkens instead of
 * lightening (antd's lighter hover would be 3.87:1 on that background).
 */
const ERROR = '#cf1322';
const ERROR_HOVER = '#b8101f'; // 6.71:1 on white, 5.73:1 on #ffe8e6

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1d4ed8',
    // antd lightens a hovered primary button (#4373e6: white text 4.34:1); darker instead
    colorPrimaryHover: '#1e40af', // white text 8.72:1
    colorPrimaryActive: '#1e3a8a',
    colorInfo: '#1d4ed8',
    borderRadius: 8,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    colorBgLayout: '#f5f7fb',
    colorTextTertiary: TEXT_SECONDARY,
    colorTextDescription: TEXT_SECONDARY,
    colorTextPlaceholder: TEXT_PLACEHOLDER,
    // the outline of inputs, selects, checkboxes and default buttons: WCAG 1.4.11 asks 3:1 for what
    // shows a control's edge (antd's #d9d9d9 is 1.4:1 on white); cards and tables keep the light one
    colorBorder: '#8c8c8c', // 3.36:1 on white, 3.11:1 on the page (#f5f7fb)
    // typography's success / warning texts (antd's #52c41a is 2.26:1, #faad14 1.9:1 on white)
    colorSuccessText: '#15803d', // 5.02:1 on white
    colorWarningText: '#a16207', // 4.92:1 on white
    colorError: ERROR,
    colorErrorText: ERROR,
    colorErrorHover: ERROR_HOVER,
    colorErrorTextHover: ERROR_HOVER,
    // colorTextDisabled stays antd's: a disabled button drawn at 4.5:1 would look enabled (WCAG
    // exempts inactive controls); read-only text that must be legible should not be `disabled`.
  },
  components: {
    // a List's 'no items' text is drawn in the disabled grey (#bfbfbf, 1.83:1): it is information
    List: { colorTextDisabled: TEXT_SECONDARY },
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', bodyBg: '#f5f7fb' },
    // Tags draw their text in the colour on a pale tint of it; antd's green / gold / orange and the
    // status colours are under 3.4:1 there. Darker shades (≥ 4.5:1 on the tint), for tags only.
    Tag: {
      colorSuccess: '#15803d',
      colorWarning: '#a16207',
      colorError: ERROR,
      green7: '#237804',
      gold7: '#a16207',
      orange7: '#ad4e00',
      cyan7: '#006d75',
    },
  },
};

/** Toast lifetimes (spec §9): 5 s, errors 7 s. antd counts seconds. */
export const TOAST_SECONDS = 5;
export const ERROR_TOAST_SECONDS = 7;
