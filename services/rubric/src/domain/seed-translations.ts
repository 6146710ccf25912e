import type { RubricTranslation, RubricTranslations } from '@corestone/contracts';

/**
 * French and Spanish texts of the two default rubrics (issue 36): our own translations of the
 * English seeds in seeds.ts, in the terms IB schools use in each language (mémoire / monografía,
 * TdC, bandes de notation). Bands are named by their ranges, which must be the seeds'.
 */
type Band = [min: number, max: number, descriptor: string];
type Criterion = [code: string, name: string, description: string, bands: Band[]];

const translation = (
  title: string,
  description: string,
  criteria: Criterion[],
  grades: [string, string, string, string, string],
): RubricTranslation => ({
  title,
  description,
  criteria: criteria.map(([code, name, desc, bands]) => ({
    code,
    name,
    description: desc,
    scoring_levels: bands.map(([min, max, descriptor]) => ({ min, max, descriptor })),
  })),
  grade_boundaries: grades.map((description, i) => ({ grade: 'ABCDE'[i], description })),
});

const FR_NOT_REACHED = 'Le travail n’atteint aucun des niveaux décrits par les descripteurs ci-dessous.';
const ES_NOT_REACHED = 'El trabajo no alcanza ninguno de los niveles descritos por los descriptores que siguen.';
const FR_GRADES: [string, string, string, string, string] = ['Excellent', 'Bien', 'Satisfaisant', 'Médiocre', 'Élémentaire'];
const ES_GRADES: [string, string, string, string, string] = ['Excelente', 'Bueno', 'Satisfactorio', 'Mediocre', 'Elemental'];

