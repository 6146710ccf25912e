import type { EssayType, GradeBoundary, RubricTranslations, ScoringStructure } from '@corestone/contracts';
import { buildStructure } from './scoring';
import { DEFAULT_EE_TRANSLATIONS, DEFAULT_TOK_TRANSLATIONS } from './seed-translations';

/**
 * The rubrics every installation starts with. `key` identifies a seeded row for ever (a later
 * revision of the text below updates rows an admin never edited); `SEED_REVISION` says which text
 * that is. The spec gives names and maximum marks; the descriptors are ours, written in the style
 * of the IB's markbands (a level names the qualities an essay at that level shows).
 */
export const SEED_REVISION = 1;

export interface SeedRubric {
  key: string;
  title: string;
  description: string;
  rubric_type: EssayType;
  /** This seed is the default of its type on a new installation (a super_admin may choose another). */
  default_for_type: boolean;
  scoring_structure: ScoringStructure;
  /** French and Spanish texts (issue 36), added on start-up where the row has none (store/rubrics.ts). */
  translations?: RubricTranslations;
}

type Level = [min: number, max: number, descriptor: string];
const levels = (list: Level[]) => list.map(([min, max, descriptor]) => ({ min, max, descriptor }));
const NOT_REACHED = 'The work does not reach a standard described by the descriptors below.';

/** Grade boundaries for the IB's 30-mark Extended Essay (A from 25 marks, B from 20, as the result screens' narrative uses). */
const IB_EE_2027_BOUNDARIES: readonly GradeBoundary[] = [
  { grade: 'A', min_percentage: 83, max_percentage: 100, description: 'Excellent' },
  { grade: 'B', min_percentage: 67, max_percentage: 82, description: 'Good' },
  { grade: 'C', min_percentage: 47, max_percentage: 66, description: 'Satisfactory' },
  { grade: 'D', min_percentage: 27, max_percentage: 46, description: 'Mediocre' },
  { grade: 'E', min_percentage: 0, max_percentage: 26, description: 'Elementary' },
];

/** The TOK essay's holistic markbands (9–10 excellent … 1–2 rudimentary) as grades. */
const IB_TOK_BOUNDARIES: readonly GradeBoundary[] = [
  { grade: 'A', min_percentage: 90, max_percentage: 100, description: 'Excellent' },
  { grade: 'B', min_percentage: 70, max_percentage: 89, description: 'Good' },
  { grade: 'C', min_percentage: 50, max_percentage: 69, description: 'Satisfactory' },
  { grade: 'D', min_percentage: 30, max_percentage: 49, description: 'Basic' },
  { grade: 'E', min_percentage: 0, max_percentage: 29, description: 'Rudimentary' },
];

