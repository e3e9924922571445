import type { DefaultLegalTexts } from './default-legal-texts.js';

// Los textos integrados (versión 0) en español; véase en-us.ts para las marcas {{…}}.
export const ES_ES: DefaultLegalTexts = {
  privacy: `Esta página explica qué guarda {{site_name}} sobre ti, por qué, durante cuánto tiempo y cómo obtener una copia o pedir que se borre. Preguntas: [{{contact_email}}](mailto:{{contact_email}}).

## Qué guardamos si tienes una cuenta

- **Tu cuenta**: tu nombre de usuario, tu contraseña (solo como un hash que nadie puede volver a leer), tu correo electrónico si lo das, tu idioma, el código de invitación que usaste y el tuyo propio, y si el inicio de sesión en dos pasos está activado (su secreto se guarda cifrado).
- **Membresías, monedas y pagos**: cada pedido (plan o paquete de monedas, importe, fecha, estado) y la referencia que WeChat Pay o Stripe da al pago. Nunca vemos ni guardamos números de tarjeta ni tu cuenta de pago: el proveedor de pago los trata según su propia política. El historial de tu monedero de monedas, los capítulos desbloqueados y los cupones e invitaciones usados.
- **Lectura**: por dónde vas en cada libro, los capítulos abiertos y terminados, los libros que sigues y los capítulos que te gustan. Los eventos de lectura (capítulo empezado o terminado) se cuentan para las listas de popularidad.
- **Lo que escribes**: comentarios, reseñas y valoraciones, y tus denuncias. Los comentarios y reseñas son públicos en el sitio.
- **Notificaciones**: si las permites, la suscripción push de tu navegador (una dirección del servicio push del fabricante del navegador y sus claves), y un registro de los correos enviados (tipo, fecha, asunto).
- **Claves de feed** para aplicaciones de lectura: el nombre que diste a cada una y sus fechas; la clave solo se guarda como hash.

Usamos estos datos solo para prestarte el servicio: tu cuenta, tus compras, tu página en un libro, tus notificaciones. No los vendemos ni los usamos para publicidad.

## Visitantes sin cuenta

Si lees sin cuenta, tu navegador recibe un número de visitante aleatorio para que el sitio recuerde dónde te quedaste. El progreso y el historial de ese número se borran {{retention_visitor_days}} días después de tu última lectura, y los eventos de lectura más antiguos dejan de nombrarlo.

## Qué guarda tu navegador

El sitio solo guarda lo que necesita para funcionar, en el almacenamiento local del navegador, unas pocas cookies y, para leer sin conexión, su IndexedDB y su Cache Storage:

| Nombre | Dónde | Para qué |
| --- | --- | --- |
| X-API-TOKEN, USER_UUID, USERNAME | almacenamiento local | mantener tu sesión (se borran al cerrarla) |
| X-VISITOR-ID | almacenamiento local | el número de visitante que recuerda tu página sin cuenta |
| inkstream_visitor | cookie (HttpOnly, {{retention_visitor_days}} días) | demuestra que ese número es tuyo, para que nadie más lea tu progreso |
| pending-progress-merge | almacenamiento local | pasa el progreso de visitante a la cuenta al iniciar sesión |
| has-reading-progress | almacenamiento local | muestra «Seguir leyendo» en la portada |
| language, inkstream-language | almacenamiento local, cookie (1 año) | el idioma elegido, para que las páginas lleguen en él |
| focus-language-selector | almacenamiento local | devuelve el foco al selector de idioma tras recargar |
| data-saver, inkstream-data-saver | almacenamiento local, cookie (1 año) | el ahorro de datos activado (imágenes más ligeras) |
| reader-text-size | almacenamiento local | el tamaño de texto elegido para las novelas |
| reading-preferences | almacenamiento local | cómo te gusta leer sin cuenta (modo de página, sentido, ajuste; fuente y tema de las novelas), que pasa a tu cuenta al iniciar sesión |
| paged-tap-hint-seen | almacenamiento local | que ya se te explicaron las zonas de toque del lector por páginas |
| reset-return-path | almacenamiento local | adónde volver tras restablecer una contraseña olvidada |
| inkstream-chapter-list | almacenamiento de sesión (esta pestaña) | el orden y la página de la lista de capítulos, para la flecha de volver |
| offline-saved | almacenamiento local | presente mientras haya capítulos guardados para leer sin conexión en este dispositivo |
| offline-progress-queue | almacenamiento local | las posiciones de lectura de cuando no había conexión, que se envían cuando vuelve |
| offline-like-queue | almacenamiento local | los «me gusta» dados sin conexión, que se envían cuando vuelve |
| offline-event-queue | almacenamiento local | los eventos de lectura sin conexión (500 como máximo), que se envían cuando vuelve |
| install-offer | almacenamiento local | cuándo ofrecer instalar la aplicación: tus visitas, un capítulo terminado, y «Ahora no» (no se ofrece durante 30 días) o la aplicación instalada (nunca más) |
| inkstream-offline | IndexedDB | los capítulos que guardaste para leer sin conexión: su texto, su lista de páginas, por dónde vas y hasta cuándo puede abrirse la copia que abrió una membresía |
| inkstream-offline-pages-v1 | Cache Storage | las imágenes de las páginas de los capítulos guardados |
| inkstream-shell-…, inkstream-assets | Cache Storage (service worker) | el código del propio sitio y el armazón de la aplicación, para que se abra sin conexión; ningún dato personal |

Los capítulos guardados (inkstream-offline e inkstream-offline-pages-v1) se borran cuando los eliminas en la pantalla Lectura sin conexión, y los que no son gratuitos cuando cierras la sesión.

Si permites las notificaciones, tu navegador guarda también una suscripción push, y el service worker del sitio muestra las notificaciones. El service worker también guarda el código del sitio, para que la aplicación se abra sin conexión, y sirve las páginas de los capítulos que guardaste; nada de lo que guarda se envía a ninguna parte. No hay cookies de publicidad ni de analítica ni rastreadores de terceros en el sitio; por eso no pide consentimiento de cookies. Si eso cambiara, esta página lo diría antes y el sitio te pediría permiso antes de guardar algo que no sea necesario.

## Cuánto tiempo lo guardamos

- Los datos de tu cuenta: mientras la cuenta exista.
- Los eventos de lectura: {{retention_reading_events_days}} días.
- El registro de correos enviados: {{retention_outbox_days}} días.
- El registro de auditoría de los operadores: {{retention_audit_days}} días.
- Pedidos y pagos: el tiempo que exija la ley contable y fiscal, también tras borrar tu cuenta, pero entonces sin tu nombre ni tu correo.

## Tus derechos

- **Descargar tus datos**: en tu perfil, en «Tus datos», puedes pedir un archivo con todo lo anterior (una vez al día). Te avisamos por correo cuando esté listo; el enlace funciona 7 días.
- **Borrar tu cuenta**: en tu perfil, con tu contraseña. El borrado se hace tras un plazo de gracia de {{deletion_grace_days}} días; iniciar sesión en ese plazo lo cancela. Después se borran tu correo, tu nombre, tus datos de lectura, suscripciones y claves de feed; tú eliges si tus comentarios se retiran o quedan como «lector eliminado». Los pagos quedan en el registro sin tu identidad.
- **Corregir tus datos**: cambia tu correo, tu contraseña y tu idioma en tu perfil cuando quieras.
- También puedes escribirnos a [{{contact_email}}](mailto:{{contact_email}}) y reclamar ante tu autoridad de protección de datos (en España, la AEPD).

## Cambios

Cuando esta política cambia, se publica aquí una nueva versión. Tu cuenta guarda la versión que se te mostró al registrarte.
`,
  terms: `Estas condiciones se aplican a tu uso de {{site_name}}. Al crear una cuenta las aceptas, junto con la política de privacidad. Preguntas: [{{contact_email}}](mailto:{{contact_email}}).

## Tu cuenta

Guarda tu contraseña para ti; eres responsable de lo que se haga con tu cuenta. Puedes activar el inicio de sesión en dos pasos en tu perfil y borrar tu cuenta cuando quieras (véase la política de privacidad).

## Membresía

Una membresía (Pase mensual o Pase de 3 meses) da acceso a los capítulos reservados a los miembros durante todo su periodo. Se compra una sola vez (termina con su periodo) o con renovación, donde el sitio la ofrece. Una membresía con renovación se cobra de nuevo al final de cada periodo, al precio mostrado al suscribirte, hasta que la canceles. Puedes cancelarla con un clic en tu perfil en cualquier momento, sin dar motivos: sigues leyendo hasta el final de lo pagado y no se cobra nada más. Antes de que se renueve un plan de tres meses o más, te escribimos con la fecha y el importe. Si falla un pago de renovación, sigues leyendo unos días mientras se reintenta; si sigue fallando, la membresía termina. Una membresía comprada como regalo da su código al comprador y su tiempo a quien canjea el código, una sola vez; un regalo nunca se renueva. Una membresía comprada antes de que termine la actual empieza cuando esta termina.

## Monedas

Cuando el sitio ofrece monedas, las compras en paquetes y las gastas para desbloquear capítulos. Un capítulo desbloqueado sigue desbloqueado para tu cuenta; un capítulo alquilado se abre durante los días indicados al alquilarlo y luego se cierra (también las copias sin conexión). El desbloqueo automático, cuando lo activas para un libro, solo gasta monedas hasta el límite que fijas y puede deshacerse en un minuto. Las monedas de regalo de un paquete pueden caducar; el paquete dice cuándo. Las monedas no tienen valor en dinero, no se pueden pasar a otra cuenta y se pierden al borrar la cuenta, salvo que antes se reembolse el pedido.

## Reembolsos

Si un pago salió mal o quieres un reembolso, escribe a [{{contact_email}}](mailto:{{contact_email}}); respondemos a cada solicitud. Una membresía reembolsada pierde el tiempo que añadió; un paquete de monedas reembolsado retira sus monedas y los capítulos desbloqueados con ellas. Nada en estas condiciones limita los derechos que te da la ley de consumo.

## Comentarios, reseñas y valoraciones

Sé respetuoso. No publiques nada ilegal, de odio o de acoso, contenido sexual con menores, spam o publicidad, datos personales de otros ni spoilers sin aviso. Los lectores pueden denunciar comentarios; los moderadores pueden ocultarlos o retirarlos e impedir que una cuenta comente. Lo que publicas sigue siendo tuyo, pero permites que el sitio lo muestre.

## Las obras

Los cómics y novelas pertenecen a sus autores y editores. Léelos aquí para tu uso personal; no los copies, no los descargues en masa ni los vuelvas a publicar.

## Cambios y fin

Estas condiciones pueden cambiar; se publica aquí una nueva versión y los cambios importantes se anuncian en el sitio. Una cuenta que incumpla estas condiciones puede cerrarse. El servicio se presta tal cual, dentro de lo que permite la ley.
`,
};
