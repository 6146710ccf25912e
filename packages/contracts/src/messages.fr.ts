import type { BillingMessages } from './api-billing';
import type { SSO_MESSAGES } from './sso-texts';
import type { Catalog, MessageCatalog } from './message-catalog';

/** `Messages` in French (issue 36): the server's `detail` for a request in French. Same keys, same parameters. */
export const MessagesFr: MessageCatalog = {
  ACCOUNT_NOT_FOUND: 'Aucun compte ne correspond à cette adresse e-mail',
  INCORRECT_PASSWORD: 'Mot de passe incorrect',
  ACCOUNT_DEACTIVATED: 'Compte désactivé : votre compte a été désactivé. Veuillez contacter l’assistance.',
  EMAIL_EXISTS: 'Un compte existe déjà avec cette adresse e-mail',
  PASSWORD_TOO_SHORT: 'Le mot de passe doit comporter au moins 6 caractères',
  EMAIL_REQUIRED: 'L’adresse e-mail est obligatoire',
  INVALID_ROLE: 'L’inscription n’est possible qu’en tant qu’élève ou enseignant',
  INVALID_CREDENTIALS_BODY: 'L’adresse e-mail et le mot de passe sont obligatoires',
  NOT_AUTHENTICATED: 'Non authentifié',
  TOKEN_EXPIRED: 'Le jeton d’accès a expiré',
  INVALID_TOKEN: 'Jeton d’accès non valide',
  INVALID_REFRESH_TOKEN: 'Jeton de renouvellement non valide ou expiré',
  FORBIDDEN: 'Vous n’êtes pas autorisé à effectuer cette action',
  ADMIN_REQUIRED: 'Accès refusé. Des droits d’administrateur sont nécessaires.',
  RESET_REQUESTED: 'Si un compte existe pour cette adresse e-mail, un lien de réinitialisation du mot de passe a été envoyé.',
  INVALID_RESET_TOKEN: 'Jeton de réinitialisation non valide',
  PASSWORD_RESET_DONE: 'Le mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.',
  PASSWORD_UPDATED: 'Mot de passe modifié',
  CURRENT_PASSWORD_WRONG: 'Le mot de passe actuel est incorrect',
  SETUP_DONE: 'Le compte administrateur a été créé ! Vous pouvez maintenant vous connecter.',
  SETUP_CLOSED: 'Un compte administrateur existe déjà. La configuration est close.',
  SETUP_TOKEN_REQUIRED: 'Un jeton de configuration valide est nécessaire',
  SETUP_TOKEN_INVALID: 'Le jeton de configuration est incorrect. Utilisez la valeur SETUP_TOKEN définie pour ce déploiement.',
  GOOGLE_NOT_CONFIGURED: 'La connexion avec Google n’est pas configurée sur ce serveur',
  GOOGLE_FAILED: 'La connexion avec Google a échoué',
  NO_CREDITS:
    'Crédits de dissertation insuffisants : il ne vous reste aucun crédit de dissertation. Veuillez acheter des crédits pour continuer.',
  SCHOOL_POOL_EMPTY:
    'Les crédits de dissertation de votre établissement sont épuisés : cette dissertation ne peut pas être évaluée pour le moment. Demandez au coordinateur de votre établissement d’ajouter des crédits à la réserve de l’établissement.',
  SCHOOL_POOL_CAP_REACHED: (cap: number) =>
    `Vous avez utilisé ${cap === 1 ? 'le seul crédit de dissertation' : `les ${cap} crédits de dissertation`} que votre établissement accorde à chaque élève : cette dissertation ne peut pas être évaluée pour le moment. Adressez-vous au coordinateur de votre établissement.`,
  CLASS_POOL_CAP_REACHED: (cap: number) =>
    `Cette classe a utilisé ${cap === 1 ? 'le seul crédit de dissertation' : `les ${cap} crédits de dissertation`} que votre établissement lui accorde : cette dissertation ne peut pas être évaluée pour le moment. Adressez-vous à votre enseignant ou au coordinateur de votre établissement.`,
  GRADING_ROLE_ONLY: 'Seuls les élèves et les enseignants peuvent soumettre des dissertations à l’évaluation',
  REFLECTION_ALWAYS_GRADED:
    "include_reflection : seule la valeur 'true' est acceptée. Le critère de réflexion d’une grille (critère E du mémoire) est toujours évalué à partir du texte de la dissertation ; omettez ce champ ou envoyez true",
  EVALUATION_NOT_FOUND: 'Évaluation introuvable',
  EVALUATION_DELETED: 'Évaluation supprimée',
  RETRY_ONLY_FAILED: 'Seule une évaluation en échec peut être relancée',
  REVIEW_ONLY_COMPLETED: 'Seules les évaluations terminées peuvent être approuvées ou refusées',
  REJECT_NOTES_REQUIRED: 'Des notes de l’administrateur sont nécessaires pour refuser une évaluation',
  CREDIT_UNCONFIRMED:
    'La facturation ne répond pas pour le moment. Votre dissertation est enregistrée et sera évaluée dès que votre crédit sera confirmé ; elle apparaîtra alors dans vos soumissions. Inutile de la soumettre à nouveau.',
  SUBMISSION_AWAITING_CREDIT:
    'Cette dissertation a déjà été soumise et attend la confirmation de son crédit ; elle apparaîtra sous peu dans vos soumissions. Inutile de la soumettre à nouveau.',
  SUBMISSION_IN_PROGRESS:
    'Cette dissertation est déjà en cours d’évaluation ; son résultat apparaîtra sous peu dans vos soumissions. Inutile de la soumettre à nouveau.',
  REGRADE_IN_PROGRESS: 'L’évaluation est en cours ; attendez qu’elle soit terminée',
  REPORT_NOT_READY: 'Le rapport est disponible une fois l’évaluation terminée',
  RESULTS_NOT_READY: 'Les résultats peuvent être modifiés une fois l’évaluation terminée',
  RUBRIC_NOT_FOUND: 'Grille d’évaluation introuvable',
  USER_NOT_FOUND: 'Utilisateur introuvable',
  LAST_SUPER_ADMIN: 'Le dernier super administrateur ne peut être ni rétrogradé, ni désactivé, ni supprimé',
  RUBRIC_FILE_UNSUPPORTED: 'Type de fichier non pris en charge. Formats acceptés : .pdf, .docx, .doc, .txt',
  RUBRIC_FILE_TOO_LARGE: 'Fichier trop volumineux. La taille maximale est de 10 Mo.',
  RUBRIC_FILE_REQUIRED: 'Veuillez d’abord traiter un fichier avant de créer la grille d’évaluation.',
  RUBRIC_FILE_EMPTY:
    'Le fichier ne contient aucun texte lisible. Téléversez un document dont le texte peut être sélectionné (une image numérisée ne peut pas être lue).',
  RUBRIC_FILE_UNRECOGNISED:
    'Aucun critère d’évaluation n’a été trouvé dans le fichier. Chaque critère doit avoir un titre tel que « Criterion A: Focus and method (6 marks) ».',
  RUBRIC_NO_CRITERIA:
    'Aucun critère d’évaluation n’a été trouvé dans le texte des critères. Chaque critère doit avoir un titre tel que « Criterion A: Focus and method (6 marks) ».',
  RUBRIC_FILE_MISSING: 'Veuillez téléverser un fichier',
  RUBRIC_TITLE_REQUIRED: 'Le titre est obligatoire',
  RUBRIC_IN_USE:
    'Cette grille d’évaluation est utilisée par des évaluations existantes et ne peut pas être supprimée. Passez plutôt son statut à « obsolète ».',
  RUBRIC_IS_DEFAULT:
    'Cette grille d’évaluation est la grille par défaut pour son type de dissertation. Définissez d’abord une autre grille par défaut.',
  RUBRIC_NOT_ACTIVE: 'Seule une grille d’évaluation active peut être la grille par défaut pour son type de dissertation',
  RUBRIC_DELETED: 'Grille d’évaluation supprimée',
  EXEMPLAR_NOT_FOUND: 'Exemple introuvable',
  EXEMPLAR_DELETED: 'Exemple supprimé',
  EXEMPLAR_LIMIT_REACHED:
    'Cette grille d’évaluation contient déjà le nombre maximal d’exemples autorisé. Supprimez-en un avant d’en ajouter un autre.',
  RATE_LIMITED: 'Trop de requêtes. Veuillez patienter, puis réessayer.',
  TOO_MANY_FAILED_SIGNINS: 'Trop de tentatives de connexion échouées pour ce compte. Veuillez patienter, puis réessayer.',
  FILE_TOO_LARGE: 'La taille du fichier doit être inférieure à 20 Mo',
  UNSUPPORTED_FILE: 'Seuls les fichiers .txt, .docx et .pdf sont acceptés',
  EMPTY_ESSAY: 'Le fichier ne contient aucun texte lisible',
  INTERNAL: 'Une erreur inattendue s’est produite',
  SERVICE_BRIEFLY_UNAVAILABLE: 'Le service est momentanément indisponible ; réessayez dans un instant.',
  VALUE_NOT_STORABLE: 'La requête contient une valeur qui ne peut pas être enregistrée (caractères ou format non valides)',
  ADDRESS_TOO_LONG: 'Une valeur de l’adresse est trop longue',
  ADDRESS_INVALID: 'L’adresse n’est pas valide',
  REQUEST_UNREADABLE: 'La requête n’a pas pu être lue',
  CREDITS_USED_BY_EVALUATION:
    'Les crédits de dissertation ne peuvent pas être dépensés directement : un crédit est utilisé automatiquement lorsque vous soumettez une dissertation à l’évaluation.',
  AVATAR_TOO_LARGE: 'L’avatar ne doit pas dépasser 2 Mo',
  AVATAR_UNSUPPORTED: 'L’avatar doit être une image PNG, JPEG ou WebP',
  AVATAR_FILE_REQUIRED: 'Un champ de fichier nommé « file » est obligatoire',
  MESSAGE_LIMIT_REACHED: 'Vous avez utilisé tous vos messages',
  CANNOT_DELETE_SELF: 'Vous ne pouvez pas supprimer votre propre compte',
  CANNOT_DEACTIVATE_SELF: 'Vous ne pouvez pas désactiver votre propre compte',
  ROLE_CHANGE_SUPER_ADMIN_ONLY: 'Seul un super administrateur peut modifier les rôles',
  ADMIN_TARGET_SUPER_ADMIN_ONLY: 'Seul un super administrateur peut gérer les comptes administrateurs',
  SELF_ROLE_SWITCH_ONLY: 'Vous pouvez seulement passer d’élève à enseignant, et inversement',
  CONTENT_NOT_FOUND: 'Contenu introuvable',
  CONTENT_UPDATED: 'Contenu mis à jour',
  TOK_SESSION_NOT_FOUND: 'Session de TdC introuvable',
  TOK_SESSION_EXISTS: 'Une session de TdC porte déjà ce nom',
  TOK_SESSION_CURRENT:
    'La session de TdC en cours ne peut pas être supprimée : définissez d’abord une autre session comme session en cours',
  ENQUIRY_NOT_FOUND: 'Demande introuvable',
  CONTACT_RECEIVED: 'Merci ! Nous avons bien reçu votre demande et vous répondrons par e-mail sous deux jours ouvrés.',
  LINK_CATEGORY_REQUIRED: 'Le réseau social est obligatoire',
  LINK_URL_REQUIRED: 'L’URL est obligatoire',
  LINK_DESCRIPTION_REQUIRED: 'La description est obligatoire',
  LINK_URL_INVALID: 'L’URL doit être une adresse http:// ou https://',
  LINK_NOT_FOUND: 'Lien introuvable',
  LINK_DELETED: 'Lien supprimé',
};

