import type { BillingMessages } from './api-billing';
import type { SSO_MESSAGES } from './sso-texts';
import type { Catalog, MessageCatalog } from './message-catalog';

/** `Messages` in Spanish (issue 36): the server's `detail` for a request in Spanish. Same keys, same parameters. */
export const MessagesEs: MessageCatalog = {
  ACCOUNT_NOT_FOUND: 'No existe ninguna cuenta con esta dirección de correo electrónico',
  INCORRECT_PASSWORD: 'Contraseña incorrecta',
  ACCOUNT_DEACTIVATED: 'Cuenta desactivada: tu cuenta ha sido desactivada. Ponte en contacto con el servicio de asistencia.',
  EMAIL_EXISTS: 'Ya existe una cuenta con este correo electrónico',
  PASSWORD_TOO_SHORT: 'La contraseña debe tener al menos 6 caracteres',
  EMAIL_REQUIRED: 'El correo electrónico es obligatorio',
  INVALID_ROLE: 'Solo es posible registrarse como alumno o como profesor',
  INVALID_CREDENTIALS_BODY: 'El correo electrónico y la contraseña son obligatorios',
  NOT_AUTHENTICATED: 'No autenticado',
  TOKEN_EXPIRED: 'El token de acceso ha caducado',
  INVALID_TOKEN: 'Token de acceso no válido',
  INVALID_REFRESH_TOKEN: 'Token de renovación no válido o caducado',
  FORBIDDEN: 'No tienes permiso para realizar esta acción',
  ADMIN_REQUIRED: 'Acceso denegado. Se necesitan privilegios de administrador.',
  RESET_REQUESTED: 'Si existe una cuenta con este correo electrónico, se ha enviado un enlace para restablecer la contraseña.',
  INVALID_RESET_TOKEN: 'Token de restablecimiento no válido',
  PASSWORD_RESET_DONE: 'La contraseña se ha restablecido. Ya puedes iniciar sesión.',
  PASSWORD_UPDATED: 'Contraseña actualizada correctamente',
  CURRENT_PASSWORD_WRONG: 'La contraseña actual es incorrecta',
  SETUP_DONE: '¡Usuario administrador creado correctamente! Ya puedes iniciar sesión.',
  SETUP_CLOSED: 'Ya existe un usuario administrador. La configuración está cerrada.',
  SETUP_TOKEN_REQUIRED: 'Se necesita un token de configuración válido',
  SETUP_TOKEN_INVALID: 'El token de configuración no es correcto. Usa el valor SETUP_TOKEN definido para esta instalación.',
  GOOGLE_NOT_CONFIGURED: 'El inicio de sesión con Google no está configurado en este servidor',
  GOOGLE_FAILED: 'No se pudo iniciar sesión con Google',
  NO_CREDITS: 'Créditos de ensayo insuficientes: no te quedan créditos de ensayo. Compra más créditos para continuar.',
  SCHOOL_POOL_EMPTY:
    'Se han agotado los créditos de ensayo de tu colegio, por lo que este ensayo no puede evaluarse ahora. Pide al coordinador de tu colegio que añada créditos a la reserva del colegio.',
  SCHOOL_POOL_CAP_REACHED: (cap: number) =>
    `Has usado ${cap === 1 ? 'el único crédito de ensayo' : `los ${cap} créditos de ensayo`} que tu colegio permite a cada alumno, por lo que este ensayo no puede evaluarse ahora. Consulta al coordinador de tu colegio.`,
  CLASS_POOL_CAP_REACHED: (cap: number) =>
    `Esta clase ha usado ${cap === 1 ? 'el único crédito de ensayo' : `los ${cap} créditos de ensayo`} que tu colegio le permite, por lo que este ensayo no puede evaluarse ahora. Consulta a tu profesor o al coordinador de tu colegio.`,
  GRADING_ROLE_ONLY: 'Solo los alumnos y los profesores pueden enviar ensayos para su evaluación',
  REFLECTION_ALWAYS_GRADED:
    "include_reflection: solo se acepta 'true'. El criterio de reflexión de una rúbrica (criterio E de la Monografía) siempre se evalúa a partir del texto del ensayo; omite el campo o envía true",
  EVALUATION_NOT_FOUND: 'Evaluación no encontrada',
  EVALUATION_DELETED: 'Evaluación eliminada correctamente',
  RETRY_ONLY_FAILED: 'Solo se puede reintentar una evaluación fallida',
  REVIEW_ONLY_COMPLETED: 'Solo se pueden aprobar o rechazar evaluaciones completadas',
  REJECT_NOTES_REQUIRED: 'Para rechazar una evaluación se necesitan notas del administrador',
  CREDIT_UNCONFIRMED:
    'La facturación no responde en este momento. Tu ensayo está guardado y se evaluará en cuanto se confirme su crédito; entonces aparecerá en tus envíos. No es necesario enviarlo de nuevo.',
  SUBMISSION_AWAITING_CREDIT:
    'Este ensayo ya se ha enviado y está a la espera de que se confirme su crédito; aparecerá en breve en tus envíos. No es necesario enviarlo de nuevo.',
  SUBMISSION_IN_PROGRESS:
    'Este ensayo ya se está evaluando; su resultado aparecerá en breve en tus envíos. No es necesario enviarlo de nuevo.',
  REGRADE_IN_PROGRESS: 'La evaluación está en curso; espera a que termine',
  REPORT_NOT_READY: 'El informe estará disponible cuando la evaluación haya terminado',
  RESULTS_NOT_READY: 'Los resultados se pueden editar cuando la evaluación haya terminado',
  RUBRIC_NOT_FOUND: 'Rúbrica no encontrada',
  USER_NOT_FOUND: 'Usuario no encontrado',
  LAST_SUPER_ADMIN: 'El último superadministrador no puede ser degradado, desactivado ni eliminado',
  RUBRIC_FILE_UNSUPPORTED: 'Tipo de archivo no admitido. Sube un archivo .pdf, .docx, .doc o .txt',
  RUBRIC_FILE_TOO_LARGE: 'Archivo demasiado grande. El tamaño máximo es de 10 MB.',
  RUBRIC_FILE_REQUIRED: 'Procese primero un archivo antes de crear la rúbrica.',
  RUBRIC_FILE_EMPTY:
    'El archivo no contiene texto legible. Sube un documento con texto seleccionable (una imagen escaneada no se puede leer).',
  RUBRIC_FILE_UNRECOGNISED:
    'No se encontraron criterios de rúbrica en el archivo. Cada criterio necesita un encabezado como «Criterion A: Focus and method (6 marks)».',
  RUBRIC_NO_CRITERIA:
    'No se encontraron criterios de rúbrica en el texto de los criterios. Cada criterio necesita un encabezado como «Criterion A: Focus and method (6 marks)».',
  RUBRIC_FILE_MISSING: 'Sube un archivo',
  RUBRIC_TITLE_REQUIRED: 'El título es obligatorio',
  RUBRIC_IN_USE: 'Esta rúbrica se usa en evaluaciones existentes y no se puede eliminar. Cambia su estado a obsoleta.',
  RUBRIC_IS_DEFAULT: 'Esta rúbrica es la predeterminada para su tipo de ensayo. Establece primero otra rúbrica como predeterminada.',
  RUBRIC_NOT_ACTIVE: 'Solo una rúbrica activa puede ser la predeterminada para su tipo de ensayo',
  RUBRIC_DELETED: 'Rúbrica eliminada correctamente',
  EXEMPLAR_NOT_FOUND: 'Ejemplo no encontrado',
  EXEMPLAR_DELETED: 'Ejemplo eliminado',
  EXEMPLAR_LIMIT_REACHED: 'Esta rúbrica ya contiene el número máximo de ejemplos permitido. Elimina uno antes de añadir otro.',
  RATE_LIMITED: 'Demasiadas solicitudes. Espera e inténtalo de nuevo.',
  TOO_MANY_FAILED_SIGNINS: 'Demasiados intentos fallidos de inicio de sesión en esta cuenta. Espera e inténtalo de nuevo.',
  FILE_TOO_LARGE: 'El archivo debe ocupar menos de 20 MB',
  UNSUPPORTED_FILE: 'Solo se admiten archivos .txt, .docx y .pdf',
  EMPTY_ESSAY: 'El archivo no contiene texto legible',
  INTERNAL: 'Se ha producido un error inesperado',
  SERVICE_BRIEFLY_UNAVAILABLE: 'El servicio no está disponible por un momento; inténtalo de nuevo enseguida.',
  VALUE_NOT_STORABLE: 'La solicitud contiene un valor que no se puede guardar (caracteres o formato no válidos)',
  ADDRESS_TOO_LONG: 'Un valor de la dirección es demasiado largo',
  ADDRESS_INVALID: 'La dirección no es válida',
  REQUEST_UNREADABLE: 'No se pudo leer la solicitud',
  CREDITS_USED_BY_EVALUATION:
    'Los créditos de ensayo no se pueden gastar directamente: se usa un crédito automáticamente al enviar un ensayo para su evaluación.',
  AVATAR_TOO_LARGE: 'El avatar debe ocupar como máximo 2 MB',
  AVATAR_UNSUPPORTED: 'El avatar debe ser una imagen PNG, JPEG o WebP',
  AVATAR_FILE_REQUIRED: 'Se necesita un campo de archivo llamado «file»',
  MESSAGE_LIMIT_REACHED: 'Has usado todos tus mensajes',
  CANNOT_DELETE_SELF: 'No puedes eliminar tu propia cuenta',
  CANNOT_DEACTIVATE_SELF: 'No puedes desactivar tu propia cuenta',
  ROLE_CHANGE_SUPER_ADMIN_ONLY: 'Solo un superadministrador puede cambiar los roles',
  ADMIN_TARGET_SUPER_ADMIN_ONLY: 'Solo un superadministrador puede gestionar cuentas de administrador',
  SELF_ROLE_SWITCH_ONLY: 'Solo puedes cambiar entre alumno y profesor',
  CONTENT_NOT_FOUND: 'Contenido no encontrado',
  CONTENT_UPDATED: 'Contenido actualizado correctamente',
  TOK_SESSION_NOT_FOUND: 'Sesión de TdC no encontrada',
  TOK_SESSION_EXISTS: 'Ya existe una sesión de TdC con este nombre',
  TOK_SESSION_CURRENT: 'La sesión de TdC actual no se puede eliminar: establece primero otra sesión como actual',
  ENQUIRY_NOT_FOUND: 'Consulta no encontrada',
  CONTACT_RECEIVED: '¡Gracias! Hemos recibido tu consulta y te responderemos por correo electrónico en un plazo de dos días hábiles.',
  LINK_CATEGORY_REQUIRED: 'La red social es obligatoria',
  LINK_URL_REQUIRED: 'La URL es obligatoria',
  LINK_DESCRIPTION_REQUIRED: 'La descripción es obligatoria',
  LINK_URL_INVALID: 'La URL debe ser una dirección http:// o https://',
  LINK_NOT_FOUND: 'Enlace no encontrado',
  LINK_DELETED: 'Enlace eliminado correctamente',
};

