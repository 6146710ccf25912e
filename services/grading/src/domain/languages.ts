import fs from 'node:fs';
import type { PhraseGroup } from './phrases';

/**
 * What the built-in grader reads differently in French and Spanish essays (issue 36). The text of
 * a French or Spanish essay is analysed with its diacritics folded (`foldDiacritics`: é → e, ñ → n,
 * « » → "; one character for one, so every offset still quotes the essay as written): the grader's
 * tokens, stems and phrase scans work on ASCII letters, and the lists below are folded the same way.
 * Spelling reads the essay as written (lexicon.ts).
 *
 * The phrase lists are the discourse markers of academic writing as the reference grammars and
 * style guides class them — French: Riegel, Pellat & Rioul, *Grammaire méthodique du français*
 * (connecteurs argumentatifs: cause, conséquence, concession, opposition, addition) and the
 * modalisation of Charaudeau's *Grammaire du sens et de l'expression*; Spanish: the *Nueva
 * gramática de la lengua española* (RAE/ASALE 2009, §30 conectores) and Montolío, *Conectores de la
 * lengua escrita* (Ariel, 2001: contraargumentativos, consecutivos, aditivos). Written as a linguist
 * picks them for argumentative essays: no word that is mostly something else (French "or" is left
 * out: it is also the metal; Spanish "como" is left out: it is mostly a comparison).
 */

export type GradedLanguage = 'en' | 'fr' | 'es';

const FOLD: Record<string, string> = {};
for (const [from, to] of [
  ['àáâãäå', 'a'],
  ['ÀÁÂÃÄÅ', 'A'],
  ['èéêë', 'e'],
  ['ÈÉÊË', 'E'],
  ['ìíîï', 'i'],
  ['ÌÍÎÏ', 'I'],
  ['òóôõö', 'o'],
  ['ÒÓÔÕÖ', 'O'],
  ['ùúûü', 'u'],
  ['ÙÚÛÜ', 'U'],
  ['ýÿ', 'y'],
  ['Ý', 'Y'],
  ['ç', 'c'],
  ['Ç', 'C'],
  ['ñ', 'n'],
  ['Ñ', 'N'],
  ['œæ', 'o'],
  ['ŒÆ', 'O'],
  ['«»', '"'],
  ['\u00a0\u202f', ' '],
] as const)
  for (const c of from) FOLD[c] = to;
const FOLDABLE = /[àáâãäåÀÁÂÃÄÅèéêëÈÉÊËìíîïÌÍÎÏòóôõöÒÓÔÕÖùúûüÙÚÛÜýÿÝçÇñÑœæŒÆ«»\u00a0\u202f]/g;

/** The text with French and Spanish diacritics folded to ASCII letters, one character for one (offsets kept). */
export const foldDiacritics = (text: string): string => text.replace(FOLDABLE, (c) => FOLD[c]);

type Lists = Partial<Record<PhraseGroup, readonly string[]>>;

