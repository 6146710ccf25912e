import { theme as antdTheme } from 'antd';
import { theme } from '@corestone/ui/theme';

/** WCAG 2 contrast ratio of two opaque #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = hex
      .replace('#', '')
      .match(/../g)!
      .map((h) => parseInt(h, 16) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

// the tokens as antd derives them from our theme (what every component is drawn with)
const token = antdTheme.getDesignToken(theme);
const WHITE = '#ffffff';
const AA = 4.5;

describe('theme contrast (WCAG AA, 4.5:1 for text)', () => {
  test.each([
    'colorError',
    'colorErrorText',
    'colorErrorHover',
    'colorErrorTextHover',
    'colorErrorActive',
    'colorErrorTextActive',
  ] as const)('%s is legible on white and on the error background', (name) => {
    const red = token[name];
    expect(contrast(red, WHITE)).toBeGreaterThanOrEqual(AA); // error texts, 'Delete' links; white on danger buttons
    expect(contrast(red, token.colorErrorBg)).toBeGreaterThanOrEqual(AA); // error alerts, danger text buttons on hover
  });

  test("antd's default red would not be (the defect this theme fixes)", () => {
    expect(contrast(antdTheme.getDesignToken().colorError, WHITE)).toBeLessThan(AA);
  });

  // issue 36: what axe found in Chromium (a hovered primary button, typography's success / warning texts)
  test.each(['colorPrimary', 'colorPrimaryHover', 'colorPrimaryActive'] as const)('white text on %s is legible', (name) => {
    expect(contrast(WHITE, token[name])).toBeGreaterThanOrEqual(AA);
  });

  test.each(['colorSuccessText', 'colorWarningText'] as const)('%s is legible on white', (name) => {
    expect(contrast(token[name], WHITE)).toBeGreaterThanOrEqual(AA);
  });

  test("controls' outlines (colorBorder) stand out 3:1 from white and the page (WCAG 1.4.11)", () => {
    for (const background of [WHITE, token.colorBgLayout]) expect(contrast(token.colorBorder, background)).toBeGreaterThanOrEqual(3);
    expect(contrast(antdTheme.getDesignToken().colorBorder, WHITE)).toBeLessThan(3); // antd's own would not
  });

  test.each(['colorTextTertiary', 'colorTextDescription', 'colorTextPlaceholder'] as const)(
    '%s is legible on white, the page and filled inputs',
    (name) => {
      for (const background of [WHITE, token.colorBgLayout, '#f5f5f5'])
        expect(contrast(token[name], background)).toBeGreaterThanOrEqual(AA);
    },
  );
});