/** billing's texts (api-billing.ts `BillingMessages`) in French. */
export const BillingMessagesFr: Catalog<typeof BillingMessages> = {
  PLAN_UNKNOWN: 'Formule inconnue : choisissez free, core_pack, super_core_pack ou power_user_monthly',
  FREE_NOT_PURCHASABLE: 'La formule gratuite ne s’achète pas : chaque compte commence avec son crédit gratuit',
  POWER_USER_BY_CONTACT: 'La formule Power User se met en place avec votre établissement : contactez-nous via /contact',
  UNLIMITED_ALREADY: 'Vous avez déjà des crédits de dissertation illimités : il n’y a rien à acheter',
  CHECKOUT_ROLE_ONLY: 'Seuls les élèves et les enseignants peuvent acheter des formules',
  REDIRECT_NOT_ALLOWED: (field: 'success_url' | 'cancel_url', site: string) =>
    `L’adresse de retour ${field === 'success_url' ? 'après le paiement' : 'après un paiement annulé'} (${field}) doit être une adresse de ce site, commençant par ${site}/. Ouvrez Corestone à l’adresse ${site} et réessayez.`,
  PAYMENTS_NOT_CONFIGURED:
    'Le paiement en ligne n’est pas configuré sur ce serveur : les crédits ne peuvent pas être achetés ici. Les établissements peuvent convenir de crédits avec nous via la page de contact (/contact).',
  STRIPE_NOT_CONFIGURED: 'Les paiements Stripe ne sont pas configurés sur ce serveur',
  CHECKOUT_NOT_FOUND: 'Session de paiement introuvable',
  CHECKOUT_CLOSED: 'Cette session de paiement n’est plus ouverte',
  PAYMENT_PROVIDER_FAILED: 'Le prestataire de paiement n’a pas pu démarrer le paiement. Veuillez réessayer.',
  NO_SUBSCRIPTION:
    'Vous n’avez aucun abonnement récurrent à résilier : les packs de crédits sont des achats ponctuels et leurs crédits n’expirent pas',
  SUBSCRIPTION_CANCELLED:
    'Votre abonnement Power User est résilié. Les crédits illimités restent actifs jusqu’à la fin de l’accord avec votre établissement.',
  SUBSCRIPTION_ALREADY_CANCELLED: 'Votre abonnement Power User est déjà résilié',
  WEBHOOK_SIGNATURE: 'Signature Stripe non valide',
  CHECKOUT_DISABLED_BY_SCHOOL:
    'Votre établissement fournit des crédits de dissertation à ses élèves : les packs de crédits personnels ne peuvent pas être achetés. Adressez-vous au coordinateur de votre établissement.',
  SCHOOL_NOT_FOUND: 'Établissement introuvable',
};