/** billing's texts (api-billing.ts `BillingMessages`) in Spanish. */
export const BillingMessagesEs: Catalog<typeof BillingMessages> = {
  PLAN_UNKNOWN: 'Plan desconocido: elige free, core_pack, super_core_pack o power_user_monthly',
  FREE_NOT_PURCHASABLE: 'El plan gratuito no se compra: todas las cuentas empiezan con su crédito gratuito',
  POWER_USER_BY_CONTACT: 'El plan Power User se acuerda con tu institución: contáctanos en /contact',
  UNLIMITED_ALREADY: 'Ya tienes créditos de ensayo ilimitados: no hay nada que comprar',
  CHECKOUT_ROLE_ONLY: 'Solo los alumnos y los profesores pueden comprar planes',
  REDIRECT_NOT_ALLOWED: (field: 'success_url' | 'cancel_url', site: string) =>
    `La dirección de regreso ${field === 'success_url' ? 'tras el pago' : 'tras un pago cancelado'} (${field}) debe ser una dirección de este sitio que empiece por ${site}/. Abre Corestone en ${site} e inténtalo de nuevo.`,
  PAYMENTS_NOT_CONFIGURED:
    'El pago en línea no está configurado en este servidor, por lo que aquí no se pueden comprar créditos. Los colegios e instituciones pueden acordar créditos con nosotros a través de la página de contacto (/contact).',
  STRIPE_NOT_CONFIGURED: 'Los pagos con Stripe no están configurados en este servidor',
  CHECKOUT_NOT_FOUND: 'Sesión de pago no encontrada',
  CHECKOUT_CLOSED: 'Esta sesión de pago ya no está abierta',
  PAYMENT_PROVIDER_FAILED: 'El proveedor de pagos no pudo iniciar el pago. Inténtalo de nuevo.',
  NO_SUBSCRIPTION:
    'No tienes ninguna suscripción periódica que cancelar: los paquetes de créditos son compras únicas y sus créditos no caducan',
  SUBSCRIPTION_CANCELLED:
    'Tu suscripción Power User está cancelada. Los créditos ilimitados se mantienen hasta que termine el acuerdo con tu institución.',
  SUBSCRIPTION_ALREADY_CANCELLED: 'Tu suscripción Power User ya está cancelada',
  WEBHOOK_SIGNATURE: 'Firma de Stripe no válida',
  CHECKOUT_DISABLED_BY_SCHOOL:
    'Tu colegio proporciona créditos de ensayo a sus alumnos, por lo que no se pueden comprar paquetes de créditos personales. Consulta al coordinador de tu colegio.',
  SCHOOL_NOT_FOUND: 'Colegio no encontrado',
};

