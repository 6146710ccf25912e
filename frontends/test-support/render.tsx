import type { ReactElement, ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { render as renderInDom } from '@testing-library/react';
import { IntlRoot } from '@corestone/ui/i18n';

/**
 * Keeps antd's styles out of the jsdom document: antd renders exactly as in the browser but keeps
 * its CSS in its cache (`mock="server"`) instead of writing thousands of rules into <style> tags.
 * jsdom's getComputedStyle matches every rule of the document against the element, and
 * testing-library calls it for each candidate of a query and each of its ancestors: with antd's
 * rules in the document one admin screen test spent 20 s matching selectors, without them 2 s.
 * These tests check behaviour and text; how screens look is checked in Chromium (tests/browser).
 */
function WithoutStyleSheets({ children }: { children: ReactNode }) {
  return (
    <StyleProvider mock="server">
      <IntlRoot>{children}</IntlRoot>
    </StyleProvider>
  );
}

/**
 * testing-library's render, with antd's styles kept out of the document (above), inside react-intl
 * (English: a component rendered alone finds its messages' defaults; an AntdRoot inside brings its catalogue).
 */
export function render(ui: ReactElement) {
  return renderInDom(ui, { wrapper: WithoutStyleSheets });
}