/** Single sign-on's refusals (sso-texts.ts `SSO_MESSAGES`) in French. */
export const SsoMessagesFr: Catalog<typeof SSO_MESSAGES> = {
  SSO_NOT_CONFIGURED: 'Ce mode de connexion n’est pas configuré sur ce serveur.',
  SSO_FAILED: 'La connexion n’a pas pu aboutir. Veuillez réessayer depuis la page de connexion.',
  SSO_EMAIL_NOT_VERIFIED:
    'Votre fournisseur de compte n’a pas vérifié votre adresse e-mail : nous ne pouvons donc pas vous connecter avec elle.',
  SSO_UNKNOWN_TENANT:
    'Le compte de votre organisation n’est lié à aucun établissement sur Corestone. Adressez-vous à l’administrateur de votre établissement ou connectez-vous autrement.',
  SSO_WRONG_SCHOOL: 'Ce compte n’appartient pas à l’établissement choisi. Connectez-vous avec le compte de votre établissement.',
  SSO_IN_ANOTHER_SCHOOL:
    'Ce compte Corestone appartient à un autre établissement. Demandez de l’aide à l’administrateur de votre établissement.',
  SSO_ACCOUNT_LINKED_ELSEWHERE: 'Cette adresse e-mail est déjà liée à un autre compte chez ce fournisseur.',
  SSO_ACCOUNT_DEACTIVATED: 'Votre compte a été désactivé. Contactez l’assistance.',
  SSO_UNAVAILABLE: 'La connexion est momentanément indisponible. Veuillez réessayer dans un instant.',
  SSO_REQUIRED:
    'Votre établissement exige que vous vous connectiez avec le compte de votre établissement. Utilisez « Continuer avec Google » ou « Se connecter avec Microsoft ».',
};