/** French discourse markers (sources above), by the grader's phrase groups. */
const FR: Lists = {
  counter: [
    'cependant',
    'toutefois',
    'néanmoins',
    'pourtant',
    'en revanche',
    'par contre',
    'au contraire',
    'bien que',
    'quoique',
    'malgré',
    'alors que',
    'tandis que',
    "d'un autre côté",
    'il est vrai que',
    'certes',
    'on pourrait objecter',
    'on peut objecter',
    'certains soutiennent',
    'certains affirment',
    "d'autres soutiennent",
    'les critiques',
    'contre-argument',
    'nuancer',
    'même si',
  ],
  reflection: [
    "j'ai constaté",
    "j'ai découvert",
    "j'ai appris",
    "j'ai compris",
    "j'ai choisi",
    "j'ai décidé",
    "j'ai remarqué",
    'ma recherche',
    'mes recherches',
    'mon hypothèse initiale',
    'au départ',
    'avec le recul',
    'rétrospectivement',
    'en réfléchissant',
    'si je devais',
    'je referais',
    "j'aurais dû",
    'mon enquête',
    "j'ai dû",
    "j'ai été surpris",
    "j'ai été surprise",
  ],
  hedging: [
    'peut-être',
    'sans doute',
    'probablement',
    'vraisemblablement',
    'il semble',
    'semble',
    'semblent',
    'paraît',
    'suggère',
    'suggèrent',
    'indique',
    'indiquent',
    'il est possible',
    'il est probable',
    'pourrait',
    'pourraient',
    'dans une certaine mesure',
    'en partie',
    'tend à',
    'tendent à',
    'a pu',
    'ont pu',
  ],
  evaluative: [
    'significatif',
    'significative',
    'limite',
    'limites',
    'fiable',
    'fiabilité',
    'validité',
    'valide',
    'biais',
    'partial',
    'force',
    'forces',
    'faiblesse',
    'faiblesses',
    'efficace',
    'inefficace',
    'convaincant',
    'convaincante',
    'implique',
    'implication',
    'implications',
    'évaluer',
    'évaluation',
    'crucial',
    'limité',
    'limitée',
    'discutable',
    'solide',
    'justifié',
    'insuffisant',
    'important',
    'importante',
    'pertinent',
    'pertinente',
  ],
  connectives: [
    'parce que',
    'car',
    'donc',
    'ainsi',
    'par conséquent',
    'en conséquence',
    'de ce fait',
    "c'est pourquoi",
    'cela montre',
    'cela suggère',
    'cela signifie',
    'cela indique',
    'ce qui montre',
    'ce qui signifie',
    'il en résulte',
    'en raison de',
    'grâce à',
    'puisque',
    'étant donné',
    'par exemple',
    'de plus',
    'en outre',
    'par ailleurs',
    'de même',
    'en particulier',
    "d'abord",
    'ensuite',
    'enfin',
    "d'une part",
    "d'autre part",
  ],
  method: [
    'méthode',
    'méthodologie',
    'expérience',
    'expérimental',
    'enquête',
    'entretien',
    'questionnaire',
    'source primaire',
    'sources primaires',
    'source secondaire',
    'sources secondaires',
    'données',
    'variable',
    'variables',
    'échantillon',
    'protocole',
    'démarche',
    'étude de cas',
    'analyse de',
    'mesuré',
    'mesurée',
    'recueilli',
    'comparé',
    'relevés',
  ],
  knowledgeQuestion: [
    'question de connaissance',
    'questions de connaissance',
    'comment savons-nous',
    'comment pouvons-nous savoir',
    'dans quelle mesure',
    'justification',
    'justifié',
    'certitude',
    'sujet connaissant',
    'domaines de la connaissance',
    'domaine de la connaissance',
    'affirmation de connaissance',
    'croyance',
    'vérité',
    'perspective',
    'perspectives',
    'interprétation',
    'preuve',
    'preuves',
    'connaissances partagées',
    'connaissances personnelles',
    'objectivité',
    'subjectivité',
  ],
  areasOfKnowledge: [
    'sciences naturelles',
    'sciences humaines',
    'histoire',
    'les arts',
    'mathématiques',
    'éthique',
    'connaissances religieuses',
    'connaissances autochtones',
    'politique',
    'technologie',
    'langage',
  ],
  voice: [
    'je soutiens',
    'je soutiendrai',
    'à mon avis',
    'selon moi',
    'je pense',
    'je crois',
    'je considère',
    'je propose',
    'mon argument',
    'il me semble',
    'personnellement',
    'je montrerai',
  ],
  examples: [
    'par exemple',
    'notamment',
    'comme le montre',
    'prenons le cas',
    'le cas de',
    'un exemple',
    'à titre d’exemple',
    'ainsi que le montre',
    'étude de cas',
  ],
  signposting: [
    'cet essai',
    'ce mémoire',
    'dans cet essai',
    'cette recherche',
    'en conclusion',
    'pour conclure',
    'en résumé',
    'en somme',
    'premièrement',
    'deuxièmement',
    'tout d’abord',
    'finalement',
  ],
};

