import type { Signal } from './signals';
import type { TextFeatures } from './text';
import type { WordUse } from './lexicon';
import { displayPhrase } from './languages';

/**
 * The built-in grader's feedback in French and Spanish (issue 36). The signals are measured as in
 * English (measure.ts); their texts are then written here in the essay's language: what was found
 * (with its count and the essay's own words, quoted as written), the strength it earns, and the
 * advice. Written for IB students, in the register of an examiner's report.
 */

type Lang = 'fr' | 'es';

interface Texts {
  /** what the aspect is, as the evidence names it */
  label: string;
  strength: string;
  tip: string;
}

const FR: Record<string, Texts> = {
  length: {
    label: 'longueur',
    strength: 'Longueur bien maîtrisée, dans la limite de mots',
    tip: "Développez l'essai vers la longueur attendue : un texte trop court ne peut pas approfondir l'argumentation",
  },
  researchQuestion: {
    label: 'question de recherche',
    strength: 'Une question de recherche claire',
    tip: "Formulez explicitement la question de recherche dès l'introduction",
  },
  answered: {
    label: 'réponse à la question',
    strength: 'La conclusion revient à la question et y répond',
    tip: 'Faites en sorte que la conclusion réponde directement à la question, dans ses propres termes, et indiquez ce qui reste en suspens',
  },
  subjectTerms: {
    label: 'vocabulaire de la discipline',
    strength: 'Emploie le vocabulaire de la discipline',
    tip: 'Employez avec précision les notions de la discipline là où elles s’appliquent',
  },
  knowledgeQuestions: {
    label: 'questions de connaissance',
    strength: 'Des questions de connaissance explicites',
    tip: 'Formulez les questions de connaissance et reliez-y chaque argument',
  },
  areas: {
    label: 'domaines de la connaissance',
    strength: 'Compare plusieurs domaines de la connaissance',
    tip: 'Comparez au moins deux domaines de la connaissance de façon explicite',
  },
  titleFocus: { label: 'lien avec le sujet', strength: 'Reste centré sur le sujet', tip: 'Reliez chaque partie aux termes mêmes du sujet' },
  method: {
    label: 'méthode',
    strength: 'Une méthode décrite et justifiée',
    tip: 'Décrivez et justifiez la méthode : sources, données, démarche',
  },
  frame: {
    label: 'introduction et conclusion',
    strength: 'Une introduction et une conclusion qui encadrent l’essai',
    tip: 'Ouvrez sur une introduction qui annonce la démarche et terminez par une conclusion',
  },
  paragraphs: {
    label: 'paragraphes',
    strength: 'Des paragraphes bien découpés',
    tip: 'Découpez le texte en paragraphes, un argument par paragraphe',
  },
  headings: {
    label: 'intertitres',
    strength: 'Des intertitres qui organisent l’essai',
    tip: 'Donnez un intertitre à chaque partie (introduction, méthode, analyse, conclusion)',
  },
  citations: {
    label: 'citations dans le texte',
    strength: 'Les affirmations sont appuyées sur des sources citées',
    tip: 'Citez la source de chaque affirmation qui en dépend, dans le texte (Auteur, année)',
  },
  citationStyle: {
    label: 'style de référence',
    strength: 'Un style de référence appliqué avec constance',
    tip: 'Appliquez un seul style de référence (APA, MLA, Chicago, Harvard) de façon constante',
  },
  bibliography: {
    label: 'bibliographie',
    strength: 'Une bibliographie complète',
    tip: 'Terminez par une bibliographie qui recense toutes les sources citées',
  },
  quotations: {
    label: 'citations de sources',
    strength: 'Des citations bien choisies',
    tip: 'Appuyez l’analyse sur quelques citations courtes et commentées',
  },
  data: {
    label: 'données chiffrées',
    strength: 'Des données chiffrées à l’appui',
    tip: 'Appuyez les affirmations sur des données précises (chiffres, pourcentages) et leur source',
  },
  counter: {
    label: 'contre-arguments',
    strength: 'Envisage et discute des contre-arguments',
    tip: 'Présentez les objections ou les interprétations opposées et répondez-y',
  },
  evaluative: {
    label: 'vocabulaire de l’évaluation',
    strength: 'Évalue la fiabilité et les limites des arguments',
    tip: 'Évaluez la fiabilité, la portée et les limites des sources et des arguments',
  },
  connectives: {
    label: 'connecteurs logiques',
    strength: 'Un raisonnement bien articulé',
    tip: 'Articulez le raisonnement avec des connecteurs (donc, par conséquent, cependant)',
  },
  hedging: {
    label: 'nuance',
    strength: 'Des affirmations nuancées',
    tip: 'Nuancez les affirmations que les preuves ne permettent pas de trancher (il semble, dans une certaine mesure)',
  },
  reflection: {
    label: 'réflexion sur la recherche',
    strength: 'Réfléchit à sa propre démarche de recherche',
    tip: 'Expliquez ce que la recherche vous a appris et ce que vous feriez autrement',
  },
  voice: { label: 'voix personnelle', strength: 'Une position personnelle affirmée', tip: 'Affirmez votre propre position et défendez-la' },
  examples: { label: 'exemples', strength: 'Des exemples précis', tip: 'Illustrez chaque argument par un exemple précis' },
  vocabulary: {
    label: 'mots longs et précis',
    strength: 'Un vocabulaire précis et soutenu',
    tip: 'Préférez les termes précis de la discipline aux mots de tous les jours',
  },
  spelling: { label: 'orthographe', strength: 'Une orthographe soignée', tip: 'Relisez l’orthographe' },
  cohesion: {
    label: 'cohésion',
    strength: 'Les phrases et les paragraphes s’enchaînent',
    tip: 'Reprenez dans chaque phrase une idée de la précédente pour que le fil se suive',
  },
  diversity: {
    label: 'diversité du vocabulaire',
    strength: 'Un vocabulaire varié',
    tip: 'Variez le vocabulaire au lieu de répéter les mêmes mots',
  },
  sentences: {
    label: 'longueur des phrases',
    strength: 'Des phrases d’une longueur maîtrisée',
    tip: 'Visez des phrases de 12 à 28 mots : coupez les plus longues, reliez les plus courtes',
  },
  variety: { label: 'variété des phrases', strength: 'Des phrases variées', tip: 'Variez la longueur et le début des phrases' },
  readability: {
    label: 'lisibilité',
    strength: 'Un texte lisible',
    tip: 'Rendez le texte plus lisible : des phrases plus courtes et des mots plus simples là où c’est possible',
  },
  mechanics: {
    label: 'ponctuation et majuscules',
    strength: 'Une présentation soignée',
    tip: 'Relisez les majuscules en début de phrase et les mots répétés',
  },
};

