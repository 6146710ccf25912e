import path from 'node:path';
import { catalogFaults, registerFaults } from '../../test-support/i18n-catalog';
import es from '../src/i18n/es.json';
import fr from '../src/i18n/fr.json';

it('has a French and a Spanish text for every message, with the same arguments', () => {
  expect(catalogFaults(path.join(__dirname, '../src'), { fr, es })).toEqual([]);
});

it('speaks one register: French « vous », Spanish « tú » (docs/accessibility.md)', () => {
  expect(registerFaults({ fr, es })).toEqual([]);
});