const corestoneEe = buildStructure([
  {
    code: 'A',
    name: 'Focus and Method',
    maxScore: 6,
    description: 'The topic, the research question and the methodology used to answer it.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        2,
        'The topic is communicated unclearly and incompletely. The research question is stated but not clearly expressed, or too broad to be treated within the word limit. The methodology is mostly irrelevant to the question, with little justification of sources or methods.',
      ],
      [
        3,
        4,
        'The topic is communicated. The research question is clearly stated but only partially focused. The methodology is mostly relevant; sources and methods are chosen with some justification, but some relevant ones are missed.',
      ],
      [
        5,
        6,
        'The purpose and focus of the research are clear and appropriate. The research question is clearly stated and focused. The methodology is complete: an appropriate range of relevant sources and methods has been chosen and their selection is justified.',
      ],
    ]),
  },
  {
    code: 'B',
    name: 'Knowledge and Understanding',
    maxScore: 6,
    description: 'Knowledge of the topic in its academic context, and the accurate use of subject terminology and concepts.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        2,
        'Knowledge and understanding are limited: the essay shows little sense of the academic context of the topic, sources are of limited relevance, and subject terminology and concepts are misused or missing.',
      ],
      [
        3,
        4,
        'Knowledge and understanding are good: the selected sources are relevant and place the topic in its academic context, and subject terminology and concepts are used accurately, if not always clearly.',
      ],
      [
        5,
        6,
        'Knowledge and understanding are excellent: sources are relevant and used to build a secure, well-contextualised understanding of the topic, and terminology and concepts are used accurately, consistently and with skill.',
      ],
    ]),
  },
  {
    code: 'C',
    name: 'Critical Thinking',
    maxScore: 12,
    description: 'Research, analysis, discussion and evaluation building a reasoned argument in answer to the research question.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        3,
        'The research is of limited relevance to the question. The essay is largely descriptive, with little analysis; arguments are unsupported or incoherent, and conclusions are absent or not drawn from the evidence.',
      ],
      [
        4,
        6,
        'The research is mostly relevant. Analysis is partly developed; there is an attempt at a reasoned argument, though it is sometimes undermined by description or by claims the evidence does not support. Evaluation is superficial.',
      ],
      [
        7,
        9,
        'The research is appropriate and consistently relevant. Analysis is sound and supports a reasoned, coherent argument; the essay evaluates its evidence and method, though not always in depth, and its conclusion follows from the discussion.',
      ],
      [
        10,
        12,
        'The research is excellent and consistently relevant. Analysis is sophisticated and supports a compelling, coherent argument; evidence, methods and counter-arguments are critically evaluated, and the conclusion is consistent with and limited by the evidence.',
      ],
    ]),
  },
  {
    code: 'D',
    name: 'Presentation',
    maxScore: 4,
    description: 'Structure, layout, referencing and the conventions of academic writing.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        2,
        'The structure and layout are partly acceptable: headings, sections, tables or illustrations are sometimes missing or unhelpful, and referencing is incomplete or inconsistent, which hampers the reader.',
      ],
      [
        3,
        4,
        'The structure and layout support the reading and understanding of the essay: it is clearly organised into sections, visual material is labelled and relevant, and sources are cited consistently with a complete bibliography.',
      ],
    ]),
  },
  {
    code: 'E',
    name: 'Engagement',
    maxScore: 6,
    description: 'Personal engagement with the research, shown in reflection on the process and the decisions taken.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        2,
        "Engagement is limited: reflections on decision-making and planning are mostly descriptive, and there is little evidence of the student's own thinking or of learning from the process.",
      ],
      [
        3,
        4,
        "Engagement is good: reflections show the student's thinking, and some evaluation of decisions, challenges met and how the approach changed as the research developed.",
      ],
      [
        5,
        6,
        "Engagement is excellent: reflections are analytical and evaluative, showing intellectual initiative, creativity and a clear sense of how the student's decisions shaped the research and their own learning.",
      ],
    ]),
  },
]);

const ibEe2027 = buildStructure(
  [
    {
      code: 'A',
      name: 'Framework for the essay',
      maxScore: 6,
      description:
        'The choice of topic and research question, the methods chosen to answer it, and the structure that carries the argument.',
      scoring_levels: levels([
        [0, 0, NOT_REACHED],
        [
          1,
          2,
          'The framework is limited: the topic is not clearly communicated and the research question lacks focus or cannot be answered within the essay. The methods are stated rather than justified and only partly suit the question; the structure does little to support the argument.',
        ],
        [
          3,
          4,
          'The framework is adequate: the topic is communicated and the research question is generally focused. The methods are mostly appropriate and their choice partly justified; the structure generally supports the development of the argument.',
        ],
        [
          5,
          6,
          'The framework is effective: the topic is clearly communicated and the research question is sharply focused. The methods are appropriate and their choice is justified; the structure consistently supports the development of a coherent argument.',
        ],
      ]),
    },
    {
      code: 'B',
      name: 'Knowledge and understanding',
      maxScore: 6,
      description:
        'Knowledge and understanding of the topic and its context, built from relevant sources, and the use of subject-specific terminology and concepts.',
      scoring_levels: levels([
        [0, 0, NOT_REACHED],
        [
          1,
          2,
          'Knowledge and understanding of the topic are limited. Sources are few or of doubtful relevance and are used descriptively; subject-specific terminology and concepts are missing or used inaccurately.',
        ],
        [
          3,
          4,
          'Knowledge and understanding of the topic are adequate. Relevant sources are used to place the topic in context; terminology and concepts are mostly accurate, with some lapses.',
        ],
        [
          5,
          6,
          'Knowledge and understanding of the topic are good to excellent. A range of relevant sources is used purposefully to build understanding; terminology and concepts are used accurately and consistently throughout.',
        ],
      ]),
    },
    {
      code: 'C',
      name: 'Analysis and line of argument',
      maxScore: 6,
      description: 'The analysis of evidence and the line of argument it supports in answer to the research question.',
      scoring_levels: levels([
        [0, 0, NOT_REACHED],
        [
          1,
          2,
          'Analysis is limited and mostly descriptive. The line of argument is unclear or inconsistent, and conclusions are asserted rather than drawn from the evidence presented.',
        ],
        [
          3,
          4,
          'Analysis is adequate and mostly relevant to the research question. A line of argument can be followed, although it is not always sustained or fully supported by the evidence.',
        ],
        [
          5,
          6,
          'Analysis is effective and consistently relevant. It supports a clear, well-reasoned line of argument that leads to a conclusion answering the research question.',
        ],
      ]),
    },
    {
      code: 'D',
      name: 'Discussion and evaluation',
      maxScore: 8,
      description:
        'Discussion of the findings and evaluation of sources, methods, evidence and conclusions, including their limitations and significance.',
      scoring_levels: levels([
        [0, 0, NOT_REACHED],
        [
          1,
          2,
          'Discussion is limited and evaluation is superficial or absent: findings are restated rather than discussed, and the reliability of sources and methods is not considered.',
        ],
        [
          3,
          4,
          'Discussion is adequate and includes some evaluation, but it is uneven: some findings, sources or methods are evaluated while others are taken at face value.',
        ],
        [
          5,
          6,
          'Discussion is good and evaluation is mostly effective: findings are interpreted in context, and strengths and limitations of sources, methods and evidence are considered.',
        ],
        [
          7,
          8,
          'Discussion is excellent and evaluation is consistently effective: findings, alternative interpretations, limitations and their significance for the conclusion are weighed critically, and unresolved questions are identified.',
        ],
      ]),
    },
    {
      code: 'E',
      name: 'Reflection',
      maxScore: 4,
      description: 'Reflection on the research process: the decisions taken, what was learned, and how the thinking developed.',
      scoring_levels: levels([
        [0, 0, NOT_REACHED],
        [
          1,
          2,
          'Reflection is limited: it describes what was done in the research process, with little consideration of why decisions were taken or of what was learned.',
        ],
        [
          3,
          4,
          "Reflection is evaluative: it considers the decisions taken, the challenges met and how they changed the approach, and shows how the student's understanding and skills developed through the research.",
        ],
      ]),
    },
  ],
  { grade_boundaries: IB_EE_2027_BOUNDARIES, pass_threshold: 27 },
);