const ES: Record<string, Texts> = {
  length: {
    label: 'extensión',
    strength: 'Extensión bien ajustada, dentro del límite de palabras',
    tip: 'Desarrolla el trabajo hasta la extensión esperada: un texto demasiado breve no puede profundizar en el argumento',
  },
  researchQuestion: {
    label: 'pregunta de investigación',
    strength: 'Una pregunta de investigación clara',
    tip: 'Formula explícitamente la pregunta de investigación en la introducción',
  },
  answered: {
    label: 'respuesta a la pregunta',
    strength: 'La conclusión vuelve a la pregunta y la responde',
    tip: 'Haz que la conclusión responda directamente a la pregunta, en sus propios términos, e indica lo que queda sin resolver',
  },
  subjectTerms: {
    label: 'vocabulario de la asignatura',
    strength: 'Usa el vocabulario de la asignatura',
    tip: 'Usa con precisión los conceptos de la asignatura donde correspondan',
  },
  knowledgeQuestions: {
    label: 'preguntas de conocimiento',
    strength: 'Preguntas de conocimiento explícitas',
    tip: 'Formula las preguntas de conocimiento y relaciona cada argumento con ellas',
  },
  areas: {
    label: 'áreas de conocimiento',
    strength: 'Compara varias áreas de conocimiento',
    tip: 'Compara al menos dos áreas de conocimiento de forma explícita',
  },
  titleFocus: {
    label: 'relación con el título',
    strength: 'Se mantiene centrado en el título',
    tip: 'Relaciona cada sección con los términos del título',
  },
  method: {
    label: 'método',
    strength: 'Un método descrito y justificado',
    tip: 'Describe y justifica el método: fuentes, datos y procedimiento',
  },
  frame: {
    label: 'introducción y conclusión',
    strength: 'Una introducción y una conclusión que enmarcan el trabajo',
    tip: 'Abre con una introducción que presente el enfoque y cierra con una conclusión',
  },
  paragraphs: { label: 'párrafos', strength: 'Párrafos bien organizados', tip: 'Divide el texto en párrafos, un argumento por párrafo' },
  headings: {
    label: 'títulos de sección',
    strength: 'Títulos de sección que organizan el trabajo',
    tip: 'Pon un título a cada sección (introducción, método, análisis, conclusión)',
  },
  citations: {
    label: 'citas en el texto',
    strength: 'Las afirmaciones se apoyan en fuentes citadas',
    tip: 'Cita en el texto la fuente de cada afirmación que dependa de ella (Autor, año)',
  },
  citationStyle: {
    label: 'estilo de referencia',
    strength: 'Un estilo de referencia aplicado con coherencia',
    tip: 'Aplica un único estilo de referencia (APA, MLA, Chicago, Harvard) de forma coherente',
  },
  bibliography: {
    label: 'bibliografía',
    strength: 'Una bibliografía completa',
    tip: 'Termina con una bibliografía que recoja todas las fuentes citadas',
  },
  quotations: { label: 'citas textuales', strength: 'Citas bien elegidas', tip: 'Apoya el análisis en algunas citas breves y comentadas' },
  data: {
    label: 'datos cuantitativos',
    strength: 'Datos cuantitativos como apoyo',
    tip: 'Apoya las afirmaciones en datos precisos (cifras, porcentajes) con su fuente',
  },
  counter: {
    label: 'contraargumentos',
    strength: 'Considera y discute contraargumentos',
    tip: 'Presenta las objeciones o interpretaciones contrarias y respóndelas',
  },
  evaluative: {
    label: 'vocabulario evaluativo',
    strength: 'Evalúa la fiabilidad y las limitaciones de los argumentos',
    tip: 'Evalúa la fiabilidad, el alcance y las limitaciones de las fuentes y de los argumentos',
  },
  connectives: {
    label: 'conectores',
    strength: 'Un razonamiento bien articulado',
    tip: 'Articula el razonamiento con conectores (por lo tanto, en consecuencia, sin embargo)',
  },
  hedging: {
    label: 'matización',
    strength: 'Afirmaciones matizadas',
    tip: 'Matiza las afirmaciones que las pruebas no permiten zanjar (parece, en cierta medida)',
  },
  reflection: {
    label: 'reflexión sobre la investigación',
    strength: 'Reflexiona sobre su propio proceso de investigación',
    tip: 'Explica qué te enseñó la investigación y qué harías de otro modo',
  },
  voice: { label: 'voz propia', strength: 'Una postura personal clara', tip: 'Expresa tu propia postura y defiéndela' },
  examples: { label: 'ejemplos', strength: 'Ejemplos concretos', tip: 'Ilustra cada argumento con un ejemplo concreto' },
  vocabulary: {
    label: 'palabras largas y precisas',
    strength: 'Un vocabulario preciso y académico',
    tip: 'Prefiere los términos precisos de la asignatura a las palabras cotidianas',
  },
  spelling: { label: 'ortografía', strength: 'Una ortografía cuidada', tip: 'Revisa la ortografía' },
  cohesion: {
    label: 'cohesión',
    strength: 'Las oraciones y los párrafos se enlazan',
    tip: 'Retoma en cada oración una idea de la anterior para que el hilo se siga',
  },
  diversity: {
    label: 'variedad léxica',
    strength: 'Un vocabulario variado',
    tip: 'Varía el vocabulario en lugar de repetir las mismas palabras',
  },
  sentences: {
    label: 'longitud de las oraciones',
    strength: 'Oraciones de longitud adecuada',
    tip: 'Procura oraciones de 12 a 28 palabras: divide las más largas y une las más cortas',
  },
  variety: { label: 'variedad de las oraciones', strength: 'Oraciones variadas', tip: 'Varía la longitud y el comienzo de las oraciones' },
  readability: {
    label: 'legibilidad',
    strength: 'Un texto legible',
    tip: 'Haz el texto más legible: oraciones más cortas y palabras más sencillas donde sea posible',
  },
  mechanics: {
    label: 'puntuación y mayúsculas',
    strength: 'Una presentación cuidada',
    tip: 'Revisa las mayúsculas al inicio de las oraciones y las palabras repetidas',
  },
};