export const DEFAULT_EE_TRANSLATIONS: RubricTranslations = {
  fr: translation(
    'Mémoire — barème Corestone par défaut (34 points)',
    'Le barème Corestone pour le mémoire : Orientation et méthode 6, Connaissances et compréhension 6, Pensée critique 12, Présentation 4, Engagement 6.',
    [
      [
        'A',
        'Orientation et méthode',
        'Le sujet, la question de recherche et la méthodologie employée pour y répondre.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            2,
            'Le sujet est présenté de façon peu claire et incomplète. La question de recherche est énoncée, mais sans clarté, ou elle est trop vaste pour être traitée dans la limite de mots. La méthodologie est en grande partie sans rapport avec la question, et le choix des sources ou des méthodes est peu justifié.',
          ],
          [
            3,
            4,
            'Le sujet est présenté. La question de recherche est clairement énoncée, mais seulement en partie ciblée. La méthodologie est pertinente dans l’ensemble ; le choix des sources et des méthodes est en partie justifié, mais certaines sources ou méthodes pertinentes sont négligées.',
          ],
          [
            5,
            6,
            'L’objectif et l’orientation de la recherche sont clairs et appropriés. La question de recherche est clairement énoncée et bien ciblée. La méthodologie est complète : un éventail approprié de sources et de méthodes pertinentes a été choisi, et ce choix est justifié.',
          ],
        ],
      ],
      [
        'B',
        'Connaissances et compréhension',
        'La connaissance du sujet dans son contexte académique et l’emploi exact de la terminologie et des concepts de la matière.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            2,
            'Les connaissances et la compréhension sont limitées : le mémoire montre peu de sens du contexte académique du sujet, les sources sont peu pertinentes, et la terminologie et les concepts de la matière sont mal employés ou absents.',
          ],
          [
            3,
            4,
            'Les connaissances et la compréhension sont bonnes : les sources choisies sont pertinentes et situent le sujet dans son contexte académique, et la terminologie et les concepts de la matière sont employés avec exactitude, mais pas toujours avec clarté.',
          ],
          [
            5,
            6,
            'Les connaissances et la compréhension sont excellentes : les sources sont pertinentes et servent à construire une compréhension solide et bien contextualisée du sujet, et la terminologie et les concepts sont employés avec exactitude, cohérence et habileté.',
          ],
        ],
      ],
      [
        'C',
        'Pensée critique',
        'La recherche, l’analyse, la discussion et l’évaluation qui construisent une argumentation raisonnée en réponse à la question de recherche.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            3,
            'La recherche n’est que peu pertinente au regard de la question. Le mémoire est en grande partie descriptif et l’analyse y est rare ; les arguments ne sont pas étayés ou manquent de cohérence, et les conclusions sont absentes ou ne découlent pas des données.',
          ],
          [
            4,
            6,
            'La recherche est pertinente dans l’ensemble. L’analyse est en partie développée ; on note une tentative d’argumentation raisonnée, parfois affaiblie par la description ou par des affirmations que les données n’étayent pas. L’évaluation est superficielle.',
          ],
          [
            7,
            9,
            'La recherche est appropriée et constamment pertinente. L’analyse est solide et soutient une argumentation raisonnée et cohérente ; le mémoire évalue ses données et sa méthode, mais pas toujours en profondeur, et sa conclusion découle de la discussion.',
          ],
          [
            10,
            12,
            'La recherche est excellente et constamment pertinente. L’analyse est fine et soutient une argumentation convaincante et cohérente ; les données, les méthodes et les contre-arguments sont évalués de façon critique, et la conclusion est conforme aux données et en respecte les limites.',
          ],
        ],
      ],
      [
        'D',
        'Présentation',
        'La structure, la mise en page, les références et les conventions de l’écrit académique.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            2,
            'La structure et la mise en page sont en partie acceptables : titres, sections, tableaux ou illustrations manquent parfois ou n’aident guère, et les références sont incomplètes ou irrégulières, ce qui gêne la lecture.',
          ],
          [
            3,
            4,
            'La structure et la mise en page facilitent la lecture et la compréhension du mémoire : il est clairement organisé en sections, les éléments visuels sont légendés et pertinents, et les sources sont citées de façon cohérente, avec une bibliographie complète.',
          ],
        ],
      ],
      [
        'E',
        'Engagement',
        'L’engagement personnel dans la recherche, tel qu’il apparaît dans la réflexion sur le processus et les décisions prises.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            2,
            'L’engagement est limité : les réflexions sur la prise de décision et la planification sont surtout descriptives, et l’on perçoit peu la pensée propre de l’élève ou ce qu’il a appris du processus.',
          ],
          [
            3,
            4,
            'L’engagement est bon : les réflexions montrent la pensée de l’élève et une certaine évaluation des décisions, des difficultés rencontrées et de l’évolution de la démarche au fil de la recherche.',
          ],
          [
            5,
            6,
            'L’engagement est excellent : les réflexions sont analytiques et évaluatives ; elles témoignent d’initiative intellectuelle, de créativité et d’une conscience claire de la manière dont les décisions de l’élève ont façonné la recherche et son propre apprentissage.',
          ],
        ],
      ],
    ],
    FR_GRADES,
  ),
  es: translation(
    'Monografía — rúbrica Corestone por defecto (34 puntos)',
    'La rúbrica de Corestone para la Monografía: Enfoque y método 6, Conocimiento y comprensión 6, Pensamiento crítico 12, Presentación 4, Compromiso 6.',
    [
      [
        'A',
        'Enfoque y método',
        'El tema, la pregunta de investigación y la metodología empleada para responderla.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            2,
            'El tema se comunica de forma poco clara e incompleta. La pregunta de investigación se enuncia, pero no se expresa con claridad o es demasiado amplia para tratarse dentro del límite de palabras. La metodología es en su mayor parte irrelevante para la pregunta, y la elección de fuentes o métodos apenas se justifica.',
          ],
          [
            3,
            4,
            'El tema se comunica. La pregunta de investigación se enuncia con claridad, pero solo está parcialmente delimitada. La metodología es pertinente en general; la elección de fuentes y métodos se justifica en parte, aunque se omiten algunos pertinentes.',
          ],
          [
            5,
            6,
            'El propósito y el enfoque de la investigación son claros y adecuados. La pregunta de investigación se enuncia con claridad y está bien delimitada. La metodología es completa: se ha elegido una variedad adecuada de fuentes y métodos pertinentes, y su selección está justificada.',
          ],
        ],
      ],
      [
        'B',
        'Conocimiento y comprensión',
        'El conocimiento del tema en su contexto académico y el uso preciso de la terminología y los conceptos de la asignatura.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            2,
            'El conocimiento y la comprensión son limitados: la monografía muestra poca conciencia del contexto académico del tema, las fuentes son poco pertinentes y la terminología y los conceptos de la asignatura se usan mal o están ausentes.',
          ],
          [
            3,
            4,
            'El conocimiento y la comprensión son buenos: las fuentes seleccionadas son pertinentes y sitúan el tema en su contexto académico, y la terminología y los conceptos de la asignatura se usan con precisión, aunque no siempre con claridad.',
          ],
          [
            5,
            6,
            'El conocimiento y la comprensión son excelentes: las fuentes son pertinentes y se utilizan para construir una comprensión sólida y bien contextualizada del tema, y la terminología y los conceptos se usan con precisión, coherencia y destreza.',
          ],
        ],
      ],
      [
        'C',
        'Pensamiento crítico',
        'La investigación, el análisis, la discusión y la evaluación que construyen un argumento razonado en respuesta a la pregunta de investigación.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            3,
            'La investigación es poco pertinente para la pregunta. La monografía es mayormente descriptiva y apenas contiene análisis; los argumentos no están fundamentados o son incoherentes, y las conclusiones faltan o no se derivan de las pruebas.',
          ],
          [
            4,
            6,
            'La investigación es pertinente en su mayor parte. El análisis está parcialmente desarrollado; hay un intento de argumento razonado, aunque a veces lo debilitan la descripción o afirmaciones que las pruebas no respaldan. La evaluación es superficial.',
          ],
          [
            7,
            9,
            'La investigación es adecuada y pertinente en todo momento. El análisis es sólido y sustenta un argumento razonado y coherente; la monografía evalúa sus pruebas y su método, aunque no siempre en profundidad, y su conclusión se desprende de la discusión.',
          ],
          [
            10,
            12,
            'La investigación es excelente y pertinente en todo momento. El análisis es sofisticado y sustenta un argumento convincente y coherente; las pruebas, los métodos y los contraargumentos se evalúan de forma crítica, y la conclusión es coherente con las pruebas y se ajusta a sus límites.',
          ],
        ],
      ],
      [
        'D',
        'Presentación',
        'La estructura, el formato, las referencias y las convenciones de la escritura académica.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            2,
            'La estructura y el formato son aceptables en parte: a veces faltan títulos, secciones, tablas o ilustraciones, o no resultan útiles, y las referencias son incompletas o poco uniformes, lo que dificulta la lectura.',
          ],
          [
            3,
            4,
            'La estructura y el formato facilitan la lectura y la comprensión de la monografía: está claramente organizada en secciones, el material visual está rotulado y es pertinente, y las fuentes se citan de manera uniforme, con una bibliografía completa.',
          ],
        ],
      ],
      [
        'E',
        'Compromiso',
        'El compromiso personal con la investigación, tal como se refleja en la reflexión sobre el proceso y las decisiones tomadas.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            2,
            'El compromiso es limitado: las reflexiones sobre la toma de decisiones y la planificación son mayormente descriptivas, y apenas se aprecia el pensamiento propio del alumno o lo que ha aprendido del proceso.',
          ],
          [
            3,
            4,
            'El compromiso es bueno: las reflexiones muestran el pensamiento del alumno y cierta evaluación de las decisiones, de las dificultades encontradas y de cómo cambió el enfoque a medida que avanzaba la investigación.',
          ],
          [
            5,
            6,
            'El compromiso es excelente: las reflexiones son analíticas y evaluativas, y muestran iniciativa intelectual, creatividad y una idea clara de cómo las decisiones del alumno han dado forma a la investigación y a su propio aprendizaje.',
          ],
        ],
      ],
    ],
    ES_GRADES,
  ),
};

