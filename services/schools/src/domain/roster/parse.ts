/**
 * One entry for every roster upload: OneRoster files (1.1 or 1.2, recognised by users.csv), or a
 * single one-file CSV. Anything else is refused with one error naming what was expected.
 */
import { emptyRoster, type Roster, type RosterSource } from './model';
import { isOneRoster, parseOneRoster, type OrgChoice } from './oneroster';
import { parseSimpleCsv } from './simple-csv';

export async function parseRoster(source: RosterSource, choice: OrgChoice = {}): Promise<Roster> {
  if (isOneRoster(source)) return parseOneRoster(source, choice);
  const csvs = source.names.filter((n) => n.toLowerCase().endsWith('.csv'));
  if (csvs.length === 1) return parseSimpleCsv(source, csvs[0]!);
  const roster = emptyRoster('simple-csv');
  roster.errors.push({
    file: csvs.length ? csvs.join(', ') : '(upload)',
    line: 0,
    message: csvs.length
      ? 'several CSV files but no users.csv: send a OneRoster set (users.csv, …) or one CSV with email,name,role,class'
      : 'no CSV file: send a OneRoster set (users.csv, …) or one CSV with email,name,role,class',
  });
  roster.incomplete = true;
  return roster;
}
