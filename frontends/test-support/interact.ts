import { act, fireEvent, waitFor } from '@testing-library/react';

/** Runs `fn` (a user event, a navigation) inside act and waits for what it set off. */
export const act$ = (fn: () => unknown) =>
  act(async () => {
    await fn();
  });

/** The form control whose id is `id`. */
export const field = (id: string) => document.getElementById(id) as HTMLInputElement;

/** Picks `option` in the antd Select whose control is #id. */
export async function choose(id: string, option: string) {
  const control = field(id);
  await act$(() => fireEvent.mouseDown(control.closest('.ant-select')!.querySelector('.ant-select-selector') ?? control));
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].find((o) => o.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await act$(() => fireEvent.click(item));
}