export const DEFAULT_TOK_TRANSLATIONS: RubricTranslations = {
  fr: translation(
    'TdC — barème Corestone par défaut (10 points)',
    'Le barème Corestone pour l’essai de TdC : Compréhension des questions de connaissance 5, Qualité de l’analyse 5.',
    [
      [
        'A',
        'Compréhension des questions de connaissance',
        'L’attention portée au titre prescrit et aux questions de connaissance qu’il soulève, en lien avec les domaines de la connaissance et les modes de la connaissance.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            2,
            'L’essai se réfère au titre, mais le traite comme un thème plutôt que comme une question sur la connaissance. Les questions de connaissance sont absentes ou implicites, et les liens avec les domaines de la connaissance sont superficiels.',
          ],
          [
            3,
            3,
            'L’essai dégage des questions de connaissance pertinentes et reste raisonnablement centré sur le titre, avec des liens vers au moins deux domaines de la connaissance, pertinents sans être toujours développés.',
          ],
          [
            4,
            5,
            'L’essai témoigne d’une compréhension fine des questions de connaissance soulevées par le titre, les explore avec une attention soutenue et les relie aux domaines de la connaissance d’une manière qui éclaire le titre.',
          ],
        ],
      ],
      [
        'B',
        'Qualité de l’analyse',
        'Les arguments, les exemples, les contre-arguments et leurs implications, évalués avec clarté.',
        [
          [0, 0, FR_NOT_REACHED],
          [
            1,
            2,
            'L’analyse est surtout descriptive. Les affirmations sont peu justifiées, les exemples sont génériques ou absents, et les contre-arguments ne sont pas envisagés.',
          ],
          [
            3,
            3,
            'L’analyse est satisfaisante. Les principales affirmations sont justifiées par des exemples pertinents et quelques contre-arguments sont envisagés, mais leur évaluation et leurs implications ne sont que partiellement développées.',
          ],
          [
            4,
            5,
            'L’analyse est perspicace. Les affirmations et les contre-arguments sont développés et évalués à l’aide d’exemples précis et bien choisis, et les implications et les limites des arguments sont pesées pour aboutir à une conclusion raisonnée.',
          ],
        ],
      ],
    ],
    FR_GRADES,
  ),
  es: translation(
    'TdC — rúbrica Corestone por defecto (10 puntos)',
    'La rúbrica de Corestone para el ensayo de TdC: Comprensión de las preguntas de conocimiento 5, Calidad del análisis 5.',
    [
      [
        'A',
        'Comprensión de las preguntas de conocimiento',
        'El enfoque en el título prescrito y en las preguntas de conocimiento que plantea, en relación con las áreas de conocimiento y las formas de conocimiento.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            2,
            'El ensayo alude al título, pero lo trata como un tema y no como una pregunta sobre el conocimiento. Las preguntas de conocimiento faltan o quedan implícitas, y los vínculos con las áreas de conocimiento son superficiales.',
          ],
          [
            3,
            3,
            'El ensayo identifica preguntas de conocimiento pertinentes y mantiene un enfoque razonable en el título, con vínculos con al menos dos áreas de conocimiento que son pertinentes, aunque no siempre estén desarrollados.',
          ],
          [
            4,
            5,
            'El ensayo demuestra una comprensión sofisticada de las preguntas de conocimiento que plantea el título, las explora con un enfoque sostenido y las relaciona con las áreas de conocimiento de un modo que arroja luz sobre el título.',
          ],
        ],
      ],
      [
        'B',
        'Calidad del análisis',
        'Los argumentos, los ejemplos, los contraargumentos y sus implicaciones, evaluados con claridad.',
        [
          [0, 0, ES_NOT_REACHED],
          [
            1,
            2,
            'El análisis es mayormente descriptivo. Las afirmaciones apenas se justifican, los ejemplos son genéricos o faltan, y no se consideran contraargumentos.',
          ],
          [
            3,
            3,
            'El análisis es razonable. Las afirmaciones principales se justifican con ejemplos pertinentes y se consideran algunos contraargumentos, aunque su evaluación y sus implicaciones solo se desarrollan en parte.',
          ],
          [
            4,
            5,
            'El análisis es perspicaz. Las afirmaciones y los contraargumentos se desarrollan y evalúan con ejemplos específicos y bien elegidos, y se sopesan las implicaciones y los límites de los argumentos para llegar a una conclusión razonada.',
          ],
        ],
      ],
    ],
    ES_GRADES,
  ),
};