/** Spanish discourse markers (sources above), by the grader's phrase groups. */
const ES: Lists = {
  counter: [
    'sin embargo',
    'no obstante',
    'en cambio',
    'por el contrario',
    'al contrario',
    'aunque',
    'a pesar de',
    'pese a',
    'mientras que',
    'si bien',
    'por otro lado',
    'con todo',
    'aun así',
    'es cierto que',
    'se podría objetar',
    'cabe objetar',
    'algunos sostienen',
    'algunos afirman',
    'otros sostienen',
    'los críticos',
    'contraargumento',
  ],
  reflection: [
    'descubrí',
    'aprendí',
    'comprendí',
    'me di cuenta',
    'decidí',
    'elegí',
    'mi investigación',
    'mi hipótesis inicial',
    'al principio',
    'en retrospectiva',
    'al reflexionar',
    'si volviera a',
    'tuve que',
    'me sorprendió',
    'noté',
    'inicialmente',
  ],
  hedging: [
    'quizás',
    'quizá',
    'tal vez',
    'posiblemente',
    'probablemente',
    'parece',
    'parecen',
    'sugiere',
    'sugieren',
    'indica',
    'indican',
    'es posible',
    'es probable',
    'podría',
    'podrían',
    'en cierta medida',
    'en parte',
    'tiende a',
    'tienden a',
    'al menos en parte',
  ],
  evaluative: [
    'significativo',
    'significativa',
    'limitación',
    'limitaciones',
    'limitado',
    'limitada',
    'fiable',
    'fiables',
    'fiabilidad',
    'validez',
    'válido',
    'sesgo',
    'sesgado',
    'fortaleza',
    'debilidad',
    'eficaz',
    'ineficaz',
    'convincente',
    'implica',
    'implicación',
    'implicaciones',
    'evaluar',
    'evaluación',
    'crucial',
    'cuestionable',
    'sólido',
    'justificado',
    'insuficiente',
    'importante',
    'pertinente',
  ],
  connectives: [
    'porque',
    'por lo tanto',
    'por tanto',
    'por consiguiente',
    'en consecuencia',
    'así pues',
    'de modo que',
    'de manera que',
    'por eso',
    'esto muestra',
    'esto sugiere',
    'esto significa',
    'esto indica',
    'lo cual indica',
    'lo que demuestra',
    'debido a',
    'gracias a',
    'puesto que',
    'ya que',
    'dado que',
    'por ejemplo',
    'además',
    'asimismo',
    'del mismo modo',
    'en particular',
    'en primer lugar',
    'después',
    'finalmente',
    'por un lado',
  ],
  method: [
    'método',
    'metodología',
    'experimento',
    'experimental',
    'encuesta',
    'entrevista',
    'cuestionario',
    'fuente primaria',
    'fuentes primarias',
    'fuente secundaria',
    'fuentes secundarias',
    'datos',
    'variable',
    'variables',
    'muestra',
    'procedimiento',
    'enfoque',
    'estudio de caso',
    'análisis de',
    'medido',
    'recogido',
    'comparado',
    'censos',
  ],
  knowledgeQuestion: [
    'pregunta de conocimiento',
    'preguntas de conocimiento',
    'cómo sabemos',
    'cómo podemos saber',
    'en qué medida',
    'justificación',
    'justificado',
    'certeza',
    'sujeto de conocimiento',
    'áreas de conocimiento',
    'área de conocimiento',
    'afirmación de conocimiento',
    'creencia',
    'verdad',
    'perspectiva',
    'perspectivas',
    'interpretación',
    'pruebas',
    'evidencia',
    'conocimiento compartido',
    'conocimiento personal',
    'objetividad',
    'subjetividad',
  ],
  areasOfKnowledge: [
    'ciencias naturales',
    'ciencias humanas',
    'historia',
    'las artes',
    'matemáticas',
    'ética',
    'conocimiento religioso',
    'conocimiento indígena',
    'política',
    'tecnología',
    'lenguaje',
  ],
  voice: [
    'sostengo',
    'sostendré',
    'a mi juicio',
    'en mi opinión',
    'desde mi punto de vista',
    'creo que',
    'pienso que',
    'considero que',
    'propongo',
    'mi argumento',
    'personalmente',
  ],
  examples: [
    'por ejemplo',
    'como muestra',
    'el caso de',
    'un ejemplo',
    'a modo de ejemplo',
    'tales como',
    'estudio de caso',
    'en concreto',
  ],
  signposting: [
    'esta monografía',
    'este ensayo',
    'en este ensayo',
    'esta investigación',
    'en conclusión',
    'para concluir',
    'en resumen',
    'en síntesis',
    'en primer lugar',
    'en segundo lugar',
    'finalmente',
  ],
};

const folded = (lists: Lists): Lists =>
  Object.fromEntries(
    Object.entries(lists).map(([group, phrases]) => [group, [...new Set(phrases!.map((p) => foldDiacritics(p).replace(/’/g, "'")))]]),
  );

/** The phrase lists of a language, folded (PHRASES in phrases.ts are English). */
export const PHRASES_BY_LANGUAGE: Record<'fr' | 'es', Lists> = { fr: folded(FR), es: folded(ES) };