const TEXTS: Record<Lang, Record<string, Texts>> = { fr: FR, es: ES };

/** A verdict on a signal's value, in the language. */
const LEVEL: Record<Lang, [string, string, string]> = {
  fr: ['solide', 'en progrès', 'faible'],
  es: ['sólido', 'en desarrollo', 'escaso'],
};
const level = (lang: Lang, v: number) => LEVEL[lang][v >= 0.75 ? 0 : v >= 0.5 ? 1 : 2];

const PHRASE_KEYS: Record<string, keyof TextFeatures['phrases']> = {
  counter: 'counter',
  evaluative: 'evaluative',
  connectives: 'connectives',
  hedging: 'hedging',
  reflection: 'reflection',
  voice: 'voice',
  examples: 'examples',
  method: 'method',
  knowledgeQuestions: 'knowledgeQuestion',
  areas: 'areasOfKnowledge',
};

const quoted = (lang: Lang, words: readonly string[], n: number) =>
  words
    .slice(0, n)
    .map((w) => (lang === 'fr' ? `« ${w} »` : `«${w}»`))
    .join(', ');

/** What the evidence cites beside the verdict: counts and the essay's own words (as written). */
function details(key: string, lang: Lang, f: TextFeatures, original: string, words: WordUse): string {
  const n = (x: number) => x.toLocaleString(lang === 'fr' ? 'fr-FR' : 'es-ES');
  const fr = lang === 'fr';
  const group = PHRASE_KEYS[key];
  if (group) {
    const ph = f.phrases[group];
    return ph.count
      ? `${n(ph.count)} (${quoted(
          lang,
          ph.found.map((p) => displayPhrase(lang, p)),
          3,
        )})`
      : fr
        ? 'aucun repère trouvé'
        : 'ninguna marca encontrada';
  }
  switch (key) {
    case 'length':
      return fr ? `${n(f.bodyWords)} mots avant la bibliographie` : `${n(f.bodyWords)} palabras antes de la bibliografía`;
    case 'researchQuestion':
      return f.researchQuestion
        ? quoted(lang, [original.slice(f.researchQuestion.span.start, f.researchQuestion.span.end).trim().slice(0, 140)], 1)
        : fr
          ? 'aucune question de recherche trouvée'
          : 'no se encontró ninguna pregunta de investigación';
    case 'paragraphs':
      return fr ? `${n(f.paragraphs.length)} paragraphes` : `${n(f.paragraphs.length)} párrafos`;
    case 'headings':
      return fr ? `${n(f.headings.length)} intertitres` : `${n(f.headings.length)} títulos`;
    case 'citations':
      return f.citations.total
        ? `${n(f.citations.total)} (${quoted(lang, [...new Set(f.citations.hits.map((h) => original.slice(h.start, h.end)))], 2)})`
        : fr
          ? 'aucune citation dans le texte'
          : 'ninguna cita en el texto';
    case 'bibliography':
      return f.bibliographySpans.heading
        ? `${quoted(lang, [original.slice(f.bibliographySpans.heading.start, f.bibliographySpans.heading.end).replace(/:$/, '')], 1)}, ${n(f.bibliography.entries)} ${fr ? 'entrées' : 'entradas'}`
        : fr
          ? 'pas de bibliographie'
          : 'sin bibliografía';
    case 'quotations':
      return n(f.quotations.count);
    case 'data':
      return f.numbers.count ? `${n(f.numbers.count)} (${quoted(lang, f.numbers.examples, 3)})` : fr ? 'aucun chiffre' : 'ninguna cifra';
    case 'spelling':
      return words.misspelled
        ? `${n(words.misspelled)} ${fr ? 'mots inconnus du dictionnaire sur' : 'palabras que el diccionario no reconoce de'} ${n(words.checked)} (${quoted(lang, words.misspellings, 4)})`
        : fr
          ? `aucune faute trouvée sur ${n(words.checked)} mots vérifiés`
          : `ningún error en ${n(words.checked)} palabras revisadas`;
    case 'vocabulary':
      return words.advancedExamples.length ? quoted(lang, words.advancedExamples, 4) : '';
    case 'sentences':
      return fr
        ? `${n(Math.round(f.avgSentenceLength))} mots par phrase en moyenne`
        : `${n(Math.round(f.avgSentenceLength))} palabras por oración de media`;
    default:
      return '';
  }
}