const ibTokHolistic = buildStructure(
  [
    {
      code: 'A',
      name: 'Does the student provide a clear, coherent and critical exploration of the essay title?',
      maxScore: 10,
      description:
        'One holistic judgement of the essay against the prescribed title: focus, links to areas of knowledge, arguments and examples, and evaluation of different points of view.',
      scoring_levels: levels([
        [
          0,
          0,
          'The discussion does not reach the standard described by the other levels or does not respond to one of the prescribed titles for the correct assessment session.',
        ],
        [
          1,
          2,
          'Rudimentary. The essay has a weak connection to the title; any links to areas of knowledge are not relevant. The discussion is largely descriptive; arguments are limited and unsupported by examples, and there is little awareness of other points of view.',
        ],
        [
          3,
          4,
          'Basic. The essay is connected to the title and makes some links to areas of knowledge, though they are superficial. Some arguments are offered, but they are not clear or not supported by effective examples; awareness of other points of view is minimal.',
        ],
        [
          5,
          6,
          'Satisfactory. The essay is focused on the title and is developed with some links to areas of knowledge. Arguments are offered and supported by examples, and there is some awareness of different points of view, though evaluation of them is limited.',
        ],
        [
          7,
          8,
          'Good. The essay is focused on the title and linked effectively to areas of knowledge. Arguments are clear, coherent and supported by examples; there is awareness and some evaluation of different points of view and of the implications of the arguments.',
        ],
        [
          9,
          10,
          'Excellent. The discussion keeps a sustained focus on the title and is linked effectively to areas of knowledge. Arguments are clear, coherent and effectively supported by specific examples; their implications are considered, and different points of view are evaluated with insight.',
        ],
      ]),
    },
  ],
  { grade_boundaries: IB_TOK_BOUNDARIES, pass_threshold: 30 },
);

const corestoneTok = buildStructure([
  {
    code: 'A',
    name: 'Understanding Knowledge Questions',
    maxScore: 5,
    description: 'Focus on the prescribed title and the knowledge questions it raises, linked to areas of knowledge and ways of knowing.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        2,
        'The essay refers to the title but treats it as a topic rather than as a question about knowledge. Knowledge questions are missing or implicit, and links to areas of knowledge are superficial.',
      ],
      [
        3,
        3,
        'The essay identifies relevant knowledge questions and keeps a reasonable focus on the title, with links to at least two areas of knowledge that are relevant if not always developed.',
      ],
      [
        4,
        5,
        'The essay shows a sophisticated understanding of the knowledge questions raised by the title, explores them with a sustained focus, and connects them to areas of knowledge in a way that illuminates the title.',
      ],
    ]),
  },
  {
    code: 'B',
    name: 'Quality of Analysis',
    maxScore: 5,
    description: 'Arguments, examples, counter-claims and their implications, clearly evaluated.',
    scoring_levels: levels([
      [0, 0, NOT_REACHED],
      [
        1,
        2,
        'Analysis is mostly descriptive. Claims are made with little justification, examples are generic or missing, and counter-claims are not considered.',
      ],
      [
        3,
        3,
        'Analysis is reasonable. Main claims are justified with relevant examples and some counter-claims are considered, though their evaluation and implications are only partly developed.',
      ],
      [
        4,
        5,
        'Analysis is insightful. Claims and counter-claims are developed and evaluated with specific, well-chosen examples, and the implications and limits of the arguments are weighed to reach a reasoned conclusion.',
      ],
    ]),
  },
]);