/** Headings and frames of an essay, by language (matched on the folded text). */
export const FRAME = {
  fr: {
    bibliography: /^(bibliographie|references( bibliographiques)?|sources|ouvrages cites|sources consultees|webographie)\s*:?$/i,
    introduction: /\b(introduction|cet essai (va|vise|examine|analyse|porte)|ce memoire|dans cet essai)\b/i,
    conclusion: /\b(conclusion|en conclusion|pour conclure|en resume|en somme|pour finir)\b/i,
    researchQuestion: /question de recherche\s*(?:est|:|-|–)?\s*[:\-–]?\s*"?([^?\n]{10,300}\?)/di,
    openingQuestion: /^(dans quelle mesure|comment|pourquoi|quel|quelle|quels|quelles|en quoi|est-ce que)\b/i,
  },
  es: {
    bibliography: /^(bibliografia|referencias( bibliograficas)?|fuentes|obras citadas|fuentes consultadas)\s*:?$/i,
    introduction: /\b(introduccion|esta monografia|este ensayo (analiza|examina|estudia|va)|en este ensayo)\b/i,
    conclusion: /\b(conclusion|en conclusion|para concluir|en resumen|en sintesis|para terminar)\b/i,
    researchQuestion: /pregunta de investigacion\s*(?:es|:|-|–)?\s*[:\-–]?\s*"?¿?([^?\n]{10,300}\?)/di,
    openingQuestion: /^¿?(en que medida|como|por que|que|cual|cuales|hasta que punto)\b/i,
  },
} as const;

let stopwordsIso: Record<string, string[]> | null = null;
const stopwordSets = new Map<'fr' | 'es', Set<string>>();

/** stopwords-iso's list for French or Spanish, folded (its JSON read once, on first use). */
export function stopwordsOf(lang: 'fr' | 'es'): Set<string> {
  let set = stopwordSets.get(lang);
  if (!set) {
    stopwordsIso ??= JSON.parse(fs.readFileSync(require.resolve('stopwords-iso/stopwords-iso.json'), 'utf8')) as Record<string, string[]>;
    set = new Set(stopwordsIso[lang].map((w) => foldDiacritics(w.toLowerCase())));
    stopwordSets.set(lang, set);
  }
  return set;
}

/**
 * Syllables of a folded French or Spanish word: vowel groups (a diphthong or triphthong is one);
 * in French a final mute e (-e, -es, -ent of a verb after a consonant) is not one.
 */
export function syllablesIn(word: string, lang: 'fr' | 'es'): number {
  let w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (lang === 'fr' && w.length > 3) w = w.replace(/([^aeiouy])(e|es|ent)$/, '$1');
  const groups = w.match(/[aeiouy]+/g);
  return Math.max(1, groups ? groups.length : 0);
}

/**
 * Reading ease → an approximate school grade, so every language reports one scale (`readabilityGrade`):
 * Flesch's table (90–100 ≈ grade 5, 60–70 ≈ 8–9, 30–50 ≈ college, below 30 graduate) read linearly.
 */
const gradeOfEase = (ease: number) => Math.max(0, Math.min(22, 20 - ease / 6));

/**
 * Readability of a French or Spanish text as a grade: Kandel & Moles (1958), Flesch's formula
 * refitted for French (207 − 1.015 × words per sentence − 73.6 × syllables per word); for Spanish
 * Fernández Huerta (1959; 206.84 − 0.60 × syllables per 100 words − 1.02 × words per sentence).
 */
export function readabilityGradeOf(lang: 'fr' | 'es', words: number, sentences: number, syllables: number): number {
  if (!words || !sentences) return 0;
  const wps = words / sentences;
  const spw = syllables / words;
  const ease = lang === 'fr' ? 207 - 1.015 * wps - 73.6 * spw : 206.84 - 60 * spw - 1.02 * wps;
  return gradeOfEase(ease);
}

/** Each folded phrase back to its spelling in the list (what the feedback quotes). */
const DISPLAY: Record<'fr' | 'es', Map<string, string>> = { fr: new Map(), es: new Map() };
for (const [lang, lists] of [
  ['fr', FR],
  ['es', ES],
] as const)
  for (const phrases of Object.values(lists)) for (const p of phrases!) DISPLAY[lang].set(foldDiacritics(p).replace(/’/g, "'"), p);

/** A phrase found in a folded text, as the language writes it ("neanmoins" → "néanmoins"). */
export const displayPhrase = (lang: 'fr' | 'es', folded: string): string => DISPLAY[lang].get(folded) ?? folded;