/** Advice that names what to act on, when the signal knows it. */
function tipOf(key: string, lang: Lang, base: string, words: WordUse): string {
  if (key === 'spelling' && words.misspelled) return `${base} (${quoted(lang, words.misspellings, 4)})`;
  return base;
}

/** Writes every signal's evidence, strength and advice in the essay's language (spans unchanged). */
export function localiseSignals(signals: Map<string, Signal>, f: TextFeatures, original: string, words: WordUse, lang: Lang): void {
  for (const [key, sig] of signals) {
    const t = TEXTS[lang][key];
    if (!t) continue;
    const d = details(key, lang, f, original, words);
    signals.set(key, {
      ...sig,
      evidence: `${t.label} : ${level(lang, sig.value)}${d ? ` — ${d}` : ''}`.replace(' : ', lang === 'fr' ? ' : ' : ': '),
      strength: sig.strength ? t.strength : '',
      tip: tipOf(key, lang, t.tip, words),
    });
  }
}

/**
 * A number as the language writes it (French '27,5' and '3 987', Spanish '27,5' and '3987'): the
 * built-in grader's sentences print scores and percentages with the reader's decimal comma.
 */
export const numberIn = (lang: Lang, x: number): string =>
  new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'es-ES', { maximumFractionDigits: 1 }).format(x);