/** Three bands of five marks: limited, adequate, strong. */
const genericLevels = (what: string, [limited, adequate, strong]: [string, string, string]): Level[] => [
  [0, 0, NOT_REACHED],
  [1, 5, `The ${what} is limited: ${limited}`],
  [6, 10, `The ${what} is adequate: ${adequate}`],
  [11, 15, `The ${what} is strong: ${strong}`],
];

const generic = buildStructure([
  {
    code: 'A',
    name: 'Content',
    maxScore: 15,
    description: 'The relevance, accuracy and depth of what the essay says, and how well it is supported.',
    scoring_levels: levels(
      genericLevels('content', [
        'ideas are few, sometimes inaccurate or off the question, and mostly unsupported.',
        'ideas are relevant and mostly accurate, with some support from evidence or examples, though depth is uneven.',
        'ideas are relevant, accurate and developed in depth, consistently supported by well-chosen evidence and examples.',
      ]),
    ),
  },
  {
    code: 'B',
    name: 'Structure',
    maxScore: 15,
    description: 'The organisation of the essay: introduction, paragraphing, the flow of the argument, conclusion and referencing.',
    scoring_levels: levels(
      genericLevels('structure', [
        'the essay lacks a clear introduction or conclusion, paragraphs run together and the reader struggles to follow the argument.',
        'the essay has an introduction, body and conclusion, paragraphs are mostly focused and the argument can be followed, with some abrupt transitions.',
        'the essay is clearly organised from introduction to conclusion, each paragraph advances the argument, transitions are smooth and sources are referenced consistently.',
      ]),
    ),
  },
]);

const genericFor = (type: EssayType): SeedRubric => ({
  key: `generic-${type}`,
  title: 'Generic (30 points)',
  description: `A simple scheme for any ${type === 'ee' ? 'Extended Essay' : 'TOK essay'}: Content 15 and Structure 15 (spec defaults).`,
  rubric_type: type,
  default_for_type: false,
  scoring_structure: generic,
});

export const SEED_RUBRICS: readonly SeedRubric[] = [
  {
    key: 'default-ee',
    title: 'Extended Essay — Corestone default (34 points)',
    description:
      "Corestone's Extended Essay rubric: Focus and Method 6, Knowledge and Understanding 6, Critical Thinking 12, Presentation 4, Engagement 6.",
    rubric_type: 'ee',
    default_for_type: true,
    scoring_structure: corestoneEe,
    translations: DEFAULT_EE_TRANSLATIONS,
  },
  {
    key: 'ib-ee-2027',
    title: 'Extended Essay — IB criteria from 2027 (30 marks)',
    description:
      'The IB Extended Essay criteria from first assessment 2027: Framework for the essay 6, Knowledge and understanding 6, Analysis and line of argument 6, Discussion and evaluation 8, Reflection 4.',
    rubric_type: 'ee',
    default_for_type: false,
    scoring_structure: ibEe2027,
  },
  {
    key: 'ib-tok-holistic',
    title: 'Theory of Knowledge essay — IB holistic (10 marks)',
    description: 'The IB TOK essay is marked holistically against one question, out of 10 marks, in five markbands.',
    rubric_type: 'tok',
    default_for_type: false,
    scoring_structure: ibTokHolistic,
  },
  {
    key: 'default-tok',
    title: 'TOK — Corestone default (10 points)',
    description: "Corestone's TOK essay rubric: Understanding Knowledge Questions 5, Quality of Analysis 5.",
    rubric_type: 'tok',
    default_for_type: true,
    scoring_structure: corestoneTok,
    translations: DEFAULT_TOK_TRANSLATIONS,
  },
  genericFor('ee'),
  genericFor('tok'),
];

/** `GET /rubrics/default-scoring/generic`: the spec's generic 30-point scheme. */
export const GENERIC_SCORING: ScoringStructure = generic;

/** The seeded scheme of a type's spec default (used when no default rubric can be read). */
export function builtInScoring(type: EssayType): ScoringStructure {
  return type === 'ee' ? corestoneEe : corestoneTok;
}