/** Single sign-on's refusals (sso-texts.ts `SSO_MESSAGES`) in Spanish. */
export const SsoMessagesEs: Catalog<typeof SSO_MESSAGES> = {
  SSO_NOT_CONFIGURED: 'Este método de inicio de sesión no está configurado en este servidor.',
  SSO_FAILED: 'No se pudo completar el inicio de sesión. Inténtalo de nuevo desde la página de inicio de sesión.',
  SSO_EMAIL_NOT_VERIFIED:
    'Tu proveedor de cuenta no ha verificado tu dirección de correo electrónico, por lo que no podemos iniciar tu sesión con ella.',
  SSO_UNKNOWN_TENANT:
    'La cuenta de tu organización no está vinculada a ningún colegio en Corestone. Consulta al administrador de tu colegio o inicia sesión de otra forma.',
  SSO_WRONG_SCHOOL: 'Esta cuenta no pertenece al colegio que has elegido. Inicia sesión con la cuenta de tu colegio.',
  SSO_IN_ANOTHER_SCHOOL: 'Esta cuenta de Corestone pertenece a otro colegio. Pide ayuda al administrador de tu colegio.',
  SSO_ACCOUNT_LINKED_ELSEWHERE: 'Esta dirección de correo electrónico ya está vinculada a otra cuenta en este proveedor.',
  SSO_ACCOUNT_DEACTIVATED: 'Tu cuenta ha sido desactivada. Ponte en contacto con el servicio de asistencia.',
  SSO_UNAVAILABLE: 'El inicio de sesión no está disponible por un momento. Inténtalo de nuevo en breve.',
  SSO_REQUIRED:
    'Tu colegio exige que inicies sesión con la cuenta de tu colegio. Usa «Continuar con Google» o «Iniciar sesión con Microsoft».',
};
