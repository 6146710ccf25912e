import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Form } from 'antd';
import { createClient, type CorestoneClient } from '@corestone/sdk';
import { render } from '../../test-support/render';
import { fakeFetch, res } from '../../test-support/helpers';
import { TokFields, OTHER_TITLE_LABEL, TITLES_UNAVAILABLE } from '../src/components/upload/TokFields';
import { useTokTitles } from '../src/lib/useTokTitles';
import { EMPTY_TOK, type TokMeta } from '../src/lib/uploadMetadata';
import * as subjects from '../src/data/subjects';
import { TOK_TITLES } from './fixtures';

let last: TokMeta = EMPTY_TOK;
function Harness({ client, initial = EMPTY_TOK }: { client: CorestoneClient; initial?: TokMeta }) {
  const titles = useTokTitles(client);
  const [tok, setTok] = useState<TokMeta>(initial);
  last = tok;
  return (
    <Form layout="vertical">
      <TokFields tok={tok} titles={titles} errors={{}} onChange={(patch) => setTok((t) => ({ ...t, ...patch }))} />
    </Form>
  );
}

function mount(handler: () => Response, initial?: TokMeta) {
  const f = fakeFetch(handler);
  render(<Harness client={createClient({ fetch: f.fetch, locks: null, eventTarget: null })} initial={initial} />);
  return f;
}

async function openTitles() {
  await act(async () => {
    fireEvent.mouseDown(document.querySelector('#meta-prescribed')!.closest('.ant-select')!);
  });
}

async function pick(label: string | RegExp) {
  await openTitles();
  const option = (await screen.findAllByText(label)).find((el) => el.closest('.ant-select-item-option'))!;
  await act(async () => {
    fireEvent.click(option.closest('.ant-select-item-option')!);
  });
}

describe('TOK prescribed titles in the wizard', () => {
  test('no title list is bundled with the app: the only list is the one content serves', () => {
    expect(Object.keys(subjects)).not.toEqual(expect.arrayContaining(['TOK_PRESCRIBED_TITLES']));
    expect(JSON.stringify(subjects)).not.toMatch(/Title 17|prescribed/i);
  });

  test("offers the current session's titles and the free 'other title' entry", async () => {
    const f = mount(() => res(200, TOK_TITLES));
    expect(await screen.findByTestId('tok-session')).toHaveProperty('textContent', 'Prescribed titles for the May 2027 session');
    expect(f.calls.map((c) => c.url.replace(/^.*\/api\/v1/, ''))).toEqual(['/general/tok-prescribed-titles']);
    await pick('Title 2: Can machines know?');
    expect(last.prescribedTitle).toBe('Title 2: Can machines know?');
    expect(screen.getByTestId('prescribed-full').textContent).toBe('Title 2: Can machines know?');

    await pick(OTHER_TITLE_LABEL);
    expect(last.prescribedTitle).toBe('');
    const typed = screen.getByPlaceholderText('Type the title you answered');
    fireEvent.change(typed, { target: { value: 'A title from an earlier session?' } });
    expect(last.prescribedTitle).toBe('A title from an earlier session?');
    fireEvent.change(typed, { target: { value: '   ' } });
    expect(last.prescribedTitle).toBe('');
    expect(screen.queryByTestId('tok-titles-unavailable')).toBeNull();
  });

  test('when the list cannot be loaded it says so and the title can still be typed', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    mount(() => res(503, { detail: 'content unavailable', code: 'UNAVAILABLE' }));
    expect((await screen.findByTestId('tok-titles-unavailable')).textContent).toContain(TITLES_UNAVAILABLE);
    await pick(OTHER_TITLE_LABEL);
    await openTitles();
    expect(document.querySelectorAll('.ant-select-item-option')).toHaveLength(1); // only the free entry
    fireEvent.change(screen.getByPlaceholderText('Type the title you answered'), { target: { value: 'My own prescribed title?' } });
    expect(last.prescribedTitle).toBe('My own prescribed title?');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  test('a typed title restored from a draft opens in the free entry once the list is known', async () => {
    mount(() => res(200, TOK_TITLES), { ...EMPTY_TOK, prescribedTitle: 'A typed title from a draft?' });
    await waitFor(() =>
      expect(screen.getByPlaceholderText('Type the title you answered')).toHaveProperty('value', 'A typed title from a draft?'),
    );
  });
});
