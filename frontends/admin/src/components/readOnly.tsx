import { Input, theme, type InputProps } from 'antd';

type ReadOnlyInputProps = Omit<InputProps, 'readOnly' | 'disabled' | 'variant'>;

/**
 * A value shown but not editable here. A `disabled` input draws its text at 25 % black (1.6:1 on
 * its grey, unreadable); a read-only one keeps the normal text colour, can still be focused and
 * copied, and sits on antd's filled (grey, borderless) background so it does not look like a
 * field to type in — also when hovered or focused, where the filled variant would turn white like
 * an editable field (the focus border stays). Label it as any input (Form.Item htmlFor, or aria-label).
 */
export function ReadOnlyInput({ style, ...props }: ReadOnlyInputProps) {
  const { token } = theme.useToken();
  return <Input {...props} readOnly variant="filled" style={{ background: token.colorFillTertiary, ...style }} />;
}

/**
 * A choice that cannot be changed here, shown by its label in a ReadOnlyInput instead of a disabled
 * Select. Inside a Form.Item with a `name`, the item supplies `value` (and an `onChange` never called).
 */
export function ReadOnlyChoice<T extends string>({
  value,
  options,
  ...rest
}: { value?: T; options: readonly { value: T; label: string }[] } & Omit<ReadOnlyInputProps, 'value'>) {
  return <ReadOnlyInput {...rest} value={options.find((o) => o.value === value)?.label ?? value ?? ''} />;
}