/** The built-in grader's own sentences (builtin.ts), by language. */
export const FRAME_TEXTS = {
  fr: {
    found: 'Constaté',
    weaker: 'Plus faible',
    next: 'Ensuite',
    little: 'Le texte montre peu d’éléments pour ce critère.',
    allGood: 'Tous les aspects vérifiés pour ce critère sont bien développés.',
    band: 'Niveau',
    keep: 'Gardez ce niveau : relisez chaque critère de la grille avant de rendre l’essai',
    essay: { ee: 'Ce mémoire (Extended Essay)', tok: 'Cet essai de TdC' },
    scores: (words: string, total: string, max: string, pct: string, grade: string, band: string) =>
      `de ${words} mots obtient ${total}/${max} (${pct} %), note ${grade} (${band}).`,
    bestWorst: (best: string, worst: string) => `Son critère le plus réussi est ${best} ; le plus faible, ${worst}.`,
    shape: (paragraphs: number, citations: number, bibliography: string | null) =>
      `Le texte compte ${paragraphs} paragraphes, ${citations} citations dans le texte${bibliography ? ` et une section « ${bibliography} »` : ' et aucune bibliographie'}.`,
    by: 'Évalué en français par le correcteur intégré à partir du texte lui-même ; un même texte reçoit toujours le même résultat.',
    verdicts: ['solide', 'en progrès', 'limité'] as const,
    leads: {
      clarity_and_cohesion: 'Clarté et cohésion',
      argument_and_evidence: 'Usage des preuves',
      grammar_and_mechanics: 'Langue et orthographe',
      critical_thinking: 'Esprit critique',
      originality_and_insight: 'Originalité et finesse',
    },
    is: (lead: string, verdict: string) => `${lead} : ${verdict}`,
  },
  es: {
    found: 'Se observa',
    weaker: 'Más débil',
    next: 'Siguiente paso',
    little: 'El texto muestra pocos elementos de este criterio.',
    allGood: 'Todos los aspectos revisados de este criterio están bien desarrollados.',
    band: 'Banda',
    keep: 'Mantén este nivel: revisa cada criterio de la rúbrica antes de entregar',
    essay: { ee: 'Esta Monografía', tok: 'Este ensayo de TdC' },
    scores: (words: string, total: string, max: string, pct: string, grade: string, band: string) =>
      `de ${words} palabras obtiene ${total}/${max} (${pct} %), calificación ${grade} (${band}).`,
    bestWorst: (best: string, worst: string) => `Su criterio más logrado es ${best}; el más débil, ${worst}.`,
    shape: (paragraphs: number, citations: number, bibliography: string | null) =>
      `El texto tiene ${paragraphs} párrafos, ${citations} citas en el texto${bibliography ? ` y una sección «${bibliography}»` : ' y ninguna bibliografía'}.`,
    by: 'Evaluado en español por el corrector integrado a partir del propio texto; el mismo texto recibe siempre el mismo resultado.',
    verdicts: ['sólido', 'en desarrollo', 'limitado'] as const,
    leads: {
      clarity_and_cohesion: 'Claridad y cohesión',
      argument_and_evidence: 'Uso de las pruebas',
      grammar_and_mechanics: 'Lengua y ortografía',
      critical_thinking: 'Pensamiento crítico',
      originality_and_insight: 'Originalidad y perspicacia',
    },
    is: (lead: string, verdict: string) => `${lead}: ${verdict}`,
  },
} as const;
