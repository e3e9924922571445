import type { DefaultLegalTexts } from './default-legal-texts.js';

// Les textes intégrés (version 0) en français ; voir en-us.ts pour les marques {{…}}.
export const FR_FR: DefaultLegalTexts = {
  privacy: `Cette page explique ce que {{site_name}} conserve à votre sujet, pourquoi, combien de temps, et comment en obtenir une copie ou le faire effacer. Questions : [{{contact_email}}](mailto:{{contact_email}}).

## Ce que nous conservons si vous avez un compte

- **Votre compte** : votre nom d'utilisateur, votre mot de passe (uniquement sous forme d'empreinte que personne ne peut relire), votre adresse e-mail si vous en donnez une, votre langue, le code d'invitation utilisé et le vôtre, et si la connexion en deux étapes est activée (son secret est chiffré).
- **Abonnements, pièces et paiements** : chaque commande (formule ou lot de pièces, montant, date, état) et la référence que WeChat Pay ou Stripe donne au paiement. Nous ne voyons ni ne conservons jamais vos numéros de carte ni votre compte de paiement : le prestataire de paiement les traite selon sa propre politique. L'historique de votre porte-monnaie de pièces, les chapitres débloqués, les codes promo et invitations utilisés.
- **Lecture** : où vous en êtes dans chaque livre, les chapitres ouverts et terminés, les livres suivis et les chapitres aimés. Les événements de lecture (chapitre commencé ou terminé) sont comptés pour les classements de popularité.
- **Ce que vous écrivez** : commentaires, critiques et notes, et vos signalements. Les commentaires et critiques sont publics sur le site.
- **Notifications** : si vous les autorisez, l'abonnement push de votre navigateur (une adresse du service push de l'éditeur du navigateur et ses clés), et la trace des e-mails envoyés (type, date, objet).
- **Clés de flux** pour les applications de lecture : le nom donné à chacune et ses dates ; la clé elle-même n'est conservée que sous forme d'empreinte.

Ces données servent uniquement à vous rendre le service : votre compte, vos achats, votre page dans un livre, vos notifications. Nous ne les vendons pas et ne les utilisons pas pour de la publicité.

## Visiteurs sans compte

Si vous lisez sans compte, votre navigateur reçoit un numéro de visiteur aléatoire pour que le site retienne où vous vous êtes arrêté. La progression et l'historique liés à ce numéro sont effacés {{retention_visitor_days}} jours après votre dernière lecture, et les événements de lecture plus anciens ne le mentionnent plus.

## Ce que votre navigateur conserve

Le site ne conserve que ce dont il a besoin pour fonctionner, dans le stockage local de votre navigateur, quelques cookies et, pour lire sans connexion, son IndexedDB et son Cache Storage :

| Nom | Où | Pourquoi |
| --- | --- | --- |
| X-API-TOKEN, USER_UUID, USERNAME | stockage local | vous garder connecté (effacés à la déconnexion) |
| X-VISITOR-ID | stockage local | le numéro de visiteur qui retient votre page sans compte |
| inkstream_visitor | cookie (HttpOnly, {{retention_visitor_days}} jours) | prouve que ce numéro est le vôtre, pour que personne d'autre ne lise votre progression |
| pending-progress-merge | stockage local | transfère la progression du visiteur vers le compte après la connexion |
| has-reading-progress | stockage local | affiche « Reprendre la lecture » sur l'accueil |
| language, inkstream-language | stockage local, cookie (1 an) | la langue choisie, pour que les pages arrivent dans cette langue |
| focus-language-selector | stockage local | remet le focus sur le sélecteur de langue après le rechargement |
| data-saver, inkstream-data-saver | stockage local, cookie (1 an) | l'économiseur de données activé (images plus légères) |
| reader-text-size | stockage local | la taille du texte choisie pour les romans |
| reading-preferences | stockage local | votre façon de lire sans compte (mode page, sens, ajustement ; police et thème des romans), transférée dans votre compte à la connexion |
| paged-tap-hint-seen | stockage local | les zones de toucher du lecteur page par page vous ont déjà été expliquées |
| reset-return-path | stockage local | où revenir après la réinitialisation d'un mot de passe oublié |
| inkstream-chapter-list | stockage de session (cet onglet) | l'ordre et la page de la liste des chapitres, pour la flèche retour |
| offline-saved | stockage local | présent tant que des chapitres sont enregistrés pour la lecture hors ligne sur cet appareil |
| offline-progress-queue | stockage local | les positions de lecture prises hors ligne, envoyées au retour de la connexion |
| offline-like-queue | stockage local | les « j'aime » donnés hors ligne, envoyés au retour de la connexion |
| offline-event-queue | stockage local | les événements de lecture hors ligne (500 au plus), envoyés au retour de la connexion |
| install-offer | stockage local | quand proposer d'installer l'application : vos visites, un chapitre terminé, et « Pas maintenant » (plus proposé pendant 30 jours) ou l'application installée (plus jamais) |
| inkstream-offline | IndexedDB | les chapitres enregistrés pour la lecture hors ligne : leur texte, la liste de leurs pages, où vous en êtes, et jusqu'à quand la copie ouverte par un abonnement peut s'ouvrir |
| inkstream-offline-pages-v1 | Cache Storage | les images des pages des chapitres enregistrés |
| inkstream-shell-…, inkstream-assets | Cache Storage (service worker) | le code du site et la coquille de l'application, pour qu'elle s'ouvre sans connexion ; aucune donnée personnelle |

Les chapitres enregistrés (inkstream-offline et inkstream-offline-pages-v1) sont effacés quand vous les supprimez sur l'écran Lecture hors ligne, et ceux qui ne sont pas gratuits quand vous vous déconnectez.

Si vous autorisez les notifications, votre navigateur conserve aussi un abonnement push, et le service worker du site affiche les notifications. Le service worker garde aussi le code du site, pour que l'application s'ouvre sans connexion, et sert les pages des chapitres que vous avez enregistrés ; rien de ce qu'il garde n'est envoyé nulle part. Il n'y a ni cookie publicitaire ni mesure d'audience ni traceur tiers sur le site : c'est pourquoi il ne demande pas de consentement aux cookies. Si cela change un jour, cette page le dira d'abord et le site vous demandera votre accord avant de conserver quoi que ce soit qui ne soit pas nécessaire.

## Durées de conservation

- Les données de votre compte : tant que le compte existe.
- Les événements de lecture : {{retention_reading_events_days}} jours.
- La trace des e-mails envoyés : {{retention_outbox_days}} jours.
- Le journal d'audit des opérateurs : {{retention_audit_days}} jours.
- Commandes et paiements : aussi longtemps que le droit comptable et fiscal l'exige, même après la suppression du compte, mais alors sans votre nom ni votre e-mail.

## Vos droits

- **Télécharger vos données** : sur votre profil, rubrique « Vos données », demandez une archive de tout ce qui précède (une fois par jour). Un e-mail vous prévient quand elle est prête ; le lien fonctionne 7 jours.
- **Supprimer votre compte** : sur votre profil, avec votre mot de passe. La suppression a lieu après un délai de grâce de {{deletion_grace_days}} jours ; vous connecter pendant ce délai l'annule. Ensuite votre e-mail, votre nom, vos données de lecture, abonnements et clés de flux sont effacés ; vous choisissez si vos commentaires sont retirés ou restent sous « lecteur supprimé ». Les paiements restent dans le registre sans votre identité.
- **Rectifier vos données** : modifiez votre e-mail, votre mot de passe et votre langue sur votre profil à tout moment.
- Vous pouvez aussi nous écrire à [{{contact_email}}](mailto:{{contact_email}}) et introduire une réclamation auprès de votre autorité de protection des données (en France, la CNIL).

## Modifications

Quand cette politique change, une nouvelle version est publiée ici. Votre compte garde la version qui vous a été montrée à l'inscription.
`,
  terms: `Ces conditions s'appliquent à votre utilisation de {{site_name}}. En créant un compte, vous les acceptez ainsi que la politique de confidentialité. Questions : [{{contact_email}}](mailto:{{contact_email}}).

## Votre compte

Gardez votre mot de passe pour vous ; vous êtes responsable de ce qui est fait avec votre compte. Vous pouvez activer la connexion en deux étapes sur votre profil et supprimer votre compte à tout moment (voir la politique de confidentialité).

## Abonnement

Un abonnement (Pass mensuel ou Pass 3 mois) donne accès aux chapitres réservés aux membres pendant toute sa durée. Il s’achète soit une fois (il prend fin avec sa période), soit renouvelable, là où le site le propose. Un abonnement renouvelable est prélevé de nouveau à la fin de chaque période, au prix affiché lors de la souscription, jusqu’à ce que vous le résiliiez. Vous pouvez le résilier en un clic sur votre profil à tout moment, sans donner de raison : vous lisez jusqu’à la fin de la période payée et rien de plus n’est prélevé. Avant le renouvellement d’une formule de trois mois ou plus, nous vous écrivons avec la date et le montant. Si un paiement de renouvellement échoue, vous continuez à lire quelques jours pendant qu’il est retenté ; s’il échoue encore, l’abonnement prend fin. Un abonnement acheté en cadeau donne son code à l’acheteur et sa durée à qui utilise le code, une seule fois ; un cadeau ne se renouvelle jamais. Un abonnement acheté avant la fin du précédent commence à la fin de celui-ci.

## Pièces

Quand le site propose des pièces, vous les achetez par lots et les dépensez pour débloquer des chapitres. Un chapitre débloqué le reste pour votre compte ; un chapitre loué s’ouvre pour le nombre de jours indiqué à la location, puis se referme (copies hors ligne comprises). Le déblocage automatique, quand vous l’activez pour un livre, ne dépense des pièces que jusqu’à la limite que vous fixez et peut être annulé dans la minute. Les pièces bonus offertes avec un lot peuvent expirer ; le lot indique quand. Les pièces n'ont pas de valeur monétaire, ne peuvent pas être transférées à un autre compte et sont perdues à la suppression du compte, sauf remboursement préalable de la commande.

## Remboursements

Si un paiement s'est mal passé ou si vous souhaitez un remboursement, écrivez à [{{contact_email}}](mailto:{{contact_email}}) ; chaque demande reçoit une réponse. Un abonnement remboursé perd la durée qu'il avait ajoutée ; un lot de pièces remboursé reprend ses pièces et les chapitres débloqués avec elles. Ces conditions ne limitent en rien les droits que vous donne le droit de la consommation.

## Commentaires, critiques et notes

Restez respectueux. Ne publiez rien d'illégal, de haineux ou de harcelant, aucun contenu sexuel impliquant des mineurs, ni spam, publicité, données personnelles d'autrui ou divulgâchage sans avertissement. Les lecteurs peuvent signaler un commentaire ; les modérateurs peuvent le masquer ou le retirer et empêcher un compte de commenter. Ce que vous publiez reste à vous, mais vous autorisez le site à l'afficher.

## Les œuvres

Les bandes dessinées et romans appartiennent à leurs auteurs et éditeurs. Lisez-les ici pour votre usage personnel ; ne les copiez pas, ne les téléchargez pas en masse et ne les republiez pas.

## Modifications et fin

Ces conditions peuvent changer ; une nouvelle version est publiée ici et les changements importants sont annoncés sur le site. Un compte qui enfreint ces conditions peut être fermé. Le service est fourni tel quel, dans les limites prévues par la loi.
`,
};
