import type { ComponentProps, ReactNode } from 'react';
import { theme, Typography } from 'antd';

type Level = 1 | 2 | 3 | 4 | 5;

/**
 * An antd Title whose place in the page's outline (`level`: h1–h5) differs from the size it is
 * drawn at (`size`: antd's level). Every page has one h1 and no skipped levels below it, while a
 * card's title keeps its modest size.
 */
export function Heading({
  level,
  size,
  style,
  ...props
}: Omit<ComponentProps<typeof Typography.Title>, 'level'> & { level: Level; size: Level }) {
  const { token } = theme.useToken();
  return (
    <Typography.Title
      level={level}
      style={{ fontSize: token[`fontSizeHeading${size}`], lineHeight: token[`lineHeightHeading${size}`], ...style }}
      {...props}
    />
  );
}

/** An antd Result's title as the page's h1, drawn as before (for screens that are a Result alone). */
export function ResultTitle({ children }: { children: ReactNode }) {
  return <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{children}</h1>;
}
