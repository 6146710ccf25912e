/**
 * What the admin users search looks in, as one text: e-mail, first and last name, display name and
 * "first last", separated by a character no search contains (searches are cleaned of control
 * characters), so `searchText() ILIKE '%words%'` is exactly "any of them contains the words". The
 * trigram index of migration 005 is on this expression (without a table alias): the list's query
 * must use it verbatim for the index to answer.
 */
export const searchText = (alias = '') => {
  const c = (column: string) => `${alias ? `${alias}.` : ''}${column}`;
  return `${c('email')} || E'\\x01' || ${c('first_name')} || E'\\x01' || ${c('last_name')} || E'\\x01' || coalesce(${c('display_name')}, '') || E'\\x01' || ${c('first_name')} || ' ' || ${c('last_name')}`;
};

/** A search as typed, without the control characters (the separator above among them). */
export const cleanSearch = (s: string) =>
  [...s]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
