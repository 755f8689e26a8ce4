<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>AnnounceDialog</name>
    <message>
        <source>10 announced in</source>
        <translation>Annonce de la 10</translation>
    </message>
    <message>
        <source>Which pocket is the 10 announced in?</source>
        <translation>Dans quelle poche la 10 est-elle annoncée&#xa0;?</translation>
    </message>
    <message>
        <source>No announcement [Del]</source>
        <translation>Pas d’annonce [Suppr]</translation>
    </message>
    <message>
        <source>Cancel [Esc]</source>
        <translation>Annuler [Échap]</translation>
    </message>
</context>
<context>
    <name>AssignDialog</name>
    <message>
        <source>Send a match to a table</source>
        <translation>Envoyer un match à une table</translation>
    </message>
    <message>
        <source>Correct a match</source>
        <translation>Corriger un match</translation>
    </message>
    <message>
        <source>Alternate breaks</source>
        <translation>Casse alternée</translation>
    </message>
    <message>
        <source>Winner breaks</source>
        <translation>Le gagnant casse</translation>
    </message>
    <message>
        <source>Loser breaks</source>
        <translation>Le perdant casse</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Table&#xa0;:</translation>
    </message>
    <message>
        <source>Player A:</source>
        <translation>Joueur A&#xa0;:</translation>
    </message>
    <message>
        <source>Player B:</source>
        <translation>Joueur B&#xa0;:</translation>
    </message>
    <message>
        <source>Race to:</source>
        <translation>Manches gagnantes&#xa0;:</translation>
    </message>
    <message>
        <source>Rules:</source>
        <translation>Règles&#xa0;:</translation>
    </message>
    <message>
        <source>Breaks:</source>
        <translation>Casse&#xa0;:</translation>
    </message>
    <message>
        <source>Shot clock</source>
        <translation>Chronomètre de tir</translation>
    </message>
    <message>
        <source>empty: the desk&apos;s referee</source>
        <translation>vide&#xa0;: l’arbitre du pupitre</translation>
    </message>
    <message>
        <source>Every shot (a referee records each stroke)</source>
        <translation>Coup par coup (un arbitre enregistre chaque coup)</translation>
    </message>
    <message>
        <source>Racks only (no referee: who won each rack)</source>
        <translation>Par manches (sans arbitre&#xa0;: le vainqueur de chaque manche)</translation>
    </message>
    <message>
        <source>Scoring:</source>
        <translation>Décompte&#xa0;:</translation>
    </message>
    <message>
        <source>Licence, club (A):</source>
        <translation>Licence, club (A)&#xa0;:</translation>
    </message>
    <message>
        <source>Licence, club (B):</source>
        <translation>Licence, club (B)&#xa0;:</translation>
    </message>
    <message>
        <source>Seconds a shot:</source>
        <translation>Secondes par coup&#xa0;:</translation>
    </message>
    <message>
        <source>Seconds an extension:</source>
        <translation>Secondes par prolongation&#xa0;:</translation>
    </message>
    <message>
        <source>Extensions per rack:</source>
        <translation>Prolongations par manche&#xa0;:</translation>
    </message>
    <message>
        <source>Seconds after the break:</source>
        <translation>Secondes après la casse&#xa0;:</translation>
    </message>
    <message>
        <source>Event:</source>
        <translation>Compétition&#xa0;:</translation>
    </message>
    <message>
        <source>Round:</source>
        <translation>Tour&#xa0;:</translation>
    </message>
    <message>
        <source>Referee:</source>
        <translation>Arbitre&#xa0;:</translation>
    </message>
    <message>
        <source>licence no.</source>
        <translation>licence</translation>
    </message>
    <message>
        <source>club</source>
        <translation>club</translation>
    </message>
    <message>
        <source>A table and two different players are needed.</source>
        <translation>Il faut une table et deux joueurs différents.</translation>
    </message>
</context>
<context>
    <name>Board</name>
    <message>
        <source>Tables</source>
        <translation>Tables</translation>
    </message>
    <message>
        <source>Table {n}</source>
        <translation>Table {n}</translation>
    </message>
    <message>
        <source>race to {n}</source>
        <translation>en {n}</translation>
    </message>
    <message>
        <source>rack {n}</source>
        <translation>manche {n}</translation>
    </message>
    <message>
        <source>1 foul</source>
        <translation>1 faute</translation>
    </message>
    <message>
        <source>{n} fouls</source>
        <translation>{n} fautes</translation>
    </message>
    <message>
        <source>warning due</source>
        <translation>avertissement dû</translation>
    </message>
    <message>
        <source>Next match: {a} – {b}</source>
        <translation>Prochain match&#xa0;: {a} – {b}</translation>
    </message>
    <message>
        <source>free</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>desk offline</source>
        <translation>pupitre hors ligne</translation>
    </message>
    <message>
        <source>desk: not known</source>
        <translation>pupitre&#xa0;: état inconnu</translation>
    </message>
    <message>
        <source>scored on the players&apos; phones</source>
        <translation>comptée sur les téléphones des joueurs</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>finished: {a} {score} {b}</source>
        <translation>terminé&#xa0;: {a} {score} {b}</translation>
    </message>
    <message>
        <source>reconnecting…</source>
        <translation>reconnexion…</translation>
    </message>
    <message>
        <source>the event server cannot be reached</source>
        <translation>serveur de l’événement injoignable</translation>
    </message>
    <message>
        <source>the board cannot read the event server: the organizer has been told</source>
        <translation>cet affichage ne peut pas lire le serveur de l’événement&#xa0;: l’organisateur est prévenu</translation>
    </message>
    <message>
        <source>to be checked</source>
        <translation>à vérifier</translation>
    </message>
    <message>
        <source>{n} ago</source>
        <translation>il y a {n}</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>Chargement…</translation>
    </message>
    <message>
        <source>No tournament is published on this board yet.</source>
        <translation>Aucun tournoi n’est publié sur ce tableau pour l’instant.</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Votre nom</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Chercher</translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation>Tableau</translation>
    </message>
    <message>
        <source>Where and when do I play?</source>
        <translation>Où et quand est-ce que je joue&#xa0;?</translation>
    </message>
    <message>
        <source>This page needs a newer web browser (Chrome 64, Safari 11.1, Firefox 78 or later): update it.</source>
        <translation>Cette page demande un navigateur plus récent (Chrome 64, Safari 11.1, Firefox 78 ou plus)&#xa0;: mettez-le à jour.</translation>
    </message>
</context>
<context>
    <name>BoardWindow</name>
    <message>
        <source>Event board</source>
        <translation>Tableau de l’événement</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Desk</source>
        <translation>Pupitre</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Race</source>
        <translation>Manches</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>Manche</translation>
    </message>
    <message>
        <source>At the table</source>
        <translation>À la table</translation>
    </message>
    <message>
        <source>Fouls</source>
        <translation>Fautes</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Dernier événement</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Prochain match</translation>
    </message>
    <message>
        <source>Finished here</source>
        <translation>Terminés ici</translation>
    </message>
    <message>
        <source>For the desks: server {address}, fingerprint {fingerprint}</source>
        <translation>Pour les pupitres&#xa0;: serveur {address}, empreinte {fingerprint}</translation>
    </message>
    <message>
        <source>Web page: {url}</source>
        <translation>Page web&#xa0;: {url}</translation>
    </message>
    <message>
        <source>&amp;Tables</source>
        <translation>&amp;Tables</translation>
    </message>
    <message>
        <source>&amp;Event</source>
        <translation>&amp;Événement</translation>
    </message>
    <message>
        <source>Send a match to a table… [Ctrl+N]</source>
        <translation>Envoyer un match à une table… [Ctrl+N]</translation>
    </message>
    <message>
        <source>Add a table… [Ctrl+T]</source>
        <translation>Ajouter une table… [Ctrl+T]</translation>
    </message>
    <message>
        <source>Withdraw a match not yet started…</source>
        <translation>Retirer un match pas encore commencé…</translation>
    </message>
    <message>
        <source>Correct a match not yet started…</source>
        <translation>Corriger un match pas encore commencé…</translation>
    </message>
    <message>
        <source>Pull the matches and export the day…</source>
        <translation>Récupérer les matchs et exporter la journée…</translation>
    </message>
    <message>
        <source>Speak the calls (French or English, offline)</source>
        <translation>Annoncer les appels à voix haute (français ou anglais, hors ligne)</translation>
    </message>
    <message>
        <source>Event server: connected</source>
        <translation>Serveur de l’événement&#xa0;: connecté</translation>
    </message>
    <message>
        <source>Event server: error, retrying: {reason}</source>
        <translation>Serveur de l’événement&#xa0;: erreur, nouvel essai&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Event server: cannot be reached, retrying…</source>
        <translation>Serveur de l’événement&#xa0;: injoignable, nouvel essai…</translation>
    </message>
    <message>
        <source>Waiting for a table:</source>
        <translation>En attente d’une table&#xa0;:</translation>
    </message>
    <message>
        <source>T&amp;ournament</source>
        <translation>T&amp;ournoi</translation>
    </message>
    <message>
        <source>hot seat: {id}</source>
        <translation>hot seat&#xa0;: {id}</translation>
    </message>
    <message>
        <source>online</source>
        <translation>en ligne</translation>
    </message>
    <message>
        <source>offline</source>
        <translation>hors ligne</translation>
    </message>
    <message>
        <source>phones</source>
        <translation>téléphones</translation>
    </message>
    <message>
        <source>not known</source>
        <translation>inconnu</translation>
    </message>
    <message>
        <source>conflict</source>
        <translation>conflit</translation>
    </message>
    <message>
        <source>damaged: {reason}</source>
        <translation>endommagé&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>{name} wins</source>
        <translation>{name} gagne</translation>
    </message>
    <message>
        <source>warning due</source>
        <translation>avertissement dû</translation>
    </message>
    <message>
        <source>Sending the match</source>
        <translation>Envoi du match</translation>
    </message>
    <message>
        <source>Table {table}: next match {a} v {b}.</source>
        <translation>Table {table}&#xa0;: prochain match {a} – {b}.</translation>
    </message>
    <message>
        <source>Reading the matches sent</source>
        <translation>Lecture des matchs envoyés</translation>
    </message>
    <message>
        <source>No match sent to a table is waiting to start.</source>
        <translation>Aucun match envoyé à une table n’attend de commencer.</translation>
    </message>
    <message>
        <source>Table {table}: {a} v {b}</source>
        <translation>Table {table}&#xa0;: {a} – {b}</translation>
    </message>
    <message>
        <source>The match:</source>
        <translation>Le match&#xa0;:</translation>
    </message>
    <message>
        <source>Withdraw a match</source>
        <translation>Retirer un match</translation>
    </message>
    <message>
        <source>Correct a match</source>
        <translation>Corriger un match</translation>
    </message>
    <message>
        <source>Table {table}: {a} v {b} withdrawn.</source>
        <translation>Table {table}&#xa0;: {a} – {b} retiré.</translation>
    </message>
    <message>
        <source>Table {table}: {a} v {b} has started (or was withdrawn): nothing changed.</source>
        <translation>Table {table}&#xa0;: {a} – {b} a commencé (ou a été retiré)&#xa0;: rien n’a changé.</translation>
    </message>
    <message>
        <source>Table {table}: next match {a} v {b} (corrected).</source>
        <translation>Table {table}&#xa0;: prochain match {a} – {b} (corrigé).</translation>
    </message>
    <message>
        <source>Changing the match sent</source>
        <translation>Modification du match envoyé</translation>
    </message>
    <message>
        <source>The database to pull the event into</source>
        <translation>La base de données où récupérer l’événement</translation>
    </message>
    <message>
        <source>Match databases (*.db)</source>
        <translation>Bases de matchs (*.db)</translation>
    </message>
    <message>
        <source>The folder for the day&apos;s sheets and CSV</source>
        <translation>Le dossier des feuilles et du CSV de la journée</translation>
    </message>
    <message>
        <source>Pulling and exporting</source>
        <translation>Récupération et export</translation>
    </message>
    <message>
        <source>Pulled into {db}: no match started on {day}, nothing exported.</source>
        <translation>Récupéré dans {db}&#xa0;: aucun match commencé le {day}, rien n’a été exporté.</translation>
    </message>
    <message>
        <source>Pulled into {db}; {day}&apos;s sheets and CSV in {folder}.</source>
        <translation>Récupéré dans {db}&#xa0;; feuilles et CSV du {day} dans {folder}.</translation>
    </message>
    <message>
        <source>not exported: {reason}</source>
        <translation>non exporté&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Add a table</source>
        <translation>Ajouter une table</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>Table&#xa0;:</translation>
    </message>
    <message>
        <source>Adding the table</source>
        <translation>Ajout de la table</translation>
    </message>
    <message>
        <source>Table {table}&apos;s key: {key} (type it once at that desk: Event &gt; Connect).</source>
        <translation>Clé de la table {table}&#xa0;: {key} (à saisir une fois sur ce pupitre&#xa0;: Événement &gt; Se connecter à l’événement).</translation>
    </message>
</context>
<context>
    <name>BracketTab</name>
    <message>
        <source>No match or player {text!r} in the bracket.</source>
        <translation>Aucun match ni joueur {text!r} dans le tableau.</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>The bracket as PDF</source>
        <translation>Le tableau en PDF</translation>
    </message>
    <message>
        <source>bracket.pdf</source>
        <translation>tableau.pdf</translation>
    </message>
    <message>
        <source>The standings as PDF</source>
        <translation>Le classement en PDF</translation>
    </message>
    <message>
        <source>standings.pdf</source>
        <translation>classement.pdf</translation>
    </message>
    <message>
        <source>Nothing to print before the draw.</source>
        <translation>Rien à imprimer avant le tirage.</translation>
    </message>
    <message>
        <source>the folder {folder} does not exist</source>
        <translation>le dossier {folder} n’existe pas</translation>
    </message>
    <message>
        <source>Nothing written to {file}: {why}</source>
        <translation>Rien n’a été écrit dans {file}&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Written: {file}</source>
        <translation>Écrit&#xa0;: {file}</translation>
    </message>
    <message>
        <source>Zoom in [Ctrl++]</source>
        <translation>Agrandir [Ctrl++]</translation>
    </message>
    <message>
        <source>Zoom out [Ctrl+-]</source>
        <translation>Réduire [Ctrl+-]</translation>
    </message>
    <message>
        <source>Whole bracket [Ctrl+0]</source>
        <translation>Tout le tableau [Ctrl+0]</translation>
    </message>
    <message>
        <source>Find a player or a match</source>
        <translation>Chercher un joueur ou un match</translation>
    </message>
    <message>
        <source>Bracket as PDF… [Ctrl+P]</source>
        <translation>Tableau en PDF… [Ctrl+P]</translation>
    </message>
    <message>
        <source>Standings as PDF… [Ctrl+Shift+P]</source>
        <translation>Classement en PDF… [Ctrl+Maj+P]</translation>
    </message>
</context>
<context>
    <name>BreakPanel</name>
    <message>
        <source>Balls to a cushion:</source>
        <translation>Billes à la bande&#xa0;:</translation>
    </message>
    <message>
        <source>First ball hit:</source>
        <translation>Première bille touchée&#xa0;:</translation>
    </message>
    <message>
        <source>the 1</source>
        <translation>la 1</translation>
    </message>
    <message>
        <source>the {ball} (foul)</source>
        <translation>la {ball} (faute)</translation>
    </message>
    <message>
        <source>no ball (foul)</source>
        <translation>aucune bille (faute)</translation>
    </message>
    <message>
        <source>Cue ball:</source>
        <translation>Blanche&#xa0;:</translation>
    </message>
    <message>
        <source>on the table</source>
        <translation>sur la table</translation>
    </message>
    <message>
        <source>pocketed (scratch)</source>
        <translation>empochée (faute)</translation>
    </message>
    <message>
        <source>off the table</source>
        <translation>hors de la table</translation>
    </message>
    <message>
        <source>Scratch [C]</source>
        <translation>Blanche empochée [C]</translation>
    </message>
    <message>
        <source>10 announced in:</source>
        <translation>Annonce de la 10 (FFB)&#xa0;:</translation>
    </message>
    <message>
        <source>no announcement</source>
        <translation>pas d’annonce</translation>
    </message>
    <message>
        <source>Announce… [{key}]</source>
        <translation>Annoncer… [{key}]</translation>
    </message>
    <message>
        <source>Not counted yet: {fewer} and {more} change it</source>
        <translation>Pas encore comptées&#xa0;: {fewer} et {more} changent le nombre</translation>
    </message>
    <message>
        <source>Balls to a cushion not counted: count them first ({more} for {n}, {fewer} for {m}).</source>
        <translation>Billes à la bande non comptées&#xa0;: comptez-les d’abord ({more} pour {n}, {fewer} pour {m}).</translation>
    </message>
    <message>
        <source>Record the break [Enter]</source>
        <translation>Enregistrer la casse [Entrée]</translation>
    </message>
    <message>
        <source>not counted</source>
        <translation>non comptées</translation>
    </message>
</context>
<context>
    <name>Call</name>
    <message>
        <source>Called to the tables</source>
        <translation>Appelés aux tables</translation>
    </message>
    <message>
        <source>Table {n}: {a} v {b}</source>
        <translation>Table {n}&#xa0;: {a} – {b}</translation>
    </message>
    <message>
        <source>{name}: at the table</source>
        <translation>{name}&#xa0;: à la table</translation>
    </message>
    <message>
        <source>{name}: not at the table, {m} min since the call</source>
        <translation>{name}&#xa0;: pas à la table, appelé il y a {m}&#xa0;min</translation>
    </message>
    <message>
        <source>called at {time}</source>
        <translation>appel à {time}</translation>
    </message>
    <message>
        <source>called again at {times}</source>
        <translation>rappels à {times}</translation>
    </message>
    <message>
        <source>{m} minutes are up: the organizer decides</source>
        <translation>Les {m}&#xa0;minutes sont passées&#xa0;: l’organisateur décide</translation>
    </message>
    <message>
        <source>Sound on</source>
        <translation>Activer le son</translation>
    </message>
    <message>
        <source>I’m here: {name}</source>
        <translation>Je suis là&#xa0;: {name}</translation>
    </message>
    <message>
        <source>You are called: go to table {n}</source>
        <translation>Vous êtes appelé&#xa0;: allez à la table {n}</translation>
    </message>
    <message>
        <source>My matches</source>
        <translation>Mes matchs</translation>
    </message>
    <message>
        <source>Checked in</source>
        <translation>Pointé</translation>
    </message>
    <message>
        <source>Not checked in yet</source>
        <translation>Pas encore pointé</translation>
    </message>
    <message>
        <source>Next match</source>
        <translation>Prochain match</translation>
    </message>
    <message>
        <source>Playing now on table {n}</source>
        <translation>En train de jouer sur la table {n}</translation>
    </message>
    <message>
        <source>Waiting for a free table: the call comes here</source>
        <translation>En attente d’une table libre&#xa0;: l’appel s’affichera ici</translation>
    </message>
    <message>
        <source>When the earlier matches are over</source>
        <translation>Quand les matchs précédents seront finis</translation>
    </message>
    <message>
        <source>{match} · {round} · against {name}</source>
        <translation>{match} · {round} · contre {name}</translation>
    </message>
    <message>
        <source>No match to play now.</source>
        <translation>Aucun match à jouer pour l’instant.</translation>
    </message>
    <message>
        <source>My results</source>
        <translation>Mes résultats</translation>
    </message>
    <message>
        <source>{match}: won {score} against {name}</source>
        <translation>{match}&#xa0;: gagné {score} contre {name}</translation>
    </message>
    <message>
        <source>{match}: lost {score} against {name}</source>
        <translation>{match}&#xa0;: perdu {score} contre {name}</translation>
    </message>
    <message>
        <source>No result yet.</source>
        <translation>Pas encore de résultat.</translation>
    </message>
    <message>
        <source>This link does not open a player&apos;s page: ask at the door.</source>
        <translation>Ce lien n’ouvre pas la page d’un joueur&#xa0;: demandez à l’accueil.</translation>
    </message>
    <message>
        <source>No contact with the organizer&apos;s laptop: trying again…</source>
        <translation>Pas de contact avec l’ordinateur de l’organisateur&#xa0;: nouvel essai…</translation>
    </message>
</context>
<context>
    <name>CallPanel</name>
    <message>
        <source>Called at {time} ({m} min)</source>
        <translation>Appelés à {time} ({m}&#xa0;min)</translation>
    </message>
    <message>
        <source>Called</source>
        <translation>Appelés</translation>
    </message>
    <message>
        <source>not at the table: {names}</source>
        <translation>pas à la table&#xa0;: {names}</translation>
    </message>
    <message>
        <source>{name} is here [Ctrl+{n}]</source>
        <translation>{name} est là [Ctrl+{n}]</translation>
    </message>
</context>
<context>
    <name>ConnectDialog</name>
    <message>
        <source>Connect to the event</source>
        <translation>Se connecter à l’événement</translation>
    </message>
    <message>
        <source>Show the key</source>
        <translation>Afficher la clé</translation>
    </message>
    <message>
        <source>The organizer gives you the three values: `event-server add-table` printed them for this table; the fingerprint is also shown on the organizer&apos;s board.</source>
        <translation>L&apos;organisateur vous donne les trois valeurs&#xa0;: `event-server add-table` les a affichées pour cette table&#xa0;; l&apos;empreinte est aussi affichée sur le tableau de l&apos;organisateur.</translation>
    </message>
    <message>
        <source>Event server:</source>
        <translation>Serveur de l’événement&#xa0;:</translation>
    </message>
    <message>
        <source>This table&apos;s key:</source>
        <translation>Clé de cette table&#xa0;:</translation>
    </message>
    <message>
        <source>Server fingerprint:</source>
        <translation>Empreinte du serveur&#xa0;:</translation>
    </message>
    <message>
        <source>The server&apos;s address is needed: host or host:port.</source>
        <translation>L’adresse du serveur est requise&#xa0;: hôte ou hôte:port.</translation>
    </message>
    <message>
        <source>This table&apos;s key looks like 7-ABCD-EFGH-JKMN-PQRS: the organizer prints one per table.</source>
        <translation>La clé de la table a la forme 7-ABCD-EFGH-JKMN-PQRS&#xa0;: l’organisateur en imprime une par table.</translation>
    </message>
    <message>
        <source>The server&apos;s fingerprint is needed: it is shown on the organizer&apos;s board.</source>
        <translation>L’empreinte du serveur est requise&#xa0;: elle figure sur le tableau de l’organisateur.</translation>
    </message>
    <message>
        <source>Table {table} is already in use by another desk (last event {time}). Take it over?</source>
        <translation>La table {table} est déjà utilisée par un autre pupitre (dernier événement à {time}). La reprendre&#xa0;?</translation>
    </message>
    <message>
        <source>Take it over</source>
        <translation>La reprendre</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Checking the connection…</source>
        <translation>Vérification de la connexion…</translation>
    </message>
    <message>
        <source>This is not the event server whose fingerprint you typed: check the address and the fingerprint shown on the organizer&apos;s board.</source>
        <translation>Ce n’est pas le serveur de l’événement dont vous avez saisi l’empreinte&#xa0;: vérifiez l’adresse et l’empreinte affichée sur le tableau de l’organisateur.</translation>
    </message>
    <message>
        <source>The event server refused this table&apos;s key: check it against the card the organizer printed.</source>
        <translation>Le serveur de l’événement a refusé la clé de cette table&#xa0;: vérifiez-la sur la fiche imprimée par l’organisateur.</translation>
    </message>
    <message>
        <source>The event server cannot be reached at {address}: check the address, the network, and that the organizer&apos;s server is started.</source>
        <translation>Le serveur de l’événement est injoignable à l’adresse {address}&#xa0;: vérifiez l’adresse, le réseau, et que le serveur de l’organisateur est démarré.</translation>
    </message>
    <message>
        <source>The event server said: {reason}</source>
        <translation>Le serveur de l’événement a répondu&#xa0;: {reason}</translation>
    </message>
</context>
<context>
    <name>Connections</name>
    <message>
        <source>The web page cannot start: {why}</source>
        <translation>La page web ne peut pas démarrer&#xa0;: {why}</translation>
    </message>
    <message>
        <source>The players&apos; web page was on (port {port}) but did not come back: {why}. The phones have no page until it is started again [Ctrl+Shift+B].</source>
        <translation>La page web des joueurs était en marche (port {port}) mais n&apos;a pas redémarré&#xa0;: {why}. Les téléphones n&apos;ont plus de page tant qu&apos;elle n&apos;est pas relancée [Ctrl+Maj+B].</translation>
    </message>
    <message>
        <source>The tournament was connected to the event server {folder} but did not connect again: {why}. The desks get no new matches until you connect [Ctrl+Shift+E].</source>
        <translation>Le tournoi était connecté au serveur de l&apos;événement {folder} mais ne s&apos;est pas reconnecté&#xa0;: {why}. Les tables ne reçoivent plus de match tant que vous ne vous connectez pas [Ctrl+Maj+E].</translation>
    </message>
    <message>
        <source>the players&apos; web page</source>
        <translation>la page web des joueurs</translation>
    </message>
    <message>
        <source>the event server</source>
        <translation>le serveur de l&apos;événement</translation>
    </message>
    <message>
        <source>Back as you left them: {what}.</source>
        <translation>Remis comme vous les aviez laissés&#xa0;: {what}.</translation>
    </message>
    <message>
        <source>The phone tables cannot be served: {why}</source>
        <translation>Les tables marquées au téléphone ne peuvent pas être servies&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Start the players&apos; web page [Ctrl+Shift+B]</source>
        <translation>Lancer la page web des joueurs [Ctrl+Maj+B]</translation>
    </message>
    <message>
        <source>The players&apos; web page is off.</source>
        <translation>La page web des joueurs est arrêtée.</translation>
    </message>
    <message>
        <source>Stop the web page [Ctrl+Shift+B]</source>
        <translation>Arrêter la page web [Ctrl+Maj+B]</translation>
    </message>
    <message>
        <source>Bracket and tables; where do I play:</source>
        <translation>Tableau et tables&#xa0;; où est-ce que je joue&#xa0;:</translation>
    </message>
    <message>
        <source>The event server&apos;s folder</source>
        <translation>Le dossier du serveur de l’événement</translation>
    </message>
    <message>
        <source>The event server cannot be used: {why}</source>
        <translation>Le serveur de l’événement est inutilisable&#xa0;: {why}</translation>
    </message>
    <message>
        <source>since {time}</source>
        <translation>depuis {time}</translation>
    </message>
    <message>
        <source>sent to its desk, not started yet</source>
        <translation>envoyé à son pupitre, pas encore commencé</translation>
    </message>
    <message>
        <source>Event server: {why}</source>
        <translation>Serveur de l’événement&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Connect to the event server… [Ctrl+Shift+E]</source>
        <translation>Se connecter au serveur de l’événement… [Ctrl+Maj+E]</translation>
    </message>
    <message>
        <source>Not connected: the desks get their matches from you, and results are typed in.</source>
        <translation>Non connecté&#xa0;: vous donnez leurs matchs aux pupitres et saisissez les résultats.</translation>
    </message>
    <message>
        <source>Leave the event server [Ctrl+Shift+E]</source>
        <translation>Quitter le serveur de l’événement [Ctrl+Maj+E]</translation>
    </message>
    <message>
        <source>Event server: error, retrying: {why}</source>
        <translation>Serveur de l’événement&#xa0;: erreur, nouvel essai&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Event server {folder}: the matches on tables go to the desks, their results come back.</source>
        <translation>Serveur de l’événement {folder}&#xa0;: les matchs attribués partent aux pupitres, leurs résultats reviennent d’eux-mêmes.</translation>
    </message>
</context>
<context>
    <name>CorrectionDialog</name>
    <message>
        <source>Correct a result</source>
        <translation>Corriger un résultat</translation>
    </message>
    <message>
        <source>Matches it changes (marked): {ids}</source>
        <translation>Matchs modifiés (en couleur)&#xa0;: {ids}</translation>
    </message>
    <message>
        <source>Correct it</source>
        <translation>Corriger</translation>
    </message>
</context>
<context>
    <name>Csv</name>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Compétition</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Match id</source>
        <translation>Identifiant du match</translation>
    </message>
    <message>
        <source>Player A</source>
        <translation>Joueur A</translation>
    </message>
    <message>
        <source>Player B</source>
        <translation>Joueur B</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>Manche</translation>
    </message>
    <message>
        <source>Breaker</source>
        <translation>Casseur</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Vainqueur</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Comment</translation>
    </message>
    <message>
        <source>Fouls A</source>
        <translation>Fautes A</translation>
    </message>
    <message>
        <source>Fouls B</source>
        <translation>Fautes B</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Race to</source>
        <translation>Manches gagnantes</translation>
    </message>
    <message>
        <source>Score A</source>
        <translation>Score A</translation>
    </message>
    <message>
        <source>Score B</source>
        <translation>Score B</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Résultat</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>Manches jouées</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>Last event</source>
        <translation>Dernier événement</translation>
    </message>
    <message>
        <source>Referee</source>
        <translation>Arbitre</translation>
    </message>
    <message>
        <source>Licence A</source>
        <translation>Licence A</translation>
    </message>
    <message>
        <source>Club A</source>
        <translation>Club A</translation>
    </message>
    <message>
        <source>Licence B</source>
        <translation>Licence B</translation>
    </message>
    <message>
        <source>Club B</source>
        <translation>Club B</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>Décompte</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>damaged</source>
        <translation>endommagé</translation>
    </message>
    <message>
        <source>TAMPERED</source>
        <translation>FALSIFIÉ</translation>
    </message>
    <message>
        <source>shot by shot</source>
        <translation>coup par coup</translation>
    </message>
    <message>
        <source>by racks</source>
        <translation>par manches</translation>
    </message>
</context>
<context>
    <name>DecisionDialog</name>
    <message>
        <source>Penalty</source>
        <translation>Pénalité</translation>
    </message>
    <message>
        <source>Against whom, what penalty, and why?</source>
        <translation>Contre qui, quelle pénalité et pourquoi&#xa0;?</translation>
    </message>
    <message>
        <source>Concession</source>
        <translation>Abandon</translation>
    </message>
    <message>
        <source>Who concedes? Conceding loses the match.</source>
        <translation>Qui abandonne&#xa0;? L’abandon fait perdre le match.</translation>
    </message>
    <message>
        <source>Stalemate</source>
        <translation>Manche nulle</translation>
    </message>
    <message>
        <source>Declare a stalemate? The rack is void and the same player breaks again.</source>
        <translation>Déclarer la manche nulle&#xa0;? Elle ne compte pas et le même joueur casse à nouveau.</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>Note for the match sheet:</source>
        <translation>Note pour la feuille de match&#xa0;:</translation>
    </message>
    <message>
        <source>Void this match</source>
        <translation>Invalider ce match</translation>
    </message>
    <message>
        <source>Void {a} v {b}? A void match counts nowhere (results, statistics, the board); its log and its sheet, marked void, stay. Why is it void?</source>
        <translation>Invalider {a} – {b}&#xa0;? Un match invalidé ne compte nulle part (résultats, statistiques, tableau)&#xa0;; son journal et sa feuille, marquée invalidée, restent. Pourquoi l’invalider&#xa0;?</translation>
    </message>
    <message>
        <source>reason</source>
        <translation>motif</translation>
    </message>
    <message>
        <source>started by mistake, wrong players…</source>
        <translation>lancé par erreur, mauvais joueurs…</translation>
    </message>
</context>
<context>
    <name>DeskController</name>
    <message>
        <source>Opening the match</source>
        <translation>Ouverture du match</translation>
    </message>
    <message>
        <source>Starting the match</source>
        <translation>Création du match</translation>
    </message>
    <message>
        <source>There is nothing to redo.</source>
        <translation>Il n’y a rien à rétablir.</translation>
    </message>
    <message>
        <source>Recording</source>
        <translation>Enregistrement</translation>
    </message>
</context>
<context>
    <name>DeskPage</name>
    <message>
        <source>Undo [Backspace]</source>
        <translation>Défaire [Retour arrière]</translation>
    </message>
    <message>
        <source>Warning given [G]</source>
        <translation>Avertissement donné [G]</translation>
    </message>
    <message>
        <source>Print preview</source>
        <translation>Aperçu avant impression</translation>
    </message>
    <message>
        <source>Time! The shot clock ran out: record the time foul [T] if it applies.</source>
        <translation>Temps&#xa0;! Le temps de tir est écoulé&#xa0;: enregistrez la faute de temps [T] s’il y a lieu.</translation>
    </message>
    <message>
        <source>The same key twice: the second press was not recorded. Press it again if it was meant.</source>
        <translation>Même touche deux fois&#xa0;: le second appui n’a pas été enregistré. Appuyez à nouveau si c’était voulu.</translation>
    </message>
    <message>
        <source>Not recorded: {why} [G]</source>
        <translation>Non enregistré&#xa0;: {why} [G]</translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation>Il n’y a rien à annuler.</translation>
    </message>
    <message>
        <source>Not available now: {button}</source>
        <translation>Indisponible pour l’instant&#xa0;: {button}</translation>
    </message>
    <message>
        <source>The match is over: that key came with the last shot and was not taken.</source>
        <translation>Le match est terminé&#xa0;: cette touche est arrivée avec le dernier coup et n’a pas été prise en compte.</translation>
    </message>
    <message>
        <source>A rack was just recorded: that key came with it and was not taken. Press it again if it was meant.</source>
        <translation>Une manche vient d’être enregistrée&#xa0;: cette touche est venue avec elle et n’a pas été prise. Appuyez de nouveau si elle était voulue.</translation>
    </message>
    <message>
        <source>The rack is over: that key came with the last shot and was not taken. Press it again to record the break.</source>
        <translation>La manche est terminée&#xa0;: cette touche est arrivée avec le dernier coup et n’a pas été prise en compte. Appuyez à nouveau pour enregistrer la casse.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Défaire</translation>
    </message>
    <message>
        <source>Undo event {seq}, {event}? The score goes back from {a}–{b} to {c}–{d}.</source>
        <translation>Défaire l’événement {seq}, {event}&#xa0;? Le score revient de {a}–{b} à {c}–{d}.</translation>
    </message>
    <message>
        <source>Undo it</source>
        <translation>Défaire</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>Le garder</translation>
    </message>
    <message>
        <source>{name} is on two consecutive fouls: give the warning.</source>
        <translation>{name} a commis deux fautes consécutives&#xa0;: donnez l’avertissement.</translation>
    </message>
    <message>
        <source>Time! The shot clock ran out.</source>
        <translation>Temps&#xa0;! Le temps de tir est écoulé.</translation>
    </message>
</context>
<context>
    <name>DeskWindow</name>
    <message>
        <source>No matches yet: start a new match, or load the demo matches.</source>
        <translation>Aucun match pour l’instant&#xa0;: commencez un nouveau match ou chargez les matchs de démonstration.</translation>
    </message>
    <message>
        <source>10-ball referee desk</source>
        <translation>Poste d’arbitrage – jeu de la 10</translation>
    </message>
    <message>
        <source>&amp;Match</source>
        <translation>&amp;Match</translation>
    </message>
    <message>
        <source>&amp;Decisions</source>
        <translation>&amp;Décisions</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;Event</source>
        <translation>&amp;Événement</translation>
    </message>
    <message>
        <source>&amp;Organizer</source>
        <translation>&amp;Organisation</translation>
    </message>
    <message>
        <source>Tournament… [Ctrl+Shift+T]</source>
        <translation>Tournoi… [Ctrl+Maj+T]</translation>
    </message>
    <message>
        <source>Connect to the event…</source>
        <translation>Se connecter à l’événement…</translation>
    </message>
    <message>
        <source>Disconnect from the event</source>
        <translation>Se déconnecter de l’événement</translation>
    </message>
    <message>
        <source>Start the next match on this table [Ctrl+Shift+N]</source>
        <translation>Lancer le prochain match de cette table [Ctrl+Maj+N]</translation>
    </message>
    <message>
        <source>The next match&apos;s first player is at the table [Ctrl+1]</source>
        <translation>Le premier joueur du prochain match est à la table [Ctrl+1]</translation>
    </message>
    <message>
        <source>The next match&apos;s second player is at the table [Ctrl+2]</source>
        <translation>Le second joueur du prochain match est à la table [Ctrl+2]</translation>
    </message>
    <message>
        <source>No referee at this table: the next matches scored by racks</source>
        <translation>Pas d’arbitre à cette table&#xa0;: les prochains matchs comptés par manches</translation>
    </message>
    <message>
        <source>New match… [Ctrl+N]</source>
        <translation>Nouveau match… [Ctrl+N]</translation>
    </message>
    <message>
        <source>Matches… [Ctrl+O]</source>
        <translation>Matchs… [Ctrl+O]</translation>
    </message>
    <message>
        <source>Load the demo matches [Ctrl+D]</source>
        <translation>Charger les matchs de démonstration [Ctrl+D]</translation>
    </message>
    <message>
        <source>Replay this match [Ctrl+R]</source>
        <translation>Revoir ce match [Ctrl+R]</translation>
    </message>
    <message>
        <source>Undo the last event [Ctrl+Z]</source>
        <translation>Défaire le dernier événement [Ctrl+Z]</translation>
    </message>
    <message>
        <source>Redo the undone event [Ctrl+Shift+Z]</source>
        <translation>Rétablir l’événement annulé [Ctrl+Maj+Z]</translation>
    </message>
    <message>
        <source>Void this match…</source>
        <translation>Invalider ce match…</translation>
    </message>
    <message>
        <source>Live overlay… [Ctrl+L]</source>
        <translation>Incrustation en direct… [Ctrl+L]</translation>
    </message>
    <message>
        <source>Shot clock for the players [Ctrl+Shift+K]</source>
        <translation>Chronomètre pour les joueurs [Ctrl+Maj+K]</translation>
    </message>
    <message>
        <source>Quit [Ctrl+Q]</source>
        <translation>Quitter [Ctrl+Q]</translation>
    </message>
    <message>
        <source>Penalty… [Ctrl+Shift+P]</source>
        <translation>Pénalité… [Ctrl+Maj+P]</translation>
    </message>
    <message>
        <source>Concession… [Ctrl+Shift+C]</source>
        <translation>Abandon… [Ctrl+Maj+C]</translation>
    </message>
    <message>
        <source>Stalemate… [Ctrl+Shift+S]</source>
        <translation>Manche nulle… [Ctrl+Maj+S]</translation>
    </message>
    <message>
        <source>Note… [Ctrl+T]</source>
        <translation>Note… [Ctrl+T]</translation>
    </message>
    <message>
        <source>Pocket keys Q W E / A S D (QWERTY keyboard)</source>
        <translation>Touches des poches Q W E / A S D (clavier QWERTY)</translation>
    </message>
    <message>
        <source>Pocket keys A Z E / Q S D (AZERTY keyboard)</source>
        <translation>Touches des poches A Z E / Q S D (clavier AZERTY)</translation>
    </message>
    <message>
        <source>New match</source>
        <translation>Nouveau match</translation>
    </message>
    <message>
        <source>{a} v {b} is in progress ({sa}–{sb}). Leave it for a new match? It stays in progress; if it was started by mistake, void it (Match &gt; Void this match…).</source>
        <translation>{a} – {b} est en cours ({sa}–{sb}). Le quitter pour un nouveau match&#xa0;? Il reste en cours&#xa0;; s’il a été lancé par erreur, invalidez-le (Match &gt; Invalider ce match…).</translation>
    </message>
    <message>
        <source>Stay on this match</source>
        <translation>Rester sur ce match</translation>
    </message>
    <message>
        <source>The demo matches open in a desk of their own: they never mix with this database&apos;s.</source>
        <translation>Les matchs de démonstration s’ouvrent dans un poste à part&#xa0;: ils ne se mêlent jamais à ceux de cette base.</translation>
    </message>
    <message>
        <source>The demo desk could not be started.</source>
        <translation>Le poste de démonstration n’a pas pu être lancé.</translation>
    </message>
    <message>
        <source>The referee</source>
        <translation>L’arbitre</translation>
    </message>
    <message>
        <source>Your name, for the match sheets (asked once on this desk):</source>
        <translation>Votre nom, pour les feuilles de match (demandé une seule fois sur ce pupitre)&#xa0;:</translation>
    </message>
    <message>
        <source>Next match on this table: {a} v {b}</source>
        <translation>Prochain match sur cette table&#xa0;: {a} – {b}</translation>
    </message>
    <message>
        <source>Start it [Ctrl+Shift+N]</source>
        <translation>Le lancer [Ctrl+Maj+N]</translation>
    </message>
    <message>
        <source>New match [N]</source>
        <translation>Nouveau match [N]</translation>
    </message>
    <message>
        <source>Next match: {a} v {b} [N]</source>
        <translation>Match suivant&#xa0;: {a} – {b} [N]</translation>
    </message>
    <message>
        <source>Loading the demo matches</source>
        <translation>Chargement des matchs de démonstration</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>The desk&apos;s keys…</source>
        <translation>Les touches du pupitre…</translation>
    </message>
</context>
<context>
    <name>Door</name>
    <message>
        <source>Check in</source>
        <translation>Pointer mon arrivée</translation>
    </message>
    <message>
        <source>Type your name, then tap it</source>
        <translation>Tapez votre nom, puis touchez-le</translation>
    </message>
    <message>
        <source>Check in as {name}?</source>
        <translation>Pointer l’arrivée de {name}&#xa0;?</translation>
    </message>
    <message>
        <source>Yes, that’s me</source>
        <translation>Oui, c’est moi</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
</context>
<context>
    <name>DoorApi</name>
    <message>
        <source>this door code has expired: scan the QR code at the door again</source>
        <translation>ce code d’entrée a expiré&#xa0;: scannez à nouveau le QR code à l’entrée</translation>
    </message>
    <message>
        <source>the request is not JSON</source>
        <translation>la requête n’est pas du JSON</translation>
    </message>
    <message>
        <source>the request&apos;s {field} is missing or not valid</source>
        <translation>le champ {field} de la requête manque ou n’est pas valable</translation>
    </message>
    <message>
        <source>no player of this tournament is named {name}: see the desk</source>
        <translation>aucun joueur de ce tournoi ne s’appelle {name}&#xa0;: voyez la table de marque</translation>
    </message>
    <message>
        <source>{name} is already checked in: see the desk (the organizer has been told)</source>
        <translation>{name} est déjà pointé présent&#xa0;: voyez la table de marque (l’organisateur est prévenu)</translation>
    </message>
    <message>
        <source>this phone already checked in {name}: one phone checks in one player (the organizer has been told)</source>
        <translation>ce téléphone a déjà pointé {name}&#xa0;: un téléphone pointe un seul joueur (l’organisateur est prévenu)</translation>
    </message>
    <message>
        <source>check-in is closed: the draw is made, see the desk</source>
        <translation>le pointage est clos&#xa0;: le tirage est fait, voyez la table de marque</translation>
    </message>
    <message>
        <source>this link opens no player&apos;s page: ask the desk for yours</source>
        <translation>ce lien n’ouvre la page d’aucun joueur&#xa0;: demandez la vôtre à la table de marque</translation>
    </message>
    <message>
        <source>the laptop could not write the check-in just now: nothing was recorded, try again</source>
        <translation>l’ordinateur n’a pas pu enregistrer l’arrivée à l’instant&#xa0;: rien n’est enregistré, réessayez</translation>
    </message>
</context>
<context>
    <name>DoorTab</name>
    <message>
        <source>&amp;Name (three letters, then Enter):</source>
        <translation>&amp;Nom (trois lettres, puis Entrée)&#xa0;:</translation>
    </message>
    <message>
        <source>e.g. lop for Ana Lopez</source>
        <translation>p. ex. lop pour Ana Lopez</translation>
    </message>
    <message>
        <source>&amp;Fee:</source>
        <translation>&amp;Inscription&#xa0;:</translation>
    </message>
    <message>
        <source>paid in cash</source>
        <translation>payée en espèces</translation>
    </message>
    <message>
        <source>paid otherwise (card, transfer)</source>
        <translation>payée autrement (carte, virement)</translation>
    </message>
    <message>
        <source>not paid yet</source>
        <translation>pas encore payée</translation>
    </message>
    <message>
        <source>Confirm the forfeit [Ctrl+Shift+F]</source>
        <translation>Confirmer le forfait [Ctrl+Maj+F]</translation>
    </message>
    <message>
        <source>No player not yet checked in has that name: type more of it.</source>
        <translation>Aucun joueur pas encore pointé ne porte ce nom&#xa0;: tapez-en davantage.</translation>
    </message>
    <message>
        <source>{name}: scan this for your own page (your matches, your calls).</source>
        <translation>{name}&#xa0;: scannez ceci pour votre page (vos matchs, vos appels).</translation>
    </message>
    <message>
        <source>{name}: checked in.</source>
        <translation>{name}&#xa0;: arrivée pointée.</translation>
    </message>
    <message>
        <source>{name}: checked in, fee paid.</source>
        <translation>{name}&#xa0;: arrivée pointée, inscription payée.</translation>
    </message>
    <message>
        <source>Table {table}: {names} not at the table {m} minutes after the call — forfeit proposed</source>
        <translation>Table {table}&#xa0;: {names} absent de la table {m} minutes après l’appel — forfait proposé</translation>
    </message>
    <message>
        <source>No forfeit is proposed now.</source>
        <translation>Aucun forfait n’est proposé pour l’instant.</translation>
    </message>
    <message>
        <source>Record the walkover of {name} in {match} (table {table})? {why}</source>
        <translation>Enregistrer le forfait de {name} en {match} (table {table})&#xa0;? {why}</translation>
    </message>
    <message>
        <source>{name} forfeits {match}.</source>
        <translation>{name} déclare forfait en {match}.</translation>
    </message>
    <message>
        <source>Nothing recorded: the match waits.</source>
        <translation>Rien n’est enregistré&#xa0;: le match attend.</translation>
    </message>
    <message>
        <source>The door&apos;s QR code shows here while the players&apos; pages serve the venue&apos;s network (Tables tab).</source>
        <translation>Le QR code de l’entrée s’affiche ici tant que les pages des joueurs sont servies sur le réseau de la salle (onglet Tables).</translation>
    </message>
    <message>
        <source>Scan to check in from your phone: a new code every minute.
{link}</source>
        <translation>Scannez pour pointer votre arrivée depuis votre téléphone&#xa0;: un nouveau code chaque minute.
{link}</translation>
    </message>
    <message>
        <source>{present} present of {expected} expected · {paid} paid</source>
        <translation>{present} présents sur {expected} attendus · {paid} payés</translation>
    </message>
    <message>
        <source>Entry fee {fee}</source>
        <translation>Droit d’inscription {fee}</translation>
    </message>
    <message>
        <source>Checked in twice (see to it): {names}</source>
        <translation>Pointés deux fois (à vérifier)&#xa0;: {names}</translation>
    </message>
</context>
<context>
    <name>DrawTab</name>
    <message>
        <source>Double elimination</source>
        <translation>Double élimination</translation>
    </message>
    <message>
        <source>Single elimination</source>
        <translation>Élimination directe</translation>
    </message>
    <message>
        <source>Groups, then a knockout</source>
        <translation>Poules, puis phase finale</translation>
    </message>
    <message>
        <source>True second final (the losers&apos; champion must win twice)</source>
        <translation>Seconde finale possible (le vainqueur du tableau perdants doit gagner deux fois)</translation>
    </message>
    <message>
        <source>One final</source>
        <translation>Une seule finale</translation>
    </message>
    <message>
        <source>never</source>
        <translation>jamais</translation>
    </message>
    <message>
        <source>when {n} remain</source>
        <translation>à {n} joueurs restants</translation>
    </message>
    <message>
        <source>Round robin</source>
        <translation>Toutes rondes</translation>
    </message>
    <message>
        <source>Double elimination (two wins in, two losses out)</source>
        <translation>Double élimination (qualifié à deux victoires, éliminé à deux défaites)</translation>
    </message>
    <message>
        <source>WPA rules</source>
        <translation>Règles WPA</translation>
    </message>
    <message>
        <source>FFB rules</source>
        <translation>Règles FFB</translation>
    </message>
    <message>
        <source>FFB national format: TS1-TS22 from the national ranking as hand seeds in the entry list. Morning: the players after TS16 in 6 qualifying pools, one of TS17-TS22 heading each; 16 go on (the first 2 of each pool of 4, the first 3 of each pool of 5, the best thirds of the pools of 4, compared per match played). Afternoon: pools of 4, TS1 with TS16, TS2 with TS15…, the qualifiers drawn in; the top 2 to a double knockout, single elimination from the quarter-finals.</source>
        <translation>Formule nationale FFB&#xa0;: TS1 à TS22 du classement national, têtes de série dans la liste des inscrits. Matin&#xa0;: les joueurs après TS16 en 6 poules de qualification, une tête de série de TS17 à TS22 dans chacune&#xa0;; 16 qualifiés (les 2 premiers de chaque poule de 4, les 3 premiers de chaque poule de 5, les meilleurs troisièmes des poules de 4, comparés par match joué). Après-midi&#xa0;: poules de 4, TS1 avec TS16, TS2 avec TS15…, complétées par tirage au sort des qualifiés&#xa0;; les 2 premiers de chaque poule en tableau à double élimination, puis élimination directe dès les quarts de finale.</translation>
    </message>
    <message>
        <source>WPA world format: double-elimination groups of 8 (two wins in, two losses out), then single elimination.</source>
        <translation>Formule mondiale WPA&#xa0;: poules de 8 en double élimination (qualifié à deux victoires, éliminé à deux défaites), puis élimination directe.</translation>
    </message>
    <message>
        <source>No plan: {why}</source>
        <translation>Pas de prévision&#xa0;: {why}</translation>
    </message>
    <message>
        <source>This tournament is already created.</source>
        <translation>Ce tournoi est déjà créé.</translation>
    </message>
    <message>
        <source>Give the tournament a name first.</source>
        <translation>Donnez d’abord un nom au tournoi.</translation>
    </message>
    <message>
        <source>{name} is created: import the entry list (Ctrl+I).</source>
        <translation>{name} est créé&#xa0;: importez la liste des inscrits (Ctrl+I).</translation>
    </message>
    <message>
        <source>The draw seed is a whole number (or nothing, for a random one).</source>
        <translation>La graine du tirage est un nombre entier (ou rien, pour un tirage au hasard).</translation>
    </message>
    <message>
        <source>Not drawn: {n} players are not checked in ({names}). Check them in, or withdraw them (Entries tab, “Withdraw those not checked in”).</source>
        <translation>Tirage non fait&#xa0;: {n} joueurs ne sont pas pointés ({names}). Pointez-les, ou retirez-les (onglet Inscrits, «&#xa0;Retirer les non-pointés&#xa0;»).</translation>
    </message>
    <message>
        <source>Drawn with seed {seed}.</source>
        <translation>Tirage fait avec la graine {seed}.</translation>
    </message>
    <message>
        <source>Draw seed: {seed}. Anyone can check the draw with it.</source>
        <translation>Graine du tirage&#xa0;: {seed}. Chacun peut vérifier le tirage avec elle.</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formule</translation>
    </message>
    <message>
        <source>&amp;Name</source>
        <translation>&amp;Nom</translation>
    </message>
    <message>
        <source>&amp;Format</source>
        <translation>&amp;Formule</translation>
    </message>
    <message>
        <source>&amp;Race</source>
        <translation>&amp;Manches gagnantes</translation>
    </message>
    <message>
        <source>Race on the &amp;losers&apos; side (0: the same)</source>
        <translation>Manches au tableau &amp;perdants (0&#xa0;: les mêmes)</translation>
    </message>
    <message>
        <source>Race of the final (0: the same)</source>
        <translation>Manches de la finale (0&#xa0;: les mêmes)</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Finale</translation>
    </message>
    <message>
        <source>Third-place match</source>
        <translation>Match pour la 3e place</translation>
    </message>
    <message>
        <source>&amp;Groups</source>
        <translation>&amp;Poules</translation>
    </message>
    <message>
        <source>Qualifiers per group</source>
        <translation>Qualifiés par poule</translation>
    </message>
    <message>
        <source>Groups played as</source>
        <translation>Poules jouées en</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>Puis</translation>
    </message>
    <message>
        <source>Qualifying pools</source>
        <translation>Poules de qualification</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>first, for the players after seed {direct}: {pools} pools, {places} go on</source>
        <translation>d’abord, pour les joueurs après la tête de série {direct}&#xa0;: {pools} poules, {places} qualifiés</translation>
    </message>
    <message>
        <source>The first 2 of a pool of 4 and the first 3 of a pool of 5 go on; the places left go to the best thirds of the pools of 4, compared by matches won, then racks won minus lost, then racks won, each per match played. The groups wait until the qualifying pools are over.</source>
        <translation>Les 2 premiers d’une poule de 4 et les 3 premiers d’une poule de 5 sont qualifiés&#xa0;; les places restantes vont aux meilleurs troisièmes des poules de 4, départagés aux matchs gagnés, puis à la différence de manches, puis aux manches gagnées, chaque fois par match joué. Les poules attendent la fin des poules de qualification.</translation>
    </message>
    <message>
        <source>FFB national format</source>
        <translation>Formule nationale FFB</translation>
    </message>
    <message>
        <source>WPA world format</source>
        <translation>Formule mondiale WPA</translation>
    </message>
    <message>
        <source>Create the tournament [Ctrl+Shift+N]</source>
        <translation>Créer le tournoi [Ctrl+Maj+N]</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Prévision</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Draw</source>
        <translation>Tirage</translation>
    </message>
    <message>
        <source>Draw &amp;seed</source>
        <translation>&amp;Graine du tirage</translation>
    </message>
    <message>
        <source>random</source>
        <translation>au hasard</translation>
    </message>
    <message>
        <source>Make the draw [Ctrl+Shift+D]</source>
        <translation>Faire le tirage [Ctrl+Maj+D]</translation>
    </message>
</context>
<context>
    <name>DroppedDialog</name>
    <message>
        <source>Ball down</source>
        <translation>Bille empochée</translation>
    </message>
    <message>
        <source>Which ball dropped? Then where did it go?</source>
        <translation>Quelle bille est tombée, et où&#xa0;?</translation>
    </message>
    <message>
        <source>Off the table [O]</source>
        <translation>Hors de la table [O]</translation>
    </message>
    <message>
        <source>Cancel [Esc]</source>
        <translation>Annuler [Échap]</translation>
    </message>
    <message>
        <source>Pick the ball first.</source>
        <translation>Choisissez d’abord la bille.</translation>
    </message>
</context>
<context>
    <name>DroppedList</name>
    <message>
        <source>Ball down… [{key}]</source>
        <translation>Bille empochée… [{key}]</translation>
    </message>
    <message>
        <source>Clear [Shift+Del]</source>
        <translation>Effacer [Maj+Suppr]</translation>
    </message>
    <message>
        <source>{ball} off the table</source>
        <translation>{ball} hors de la table</translation>
    </message>
    <message>
        <source>Also down: {balls}</source>
        <translation>Billes empochées&#xa0;: {balls}</translation>
    </message>
</context>
<context>
    <name>Entries</name>
    <message>
        <source>line {line}: {what}</source>
        <translation>ligne {line}&#xa0;: {what}</translation>
    </message>
    <message>
        <source>a header line is needed (name, rating, fargo_id, licence, club, seed; or in French: nom, cote…)</source>
        <translation>il faut une ligne d’en-tête (nom, cote, id fargo, licence, club, tête de série&#xa0;; en anglais&#xa0;: name, rating…)</translation>
    </message>
    <message>
        <source>unknown column {column} (columns: name or nom, rating or cote, fargo_id or id fargo, licence, club, seed or tête de série)</source>
        <translation>colonne {column} inconnue (colonnes&#xa0;: nom ou name, cote ou rating, id fargo ou fargo_id, licence, club, tête de série ou seed)</translation>
    </message>
    <message>
        <source>column {column}: a place in a ranking is not a rating; name the column &apos;cote&apos; (or &apos;rating&apos;) if it holds ratings, the highest the best, or &apos;tête de série&apos; (or &apos;seed&apos;) for seeds</source>
        <translation>colonne {column}&#xa0;: une place au classement n’est pas une cote&#xa0;; nommez la colonne «&#xa0;cote&#xa0;» si elle contient des cotes (la plus haute est la meilleure), ou «&#xa0;tête de série&#xa0;» pour des têtes de série</translation>
    </message>
    <message>
        <source>the column {column} is named twice</source>
        <translation>la colonne {column} figure deux fois</translation>
    </message>
    <message>
        <source>the `name` column is missing (in French: nom)</source>
        <translation>il manque la colonne «&#xa0;nom&#xa0;» (name)</translation>
    </message>
    <message>
        <source>{count} fields, the header has {expected}</source>
        <translation>{count} champs, l’en-tête en a {expected}</translation>
    </message>
    <message>
        <source>a name is 1..{most} characters</source>
        <translation>un nom compte de 1 à {most} caractères</translation>
    </message>
    <message>
        <source>{column} is at most {most} characters</source>
        <translation>{column} compte au plus {most} caractères</translation>
    </message>
    <message>
        <source>a line is at most {most} characters, this one has {length}</source>
        <translation>une ligne compte au plus {most} caractères, celle-ci en a {length}</translation>
    </message>
    <message>
        <source>cannot be read as CSV ({why})</source>
        <translation>illisible comme CSV ({why})</translation>
    </message>
    <message>
        <source>{column} holds a hidden control character ({character}): type it again without it</source>
        <translation>la colonne {column} contient un caractère de contrôle invisible ({character})&#xa0;: retapez-la sans lui</translation>
    </message>
    <message>
        <source>licence {licence} is already entered (for {taken})</source>
        <translation>la licence {licence} est déjà inscrite (pour {taken})</translation>
    </message>
    <message>
        <source>Fargo ID {fargo_id} is already entered (for {taken})</source>
        <translation>l’ID Fargo {fargo_id} est déjà inscrit (pour {taken})</translation>
    </message>
    <message>
        <source>{name} is already entered</source>
        <translation>{name} est déjà inscrit</translation>
    </message>
    <message>
        <source>{name} is already entered (as {taken})</source>
        <translation>{name} est déjà inscrit (sous le nom {taken})</translation>
    </message>
    <message>
        <source>rating {rating} is not a number</source>
        <translation>la cote {rating} n’est pas un nombre</translation>
    </message>
    <message>
        <source>rating {rating} is out of range: a rating is from 0 to {most}</source>
        <translation>la cote {rating} est hors limites&#xa0;: une cote va de 0 à {most}</translation>
    </message>
    <message>
        <source>seed {seed} is not a whole number</source>
        <translation>la tête de série {seed} n’est pas un nombre entier</translation>
    </message>
    <message>
        <source>seed {seed} is out of range: seeds run from 1 to the number of players (at most {most})</source>
        <translation>la tête de série {seed} est hors limites&#xa0;: les têtes de série vont de 1 au nombre de joueurs ({most} au plus)</translation>
    </message>
</context>
<context>
    <name>EntriesTab</name>
    <message>
        <source>Import the entry list</source>
        <translation>Importer la liste des inscrits</translation>
    </message>
    <message>
        <source>Entry lists (*.csv *.txt)</source>
        <translation>Listes d’inscrits (*.csv *.txt)</translation>
    </message>
    <message>
        <source>Create the tournament first (Draw tab).</source>
        <translation>Créez d’abord le tournoi (onglet Tirage).</translation>
    </message>
    <message>
        <source>Cannot read {file}: {why}</source>
        <translation>Impossible de lire {file}&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Nothing imported from {file}.</source>
        <translation>Rien n’a été importé de {file}.</translation>
    </message>
    <message>
        <source>Nothing imported: {file} is not Windows-1252 text either (line {line}).</source>
        <translation>Rien n’a été importé&#xa0;: {file} n’est pas non plus un texte Windows-1252 (ligne {line}).</translation>
    </message>
    <message>
        <source>{file} is not UTF-8 text (line {line}). Is it a CSV file saved by Excel on Windows? Read it as a Windows spreadsheet&apos;s file (Windows-1252)? Next time, save it as &apos;CSV UTF-8&apos;.</source>
        <translation>{file} n’est pas un texte UTF-8 (ligne {line}). Est-ce un fichier CSV enregistré par Excel sous Windows&#xa0;? Le lire comme un fichier de tableur Windows (Windows-1252)&#xa0;? La prochaine fois, enregistrez-le au format «&#xa0;CSV UTF-8&#xa0;».</translation>
    </message>
    <message>
        <source>Read it as Windows-1252</source>
        <translation>Le lire en Windows-1252</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Nothing imported: {problems}</source>
        <translation>Rien n’a été importé&#xa0;: {problems}</translation>
    </message>
    <message>
        <source>Nothing imported: {file} lists no player.</source>
        <translation>Rien n’a été importé&#xa0;: {file} ne contient aucun joueur.</translation>
    </message>
    <message>
        <source>{n} players imported from {file}.</source>
        <translation>{n} joueurs importés depuis {file}.</translation>
    </message>
    <message>
        <source>Pick a player in the list first.</source>
        <translation>Choisissez d’abord un joueur dans la liste.</translation>
    </message>
    <message>
        <source>{name} is checked in.</source>
        <translation>{name} est pointé.</translation>
    </message>
    <message>
        <source>They lose every match left by walkover.</source>
        <translation>Tous ses matchs restants sont perdus par forfait.</translation>
    </message>
    <message>
        <source>They leave the entry list.</source>
        <translation>Le joueur sort de la liste des inscrits.</translation>
    </message>
    <message>
        <source>Withdraw {name}?</source>
        <translation>Retirer {name}&#xa0;?</translation>
    </message>
    <message>
        <source>{name} stays in the tournament.</source>
        <translation>{name} reste dans le tournoi.</translation>
    </message>
    <message>
        <source>{name} is withdrawn.</source>
        <translation>{name} est retiré du tournoi.</translation>
    </message>
    <message>
        <source>Everyone entered is checked in (or check-in has not begun).</source>
        <translation>Tous les inscrits sont pointés (ou le pointage n’a pas commencé).</translation>
    </message>
    <message>
        <source>Withdraw the {n} players not checked in ({names})?</source>
        <translation>Retirer les {n} joueurs non pointés ({names})&#xa0;?</translation>
    </message>
    <message>
        <source>Nobody withdrawn.</source>
        <translation>Personne n’est retiré.</translation>
    </message>
    <message>
        <source>{n} players not checked in are withdrawn.</source>
        <translation>{n} joueurs non pointés sont retirés.</translation>
    </message>
    <message>
        <source>Write the reason for the disqualification first.</source>
        <translation>Écrivez d’abord le motif de la disqualification.</translation>
    </message>
    <message>
        <source>Disqualify {name} ({reason})?</source>
        <translation>Disqualifier {name} ({reason})&#xa0;?</translation>
    </message>
    <message>
        <source>{name} is disqualified: {reason}</source>
        <translation>{name} est disqualifié&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>disqualified: {reason}</source>
        <translation>disqualifié&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>withdrawn</source>
        <translation>retiré</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>{n} players, {k} checked in</source>
        <translation>{n} joueurs, {k} pointés</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Tête de série</translation>
    </message>
    <message>
        <source>Fargo rating</source>
        <translation>Classement Fargo</translation>
    </message>
    <message>
        <source>Fargo ID</source>
        <translation>Identifiant Fargo</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>Club</translation>
    </message>
    <message>
        <source>Checked in</source>
        <translation>Pointé</translation>
    </message>
    <message>
        <source>The entry list: a CSV file (UTF-8) with a header line naming name, rating, fargo_id, licence, club, seed; or in French: nom, cote, id fargo, licence, club, tête de série.</source>
        <translation>La liste des inscrits&#xa0;: un fichier CSV (UTF-8) dont la ligne d’en-tête nomme nom, cote, id fargo, licence, club, tête de série (ou en anglais&#xa0;: name, rating, fargo_id, licence, club, seed).</translation>
    </message>
    <message>
        <source>Import entries… [Ctrl+I]</source>
        <translation>Importer les inscrits… [Ctrl+I]</translation>
    </message>
    <message>
        <source>Edit… [Ctrl+E]</source>
        <translation>Modifier… [Ctrl+E]</translation>
    </message>
    <message>
        <source>Check in [Ctrl+K]</source>
        <translation>Pointer [Ctrl+K]</translation>
    </message>
    <message>
        <source>Withdraw [Ctrl+Shift+X]</source>
        <translation>Retirer [Ctrl+Maj+X]</translation>
    </message>
    <message>
        <source>Withdraw those not checked in</source>
        <translation>Retirer les non-pointés</translation>
    </message>
    <message>
        <source>Reason for a disqualification</source>
        <translation>Motif d’une disqualification</translation>
    </message>
    <message>
        <source>Disqualify [Ctrl+Shift+Q]</source>
        <translation>Disqualifier [Ctrl+Maj+Q]</translation>
    </message>
</context>
<context>
    <name>EntryDialog</name>
    <message>
        <source>Entry: {name}</source>
        <translation>Inscription&#xa0;: {name}</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>tiré au sort</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Fargo rating</source>
        <translation>Classement Fargo</translation>
    </message>
    <message>
        <source>Fargo ID</source>
        <translation>Identifiant Fargo</translation>
    </message>
    <message>
        <source>Licence</source>
        <translation>Licence</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>Club</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Tête de série</translation>
    </message>
    <message>
        <source>The rating is a number, such as 612 (the Fargo ID goes below it).</source>
        <translation>Le classement est un nombre, par exemple 612 (l’identifiant Fargo se saisit en dessous).</translation>
    </message>
    <message>
        <source>A rating is from 0 to {most}.</source>
        <translation>Une cote va de 0 à {most}.</translation>
    </message>
</context>
<context>
    <name>EventCli</name>
    <message>
        <source>this table&apos;s key: give --key-file, or set REFEREE_TABLE_KEY</source>
        <translation>la clé de cette table&#xa0;: donnez --key-file, ou définissez REFEREE_TABLE_KEY</translation>
    </message>
    <message>
        <source>This table&apos;s key (printed by add-table): </source>
        <translation>Clé de cette table (donnée par add-table)&#xa0;: </translation>
    </message>
    <message>
        <source>event server stopped</source>
        <translation>serveur de l’événement arrêté</translation>
    </message>
    <message>
        <source>event server made in {folder} (port {port}); start it with: {command}</source>
        <translation>serveur de l’événement créé dans {folder} (port {port})&#xa0;; démarrez-le avec&#xa0;: {command}</translation>
    </message>
    <message>
        <source>its fingerprint, for each desk&apos;s connect: {fingerprint}</source>
        <translation>son empreinte, pour la connexion de chaque pupitre&#xa0;: {fingerprint}</translation>
    </message>
    <message>
        <source>each table&apos;s key: {command}</source>
        <translation>la clé de chaque table&#xa0;: {command}</translation>
    </message>
    <message>
        <source>the event database was brought from version {found} to {now}</source>
        <translation>la base de l’événement est passée de la version {found} à la version {now}</translation>
    </message>
    <message>
        <source>event server running on port {port}; fingerprint {fingerprint}</source>
        <translation>serveur de l’événement en marche sur le port {port}&#xa0;; empreinte {fingerprint}</translation>
    </message>
    <message>
        <source>add-table needs --table</source>
        <translation>add-table demande --table</translation>
    </message>
    <message>
        <source>move needs --match and --table</source>
        <translation>move demande --match et --table</translation>
    </message>
    <message>
        <source>table {table} has no key yet: add-table first</source>
        <translation>la table {table} n’a pas encore de clé&#xa0;: faites d’abord add-table</translation>
    </message>
    <message>
        <source>no match {match} on the event server</source>
        <translation>aucun match {match} sur le serveur de l’événement</translation>
    </message>
    <message>
        <source>match {match} goes on at table {table}</source>
        <translation>le match {match} se poursuit à la table {table}</translation>
    </message>
    <message>
        <source>event server running on port {port}</source>
        <translation>serveur de l’événement en marche sur le port {port}</translation>
    </message>
    <message>
        <source>table {table}: key {key}</source>
        <translation>table {table}&#xa0;: clé {key}</translation>
    </message>
    <message>
        <source>  on that desk: Event &gt; Connect (server {address}, this key, fingerprint {fingerprint}),</source>
        <translation>  sur ce pupitre&#xa0;: Événement &gt; Se connecter à l’événement (serveur {address}, cette clé, empreinte {fingerprint}),</translation>
    </message>
    <message>
        <source>  or: {command} (then type the key)</source>
        <translation>  ou&#xa0;: {command} (puis tapez la clé)</translation>
    </message>
    <message>
        <source>{address}: the port is not a number</source>
        <translation>{address}&#xa0;: le port n’est pas un nombre</translation>
    </message>
    <message>
        <source>this desk is no longer connected to an event</source>
        <translation>ce pupitre n’est plus connecté à un événement</translation>
    </message>
    <message>
        <source>connect needs --server (and this table&apos;s key), or --forget</source>
        <translation>connect demande --server (et la clé de cette table), ou --forget</translation>
    </message>
    <message>
        <source>cannot reach the event server at {host}:{port}: {reason}</source>
        <translation>impossible de joindre le serveur de l’événement à {host}:{port}&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>connected: table {table} sends its events to {host}:{port}</source>
        <translation>connecté&#xa0;: la table {table} envoie ses événements à {host}:{port}</translation>
    </message>
    <message>
        <source>this desk is not connected to an event (referee-app connect)</source>
        <translation>ce pupitre n’est connecté à aucun événement (referee-app connect)</translation>
    </message>
    <message>
        <source>offline: {reason}</source>
        <translation>hors ligne&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>sent {n} events; {conflicts} conflicts</source>
        <translation>{n} événements envoyés&#xa0;; {conflicts} conflits</translation>
    </message>
    <message>
        <source>event {seq} differs on the server</source>
        <translation>l’événement {seq} diffère sur le serveur</translation>
    </message>
    <message>
        <source>conflict: match {match}, {detail} (nothing was overwritten)</source>
        <translation>conflit&#xa0;: match {match}, {detail} (rien n’a été écrasé)</translation>
    </message>
    <message>
        <source>no match is waiting for table {table}</source>
        <translation>aucun match n&apos;attend la table {table}</translation>
    </message>
    <message>
        <source>match {match} started on table {table}: {a} v {b}, race to {race}{round}</source>
        <translation>match {match} commencé sur la table {table}&#xa0;: {a} contre {b}, course à {race}{round}</translation>
    </message>
    <message>
        <source>the shot clock: 1 to 600 s a shot or an extension, 0 to 9 extensions a rack, 1 to 60 s after the break</source>
        <translation>le chronomètre de tir&#xa0;: 1 à 600 s par coup ou par prolongation, 0 à 9 prolongations par manche, 1 à 60 s après la casse</translation>
    </message>
    <message>
        <source>two different players&apos; names are needed</source>
        <translation>il faut les noms de deux joueurs différents</translation>
    </message>
    <message>
        <source>the race is 1 to 99 racks</source>
        <translation>la course se joue en 1 à 99 manches</translation>
    </message>
    <message>
        <source>a match scored by racks has no shot clock</source>
        <translation>un match compté par manches n’a pas de chronomètre de tir</translation>
    </message>
    <message>
        <source>table {table}: next match {a} v {b} ({id})</source>
        <translation>table {table}&#xa0;: prochain match {a} contre {b} ({id})</translation>
    </message>
    <message>
        <source>pulled: {added} new matches, {extended} extended, {here} already here, {conflicts} conflicts, {damaged} damaged</source>
        <translation>récupéré&#xa0;: {added} nouveaux matchs, {extended} complétés, {here} déjà là, {conflicts} conflits, {damaged} endommagés</translation>
    </message>
    <message>
        <source>damaged: {match}: {reason}</source>
        <translation>endommagé&#xa0;: {match}&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>with no window, the board needs --web PORT</source>
        <translation>sans fenêtre, le tableau a besoin de --web PORT</translation>
    </message>
</context>
<context>
    <name>FinishedPanel</name>
    <message>
        <source>The match sheet [P]</source>
        <translation>La feuille de match [P]</translation>
    </message>
    <message>
        <source>New match [N]</source>
        <translation>Nouveau match [N]</translation>
    </message>
    <message>
        <source>{name} signs the result [Shift+{key}]</source>
        <translation>{name} signe le résultat [Maj+{key}]</translation>
    </message>
    <message>
        <source>{name} has signed ✔</source>
        <translation>{name} a signé ✔</translation>
    </message>
</context>
<context>
    <name>KeysDialog</name>
    <message>
        <source>The desk&apos;s keys</source>
        <translation>Les touches du pupitre</translation>
    </message>
    <message>
        <source>Lag won by player A / B (O: the winner lets the other break; R: re-lag)</source>
        <translation>Tirage gagné par le joueur A / B (O&#xa0;: le gagnant laisse casser l’adversaire&#xa0;; R&#xa0;: nouveau tirage)</translation>
    </message>
    <message>
        <source>The loser&apos;s lag faults; on the shot panel, the called ball (10 on the last key)</source>
        <translation>Les fautes de tirage du perdant&#xa0;; au tir, la bille annoncée (la 10 sur la dernière touche)</translation>
    </message>
    <message>
        <source>A ball that dropped: its number, then its pocket</source>
        <translation>Une bille empochée&#xa0;: son numéro, puis sa poche</translation>
    </message>
    <message>
        <source>Balls to a cushion on the break: first 3 / 4, then one fewer / more</source>
        <translation>Billes à la bande à la casse&#xa0;: d’abord 3 / 4, puis une de moins / de plus</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Entrée</translation>
    </message>
    <message>
        <source>Record the break (a dry break: count, then Enter); called ball made</source>
        <translation>Enregistrer la casse (casse sèche&#xa0;: compter, puis Entrée)&#xa0;; bille annoncée empochée</translation>
    </message>
    <message>
        <source>Scratch (on the break: a foul break, the panel says so before Enter)</source>
        <translation>Blanche empochée (à la casse&#xa0;: casse fautive, le panneau le dit avant Entrée)</translation>
    </message>
    <message>
        <source>The called pocket, as the table is drawn</source>
        <translation>La poche annoncée, comme sur le dessin de la table</translation>
    </message>
    <message>
        <source>Miss / safety / push-out (Shift+P then a foul&apos;s key: a push-out with a foul)</source>
        <translation>Manqué / sécurité / push-out (Maj+P puis la touche d’une faute&#xa0;: push-out avec faute)</translation>
    </message>
    <message>
        <source>Fouls: scratch, wrong ball first, no rail, shot clock, the referee&apos;s</source>
        <translation>Fautes&#xa0;: blanche empochée, mauvaise bille touchée, absence de bande, temps, celles de l’arbitre</translation>
    </message>
    <message>
        <source>Enter / H</source>
        <translation>Entrée / H</translation>
    </message>
    <message>
        <source>After a push-out or a wrongful pocket: shoot / hand the table back</source>
        <translation>Après un push-out ou une bille empochée sans annonce&#xa0;: jouer / rendre la main</translation>
    </message>
    <message>
        <source>Warning given (a player on two fouls)</source>
        <translation>Avertissement donné (un joueur à deux fautes)</translation>
    </message>
    <message>
        <source>Racks only: rack won by A / B (first R, T or F for another way); stalemate</source>
        <translation>Par manches&#xa0;: manche gagnée par A / B (d’abord R, T ou F pour une autre façon)&#xa0;; manche nulle</translation>
    </message>
    <message>
        <source>When the match is over: player A / B signs the result</source>
        <translation>Match terminé&#xa0;: le joueur A / B signe le résultat</translation>
    </message>
    <message>
        <source>Start, pause or resume the shot clock; an extension</source>
        <translation>Lancer, suspendre ou reprendre le temps de tir&#xa0;; une prolongation</translation>
    </message>
    <message>
        <source>Backspace</source>
        <translation>Retour arrière</translation>
    </message>
    <message>
        <source>Undo the last event (asks when the score changes)</source>
        <translation>Défaire le dernier événement (demande confirmation si le score change)</translation>
    </message>
    <message>
        <source>Record the undone event again</source>
        <translation>Enregistrer à nouveau l’événement défait</translation>
    </message>
    <message>
        <source>When the match is over: its sheet / a new match</source>
        <translation>Match terminé&#xa0;: sa feuille / un nouveau match</translation>
    </message>
    <message>
        <source>A new match; the Matches page (Esc: back to the desk)</source>
        <translation>Un nouveau match&#xa0;; la page des matchs (Échap&#xa0;: retour au pupitre)</translation>
    </message>
    <message>
        <source>Penalty, concession, stalemate, note</source>
        <translation>Pénalité, abandon, manche nulle, note</translation>
    </message>
    <message>
        <source>The shot clock for the players</source>
        <translation>Le temps de tir pour les joueurs</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>Touche</translation>
    </message>
    <message>
        <source>What it records or does</source>
        <translation>Ce qu’elle enregistre ou fait</translation>
    </message>
</context>
<context>
    <name>LagPanel</name>
    <message>
        <source>Who won the lag? The winner chooses who breaks.</source>
        <translation>Qui a gagné le tirage à la bande&#xa0;? Le gagnant choisit qui casse.</translation>
    </message>
    <message>
        <source>The winner lets the opponent break [O]</source>
        <translation>Le gagnant laisse casser l’adversaire [O]</translation>
    </message>
    <message>
        <source>Lag faults of the loser (for the sheet):</source>
        <translation>Fautes du perdant au tirage (pour la feuille)&#xa0;:</translation>
    </message>
    <message>
        <source>Re-lag [R]</source>
        <translation>Rejouer le tirage [R]</translation>
    </message>
    <message>
        <source>{name} won the lag [{key}]</source>
        <translation>{name} gagne le tirage [{key}]</translation>
    </message>
</context>
<context>
    <name>LinkLight</name>
    <message>
        <source>Event: connected</source>
        <translation>Événement&#xa0;: connecté</translation>
    </message>
    <message>
        <source>Event: connected as table {table}</source>
        <translation>Événement&#xa0;: connecté comme table {table}</translation>
    </message>
    <message>
        <source>Event: catching up ({n} events behind)</source>
        <translation>Événement&#xa0;: rattrapage ({n} événements en attente)</translation>
    </message>
    <message>
        <source>Event: conflict, the server holds other events for this match (tell the organizer)</source>
        <translation>Événement&#xa0;: conflit, le serveur a d’autres événements pour ce match (prévenez l’organisateur)</translation>
    </message>
    <message>
        <source>Event &gt; Connect…</source>
        <translation>Événement &gt; Se connecter…</translation>
    </message>
    <message>
        <source>Event: wrong key ({connect})</source>
        <translation>Événement&#xa0;: clé refusée ({connect})</translation>
    </message>
    <message>
        <source>Event: error, retrying: {reason}</source>
        <translation>Événement&#xa0;: erreur, nouvel essai&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Event: offline ({n} events to send)</source>
        <translation>Événement&#xa0;: hors ligne ({n} événements à envoyer)</translation>
    </message>
    <message>
        <source>Event: offline</source>
        <translation>Événement&#xa0;: hors ligne</translation>
    </message>
</context>
<context>
    <name>LinkNotices</name>
    <message>
        <source>The event server refused this table&apos;s key: nothing is sent until it is typed again (Event &gt; Connect…). Recording goes on here.</source>
        <translation>Le serveur de l’événement a refusé la clé de cette table&#xa0;: rien n’est envoyé tant qu’elle n’est pas saisie à nouveau (Événement &gt; Se connecter…). La saisie continue ici.</translation>
    </message>
    <message>
        <source>The event server cannot be reached: recording goes on here, and the events are sent when it is back.</source>
        <translation>Le serveur de l’événement est injoignable&#xa0;: l’enregistrement continue ici, et les événements seront envoyés à son retour.</translation>
    </message>
    <message>
        <source>The event server is back: the events recorded meanwhile are being sent.</source>
        <translation>Le serveur de l’événement est de retour&#xa0;: les événements enregistrés entre-temps sont en cours d’envoi.</translation>
    </message>
    <message>
        <source>The organizer entered the result of this match by hand: it is decided on the bracket and this desk&apos;s result will not count. Check with the organizer before playing on.</source>
        <translation>L&apos;organisateur a saisi le résultat de ce match à la main&#xa0;: il est décidé sur le tableau et le résultat de cette table ne comptera pas. Voyez l&apos;organisateur avant de continuer.</translation>
    </message>
</context>
<context>
    <name>LiveOverlay</name>
    <message>
        <source>Live overlay</source>
        <translation>Incrustation en direct</translation>
    </message>
</context>
<context>
    <name>MatchesPage</name>
    <message>
        <source>Matches</source>
        <translation>Matchs</translation>
    </message>
    <message>
        <source>player</source>
        <translation>joueur</translation>
    </message>
    <message>
        <source>New match [Ctrl+N]</source>
        <translation>Nouveau match [Ctrl+N]</translation>
    </message>
    <message>
        <source>Open the selected match [Enter]</source>
        <translation>Ouvrir le match choisi [Entrée]</translation>
    </message>
    <message>
        <source>Load the demo matches [Ctrl+D]</source>
        <translation>Charger les matchs de démonstration [Ctrl+D]</translation>
    </message>
    <message>
        <source>Void the selected match…</source>
        <translation>Invalider le match choisi…</translation>
    </message>
    <message>
        <source>Export PDF sheets…</source>
        <translation>Exporter les feuilles PDF…</translation>
    </message>
    <message>
        <source>All in one PDF…</source>
        <translation>Tout en un PDF…</translation>
    </message>
    <message>
        <source>The selected matches&apos; sheets in one PDF, a page each (a day&apos;s sheets)</source>
        <translation>Les feuilles des matchs choisis dans un seul PDF, une page chacune (les feuilles du jour)</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <source>Export JSON Lines…</source>
        <translation>Exporter en JSON Lines…</translation>
    </message>
    <message>
        <source>Merge other desks…</source>
        <translation>Fusionner d’autres postes…</translation>
    </message>
    <message>
        <source>Statistics…</source>
        <translation>Statistiques…</translation>
    </message>
    <message>
        <source>Print preview…</source>
        <translation>Aperçu avant impression…</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Vainqueur</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Compétition</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Referee</source>
        <translation>Arbitre</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Fin</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>tous les états</translation>
    </message>
    <message>
        <source>in progress</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>void</source>
        <translation>invalidé</translation>
    </message>
    <message>
        <source>Wait for the work under way to finish, or cancel it.</source>
        <translation>Attendez la fin du travail en cours, ou annulez-le.</translation>
    </message>
    <message>
        <source>Reading the matches</source>
        <translation>Lecture des matchs</translation>
    </message>
    <message>
        <source>any event</source>
        <translation>toutes les compétitions</translation>
    </message>
    <message>
        <source>damaged</source>
        <translation>endommagé</translation>
    </message>
    <message>
        <source>TAMPERED</source>
        <translation>FALSIFIÉ</translation>
    </message>
    <message>
        <source>{n} matches: choose one with the arrows, then Enter.</source>
        <translation>{n} matchs&#xa0;: choisissez-en un avec les flèches, puis Entrée.</translation>
    </message>
    <message>
        <source>Select one match to void.</source>
        <translation>Choisissez un seul match à invalider.</translation>
    </message>
    <message>
        <source>Opening the match</source>
        <translation>Ouverture du match</translation>
    </message>
    <message>
        <source>Voiding the match</source>
        <translation>Invalidation du match</translation>
    </message>
    <message>
        <source>Void: {a} v {b}. It counts nowhere; its log stays.</source>
        <translation>Invalidé&#xa0;: {a} – {b}. Il ne compte nulle part&#xa0;; son journal reste.</translation>
    </message>
    <message>
        <source>Export to which folder?</source>
        <translation>Exporter dans quel dossier&#xa0;?</translation>
    </message>
    <message>
        <source>match-sheets.pdf</source>
        <translation>feuilles-de-match.pdf</translation>
    </message>
    <message>
        <source>One PDF of the sheets</source>
        <translation>Un seul PDF des feuilles</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Databases of other desks</source>
        <translation>Bases des autres postes</translation>
    </message>
    <message>
        <source>Match databases (*.db);;All files (*)</source>
        <translation>Bases de matchs (*.db);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Select one or more matches first.</source>
        <translation>Choisissez d’abord un ou plusieurs matchs.</translation>
    </message>
    <message>
        <source>1 file written to {folder}</source>
        <translation>1 fichier écrit dans {folder}</translation>
    </message>
    <message>
        <source>{n} files written to {folder}</source>
        <translation>{n} fichiers écrits dans {folder}</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportation</translation>
    </message>
    <message>
        <source>date ({month} or {day})</source>
        <translation>date ({month} ou {day})</translation>
    </message>
    <message>
        <source>{n} sheets in {file}</source>
        <translation>{n} feuilles dans {file}</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>Fusion</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Print preview</source>
        <translation>Aperçu avant impression</translation>
    </message>
    <message>
        <source>Back to the desk [Esc]</source>
        <translation>Retour au pupitre [Échap]</translation>
    </message>
</context>
<context>
    <name>Mirror</name>
    <message>
        <source>Updated at {time}</source>
        <translation>Mis à jour à {time}</translation>
    </message>
    <message>
        <source>The venue is offline since {time}: this page shows what it sent last.</source>
        <translation>La salle est hors ligne depuis {time}&#xa0;: cette page montre ce qu’elle a envoyé en dernier.</translation>
    </message>
</context>
<context>
    <name>NewMatchDialog</name>
    <message>
        <source>New match</source>
        <translation>Nouveau match</translation>
    </message>
    <message>
        <source>alternate</source>
        <translation>en alternance</translation>
    </message>
    <message>
        <source>winner breaks</source>
        <translation>le gagnant casse</translation>
    </message>
    <message>
        <source>loser breaks</source>
        <translation>le perdant casse</translation>
    </message>
    <message>
        <source>Shot clock</source>
        <translation>Chronomètre de tir</translation>
    </message>
    <message>
        <source>Player A</source>
        <translation>Joueur A</translation>
    </message>
    <message>
        <source>Every shot (a referee records each stroke)</source>
        <translation>Coup par coup (un arbitre enregistre chaque coup)</translation>
    </message>
    <message>
        <source>Racks only (no referee: who won each rack)</source>
        <translation>Par manches (sans arbitre&#xa0;: le vainqueur de chaque manche)</translation>
    </message>
    <message>
        <source>Licence, club (A)</source>
        <translation>Licence, club (A)</translation>
    </message>
    <message>
        <source>Player B</source>
        <translation>Joueur B</translation>
    </message>
    <message>
        <source>Licence, club (B)</source>
        <translation>Licence, club (B)</translation>
    </message>
    <message>
        <source>Race to</source>
        <translation>Manches gagnantes</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Break order</source>
        <translation>Ordre de casse</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>Décompte</translation>
    </message>
    <message>
        <source>Seconds a shot</source>
        <translation>Secondes par coup</translation>
    </message>
    <message>
        <source>Seconds an extension</source>
        <translation>Secondes par prolongation</translation>
    </message>
    <message>
        <source>Extensions per rack</source>
        <translation>Prolongations par manche</translation>
    </message>
    <message>
        <source>Seconds after the break</source>
        <translation>Secondes après la casse</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Compétition</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Referee</source>
        <translation>Arbitre</translation>
    </message>
    <message>
        <source>licence no.</source>
        <translation>licence</translation>
    </message>
    <message>
        <source>club</source>
        <translation>club</translation>
    </message>
    <message>
        <source>Both players need a name.</source>
        <translation>Les deux joueurs doivent avoir un nom.</translation>
    </message>
    <message>
        <source>The two players need different names.</source>
        <translation>Les deux joueurs doivent avoir des noms différents.</translation>
    </message>
</context>
<context>
    <name>NoticeChannel</name>
    <message>
        <source>{what} stopped: {reason}</source>
        <translation>{what}&#xa0;: arrêté — {reason}</translation>
    </message>
    <message>
        <source>{what} failed: {reason}</source>
        <translation>{what}&#xa0;: échec — {reason}</translation>
    </message>
    <message>
        <source>{what} failed: internal error (see the log).</source>
        <translation>{what}&#xa0;: échec, erreur interne (voir le journal).</translation>
    </message>
</context>
<context>
    <name>Notices</name>
    <message>
        <source>Something went wrong: {reason} (see the log).</source>
        <translation>Un problème est survenu&#xa0;: {reason} (voir le journal).</translation>
    </message>
</context>
<context>
    <name>OnlineBox</name>
    <message>
        <source>The event online (a public copy for people outside the hall)</source>
        <translation>L’événement en ligne (une copie publique pour ceux qui ne sont pas dans la salle)</translation>
    </message>
    <message>
        <source>its name online: open-lyon-2027</source>
        <translation>son nom en ligne&#xa0;: open-lyon-2027</translation>
    </message>
    <message>
        <source>Venue&apos;s login file…</source>
        <translation>Fichier de connexion de la salle…</translation>
    </message>
    <message>
        <source>Publish online</source>
        <translation>Publier en ligne</translation>
    </message>
    <message>
        <source>The venue&apos;s login (from mirror add-event)</source>
        <translation>La connexion de la salle (faite par mirror add-event)</translation>
    </message>
    <message>
        <source>Not published online.</source>
        <translation>Non publié en ligne.</translation>
    </message>
    <message>
        <source>Only a tournament kept in the organizer&apos;s database can be published online.</source>
        <translation>Seul un tournoi gardé dans la base de l’organisateur peut être publié en ligne.</translation>
    </message>
    <message>
        <source>The event&apos;s name online is 1 to 40 lower-case letters, digits and dashes.</source>
        <translation>Le nom de l’événement en ligne compte de 1 à 40 lettres minuscules, chiffres et tirets.</translation>
    </message>
    <message>
        <source>Choose the venue&apos;s login file (made by `referee-app mirror add-event`).</source>
        <translation>Choisissez le fichier de connexion de la salle (fait par `referee-app mirror add-event`).</translation>
    </message>
    <message>
        <source>Publishing…</source>
        <translation>Publication…</translation>
    </message>
    <message>
        <source>The online copy is behind since {time}: {why}</source>
        <translation>La copie en ligne est en retard depuis {time}&#xa0;: {why}</translation>
    </message>
    <message>
        <source>The online copy is current.</source>
        <translation>La copie en ligne est à jour.</translation>
    </message>
    <message>
        <source>The online copy is current (last change sent at {time}).</source>
        <translation>La copie en ligne est à jour (dernier changement envoyé à {time}).</translation>
    </message>
</context>
<context>
    <name>OptionPanel</name>
    <message>
        <source>Shoot from here [Enter]</source>
        <translation>Accepter la table [Entrée]</translation>
    </message>
    <message>
        <source>Hand the table back [H]</source>
        <translation>Redonner la main [H]</translation>
    </message>
</context>
<context>
    <name>Organizer</name>
    <message>
        <source>not exported: {reason}</source>
        <translation>non exporté&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>{file}: not merged: {reason}</source>
        <translation>{file}&#xa0;: non fusionné&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>{file}: {added} added, {same} already here, {conflicts} in conflict</source>
        <translation>{file} — ajoutés&#xa0;: {added}, déjà présents&#xa0;: {same}, en conflit&#xa0;: {conflicts}</translation>
    </message>
    <message>
        <source>added: match {id}</source>
        <translation>ajouté&#xa0;: match {id}</translation>
    </message>
    <message>
        <source>carried on: match {id} (the new events of a longer log)</source>
        <translation>complété&#xa0;: match {id} (les nouveaux événements d’un journal plus long)</translation>
    </message>
    <message>
        <source>conflict: match {id} has other events in {file}; not merged</source>
        <translation>conflit&#xa0;: le match {id} a d’autres événements dans {file}&#xa0;; non fusionné</translation>
    </message>
    <message>
        <source>damaged: match {id} in {file}: {reason}; not merged</source>
        <translation>endommagé&#xa0;: match {id} dans {file}&#xa0;: {reason}&#xa0;; non fusionné</translation>
    </message>
    <message>
        <source>not counted: {reason}</source>
        <translation>non compté&#xa0;: {reason}</translation>
    </message>
</context>
<context>
    <name>Overlay</name>
    <message>
        <source>Race to {n}</source>
        <translation>En {n} manches gagnantes</translation>
    </message>
    <message>
        <source>Rack {n}</source>
        <translation>Manche {n}</translation>
    </message>
    <message>
        <source>1 foul</source>
        <translation>1 faute</translation>
    </message>
    <message>
        <source>{n} fouls</source>
        <translation>{n} fautes</translation>
    </message>
    <message>
        <source>warned</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <source>break</source>
        <translation>casse</translation>
    </message>
    <message>
        <source>ball in hand</source>
        <translation>bille en main</translation>
    </message>
    <message>
        <source>ext. {n}</source>
        <translation>prolong. {n}</translation>
    </message>
    <message>
        <source>Waiting for the next match</source>
        <translation>En attente du prochain match</translation>
    </message>
    <message>
        <source>reconnecting…</source>
        <translation>reconnexion…</translation>
    </message>
    <message>
        <source>{name} wins rack {rack}</source>
        <translation>{name} gagne la manche {rack}</translation>
    </message>
    <message>
        <source>{name} wins the match {a}–{b}</source>
        <translation>{name} gagne le match {a}–{b}</translation>
    </message>
    <message>
        <source>Warning: {name} is on two fouls</source>
        <translation>Avertissement&#xa0;: {name} est à deux fautes</translation>
    </message>
    <message>
        <source>Push-out by {name}</source>
        <translation>Push-out de {name}</translation>
    </message>
    <message>
        <source>{name} to choose: play or hand back</source>
        <translation>{name} choisit&#xa0;: jouer ou rendre la main</translation>
    </message>
    <message>
        <source>{name} plays on</source>
        <translation>{name} joue</translation>
    </message>
    <message>
        <source>{name} hands the table back</source>
        <translation>{name} rend la main</translation>
    </message>
    <message>
        <source>Rack {rack}: stalemate, re-rack</source>
        <translation>Manche {rack}&#xa0;: pat, on recasse</translation>
    </message>
</context>
<context>
    <name>OverlayDialog</name>
    <message>
        <source>Live overlay</source>
        <translation>Incrustation en direct</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>Port&#xa0;:</translation>
    </message>
    <message>
        <source>Other devices on the network may connect (TV, phones, a streaming PC)</source>
        <translation>Les autres appareils du réseau peuvent s’y connecter (écran, téléphones, PC de diffusion)</translation>
    </message>
    <message>
        <source>Start the overlay</source>
        <translation>Démarrer l’incrustation</translation>
    </message>
    <message>
        <source>The overlay is off.</source>
        <translation>L’incrustation est arrêtée.</translation>
    </message>
    <message>
        <source>Stop the overlay</source>
        <translation>Arrêter l’incrustation</translation>
    </message>
    <message>
        <source>For OBS or vMix (browser source, 1920×1080):</source>
        <translation>Pour OBS ou vMix (source navigateur, 1920×1080)&#xa0;:</translation>
    </message>
    <message>
        <source>Compact lower third: add ?style=lower; in French: ?lang=fr.</source>
        <translation>Bandeau compact&#xa0;: ajoutez&#xa0;?style=lower&#xa0;; en français&#xa0;:&#xa0;?lang=fr.</translation>
    </message>
    <message>
        <source>For a TV beside the table or a phone:</source>
        <translation>Pour un écran près de la table ou un téléphone&#xa0;:</translation>
    </message>
    <message>
        <source>For vMix&apos;s data source: {url}</source>
        <translation>Pour la source de données de vMix&#xa0;: {url}</translation>
    </message>
</context>
<context>
    <name>Phone</name>
    <message>
        <source>en</source>
        <translation>fr</translation>
    </message>
    <message>
        <source>Table {n}</source>
        <translation>Table {n}</translation>
    </message>
    <message>
        <source>race to {n}</source>
        <translation>en {n} manches</translation>
    </message>
    <message>
        <source>breaks</source>
        <translation>casse</translation>
    </message>
    <message>
        <source>Who won the lag?</source>
        <translation>Qui a gagné le tirage à la bande&#xa0;?</translation>
    </message>
    <message>
        <source>{name} won the lag</source>
        <translation>{name} a gagné le tirage à la bande</translation>
    </message>
    <message>
        <source>Rack to {name}</source>
        <translation>Manche pour {name}</translation>
    </message>
    <message>
        <source>Other ways to win a rack</source>
        <translation>Autres façons de gagner une manche</translation>
    </message>
    <message>
        <source>Break-and-run ({name})</source>
        <translation>Casse et finition ({name})</translation>
    </message>
    <message>
        <source>10 on the break ({name})</source>
        <translation>10 à la casse ({name})</translation>
    </message>
    <message>
        <source>Three fouls by {name}: rack to {other}</source>
        <translation>Trois fautes de {name}&#xa0;: manche pour {other}</translation>
    </message>
    <message>
        <source>Stalemate (rack replayed)</source>
        <translation>Manche nulle (rejouée)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Défaire</translation>
    </message>
    <message>
        <source>Take back the last thing recorded ({what})?</source>
        <translation>Reprendre le dernier enregistrement ({what})&#xa0;?</translation>
    </message>
    <message>
        <source>Sign: {name}</source>
        <translation>Signer&#xa0;: {name}</translation>
    </message>
    <message>
        <source>{name} signed</source>
        <translation>{name} a signé</translation>
    </message>
    <message>
        <source>{winner} wins {a}–{b}</source>
        <translation>{winner} gagne {a}–{b}</translation>
    </message>
    <message>
        <source>Do not agree? Do not sign: tap “I don’t agree” and the organizer is called.</source>
        <translation>Pas d’accord&#xa0;? Ne signez pas&#xa0;: touchez «&#xa0;Je ne suis pas d’accord&#xa0;», l’organisateur est appelé.</translation>
    </message>
    <message>
        <source>I don’t agree ({name})</source>
        <translation>Je ne suis pas d’accord ({name})</translation>
    </message>
    <message>
        <source>Call the organizer: {name} does not agree with “{result}”?</source>
        <translation>Appeler l’organisateur&#xa0;: {name} conteste «&#xa0;{result}&#xa0;»&#xa0;?</translation>
    </message>
    <message>
        <source>{name} does not agree: the organizer is called. Signing withdraws it.</source>
        <translation>{name} conteste le résultat&#xa0;: l’organisateur est appelé. Signer retire la contestation.</translation>
    </message>
    <message>
        <source>The result is in: {winner} wins {a}–{b}.</source>
        <translation>Le résultat est enregistré&#xa0;: {winner} gagne {a}–{b}.</translation>
    </message>
    <message>
        <source>Next on this table: {a} v {b} ({round})</source>
        <translation>Prochain match sur cette table&#xa0;: {a} – {b} ({round})</translation>
    </message>
    <message>
        <source>No match on this table now: the next one comes here by itself.</source>
        <translation>Pas de match sur cette table pour l’instant&#xa0;: le suivant arrivera tout seul.</translation>
    </message>
    <message>
        <source>not sent yet ({n})</source>
        <translation>pas encore envoyé ({n})</translation>
    </message>
    <message>
        <source>sending…</source>
        <translation>envoi…</translation>
    </message>
    <message>
        <source>Already tapped: it counts once, as soon as the laptop confirms it.</source>
        <translation>Déjà touché&#xa0;: compté une seule fois, dès que l’ordinateur le confirme.</translation>
    </message>
    <message>
        <source>That tap was made for the previous match: it was not counted.</source>
        <translation>Ce toucher était pour le match précédent&#xa0;: il n’a pas été compté.</translation>
    </message>
    <message>
        <source>Counted. {score}</source>
        <translation>Compté. {score}</translation>
    </message>
    <message>
        <source>{a} {x}, {b} {y}</source>
        <translation>{a} {x}, {b} {y}</translation>
    </message>
    <message>
        <source>last contact {time}</source>
        <translation>dernier contact à {time}</translation>
    </message>
    <message>
        <source>no contact yet</source>
        <translation>pas encore de contact</translation>
    </message>
    <message>
        <source>The score moved on (another phone?): check it, then tap again.</source>
        <translation>Le score a changé (un autre téléphone&#xa0;?)&#xa0;: vérifiez-le, puis touchez de nouveau.</translation>
    </message>
    <message>
        <source>Refused: {why}</source>
        <translation>Refusé&#xa0;: {why}</translation>
    </message>
    <message>
        <source>To keep this screen on, set your phone&apos;s screen timeout to 10 minutes or more.</source>
        <translation>Pour garder l’écran allumé, réglez la mise en veille du téléphone sur 10 minutes ou plus.</translation>
    </message>
    <message>
        <source>This page needs the link of the table&apos;s card: scan the QR code again.</source>
        <translation>Cette page demande le lien de la carte de la table&#xa0;: scannez de nouveau le QR code.</translation>
    </message>
    <message>
        <source>This match was voided.</source>
        <translation>Ce match a été annulé.</translation>
    </message>
    <message>
        <source>This page needs a newer web browser (Chrome 80, Safari 13.1, Firefox 74 or later): update it.</source>
        <translation>Cette page demande un navigateur plus récent (Chrome 80, Safari 13.1, Firefox 74 ou plus)&#xa0;: mettez-le à jour.</translation>
    </message>
</context>
<context>
    <name>PhoneApi</name>
    <message>
        <source>this link&apos;s key does not open this table: scan the table&apos;s card again</source>
        <translation>la clé de ce lien n’ouvre pas cette table&#xa0;: scannez de nouveau la carte de la table</translation>
    </message>
    <message>
        <source>this card was replaced: scan the new card</source>
        <translation>cette carte a été remplacée&#xa0;: scannez la nouvelle carte</translation>
    </message>
    <message>
        <source>this table is no longer scored on the phones: ask the organizer</source>
        <translation>cette table n’est plus marquée sur les téléphones&#xa0;: demandez à l’organisateur</translation>
    </message>
    <message>
        <source>each player signs on their own phone: {name} signed on this one, {other} signs on theirs</source>
        <translation>chaque joueur signe sur son propre téléphone&#xa0;: {name} a signé sur celui-ci, {other} signe sur le sien</translation>
    </message>
    <message>
        <source>there is no table {table} scored on the phones</source>
        <translation>il n’y a pas de table {table} marquée sur les téléphones</translation>
    </message>
    <message>
        <source>the request is too large (16 KiB at most)</source>
        <translation>la requête est trop grande (16 Kio au plus)</translation>
    </message>
    <message>
        <source>too many wrong keys from this device: wait a minute, then scan the card again</source>
        <translation>trop de mauvaises clés depuis cet appareil&#xa0;: attendez une minute, puis scannez de nouveau la carte</translation>
    </message>
    <message>
        <source>the request is not JSON</source>
        <translation>la requête n’est pas du JSON</translation>
    </message>
    <message>
        <source>the request&apos;s {field} is missing or not valid</source>
        <translation>le champ {field} de la requête manque ou n’est pas valable</translation>
    </message>
    <message>
        <source>the request has an unknown field {field}</source>
        <translation>la requête a un champ inconnu {field}</translation>
    </message>
    <message>
        <source>a phone cannot record a {type} event</source>
        <translation>un téléphone ne peut pas enregistrer d’événement {type}</translation>
    </message>
    <message>
        <source>an event from a phone carries no seq or at: the laptop numbers and times it</source>
        <translation>un événement venu d’un téléphone ne porte ni seq ni at&#xa0;: l’ordinateur le numérote et l’horodate</translation>
    </message>
    <message>
        <source>the event is not valid: {why}</source>
        <translation>l’événement n’est pas valable&#xa0;: {why}</translation>
    </message>
    <message>
        <source>the laptop could not read or write the tournament just now: nothing was recorded, try again</source>
        <translation>l’ordinateur n’a pas pu lire ou écrire le tournoi à l’instant&#xa0;: rien n’a été enregistré, recommencez</translation>
    </message>
    <message>
        <source>the match is not over: there is no result to dispute yet</source>
        <translation>le match n’est pas fini&#xa0;: il n’y a pas encore de résultat à contester</translation>
    </message>
    <message>
        <source>{name} has signed this result: to change it now, call the organizer</source>
        <translation>{name} a signé ce résultat&#xa0;: pour le changer maintenant, appelez l’organisateur</translation>
    </message>
    <message>
        <source>the request names {field} twice: which one is meant is not clear</source>
        <translation>la requête donne {field} deux fois&#xa0;: on ne sait pas laquelle compte</translation>
    </message>
</context>
<context>
    <name>PhoneCard</name>
    <message>
        <source>Table {n}</source>
        <translation>Table {n}</translation>
    </message>
    <message>
        <source>Scan to score this table</source>
        <translation>Scannez pour marquer cette table</translation>
    </message>
</context>
<context>
    <name>PhonesBox</name>
    <message>
        <source>Phone tables are listed as 5-8 or 5,7.</source>
        <translation>Les tables au téléphone s’écrivent 5-8 ou 5,7.</translation>
    </message>
    <message>
        <source>Already scored on the phones: a lost card&apos;s table gets a new key.</source>
        <translation>Déjà marquées au téléphone&#xa0;: la table d’une carte perdue reçoit une nouvelle clé.</translation>
    </message>
    <message>
        <source>Scored on the phones now: {tables}.</source>
        <translation>Marquées au téléphone désormais&#xa0;: {tables}.</translation>
    </message>
    <message>
        <source>One phone may give both signatures there.</source>
        <translation>Un seul téléphone peut y donner les deux signatures.</translation>
    </message>
    <message>
        <source>None of these tables is scored on the phones.</source>
        <translation>Aucune de ces tables n’est marquée au téléphone.</translation>
    </message>
    <message>
        <source>The phones are scoring {matches} on these tables. Take the tables back anyway? Their phones stop at once, and the result is then typed on the Results tab.</source>
        <translation>Les téléphones marquent {matches} sur ces tables. Les reprendre quand même&#xa0;? Leurs téléphones s’arrêtent aussitôt, et le résultat se saisit alors dans l’onglet Résultats.</translation>
    </message>
    <message>
        <source>The phones go on scoring {tables}.</source>
        <translation>Les téléphones continuent de marquer {tables}.</translation>
    </message>
    <message>
        <source>Scored on a desk again: {tables}.</source>
        <translation>De nouveau marquées sur un poste&#xa0;: {tables}.</translation>
    </message>
    <message>
        <source>Table {table} is not scored on the phones: mark it first.</source>
        <translation>La table {table} n’est pas marquée au téléphone&#xa0;: ajoutez-la d’abord.</translation>
    </message>
    <message>
        <source>New keys for {tables}: the old cards no longer work; print the new ones.</source>
        <translation>Nouvelles clés pour {tables}&#xa0;: les anciennes cartes ne marchent plus&#xa0;; imprimez les nouvelles.</translation>
    </message>
    <message>
        <source>The cards need a tournament kept in the organizer&apos;s database.</source>
        <translation>Les cartes demandent un tournoi gardé dans la base de l’organisateur.</translation>
    </message>
    <message>
        <source>The cards carry the address the phones reach this laptop at: start the players&apos; web page with “Phones and TVs on the venue&apos;s network may connect” first.</source>
        <translation>Les cartes portent l’adresse où les téléphones joignent cet ordinateur&#xa0;: lancez d’abord la page web des joueurs avec «&#xa0;Les téléphones et écrans du réseau de la salle peuvent s’y connecter&#xa0;».</translation>
    </message>
    <message>
        <source>The phone tables&apos; cards</source>
        <translation>Les cartes des tables au téléphone</translation>
    </message>
    <message>
        <source>PDF (*.pdf)</source>
        <translation>PDF (*.pdf)</translation>
    </message>
    <message>
        <source>The cards cannot be written: {why}</source>
        <translation>Les cartes ne peuvent pas être écrites&#xa0;: {why}</translation>
    </message>
    <message>
        <source>{n} cards written to {path} ({url}).</source>
        <translation>{n} cartes écrites dans {path} ({url}).</translation>
    </message>
    <message>
        <source>No table is scored on the phones: every table is a desk&apos;s.</source>
        <translation>Aucune table n’est marquée au téléphone&#xa0;: chaque table a son poste.</translation>
    </message>
    <message>
        <source>no match on it</source>
        <translation>aucun match</translation>
    </message>
    <message>
        <source>waiting for both signatures</source>
        <translation>attend les deux signatures</translation>
    </message>
    <message>
        <source>{match}: starting</source>
        <translation>{match}&#xa0;: commence</translation>
    </message>
    <message>
        <source>{match}: {a} v {b}</source>
        <translation>{match}&#xa0;: {a} – {b}</translation>
    </message>
    <message>
        <source>one phone signs for both</source>
        <translation>un seul téléphone signe pour les deux</translation>
    </message>
    <message>
        <source>key …{end}</source>
        <translation>clé …{end}</translation>
    </message>
    <message>
        <source>no key here</source>
        <translation>pas de clé ici</translation>
    </message>
    <message>
        <source>not on the network</source>
        <translation>pas sur le réseau</translation>
    </message>
    <message>
        <source>Table {table}: {what} · {key} · {link}</source>
        <translation>Table {table}&#xa0;: {what} · {key} · {link}</translation>
    </message>
    <message>
        <source>Tables scored on the players&apos; phones</source>
        <translation>Tables marquées sur les téléphones des joueurs</translation>
    </message>
    <message>
        <source>P&amp;hone tables</source>
        <translation>Tables au &amp;téléphone</translation>
    </message>
    <message>
        <source>5-8 or 5,7</source>
        <translation>5-8 ou 5,7</translation>
    </message>
    <message>
        <source>Score on phones [Ctrl+Shift+H]</source>
        <translation>Marquer au téléphone [Ctrl+Shift+H]</translation>
    </message>
    <message>
        <source>Back to a desk [Ctrl+Shift+J]</source>
        <translation>Rendre à un poste [Ctrl+Shift+J]</translation>
    </message>
    <message>
        <source>New key, a card lost [Ctrl+Shift+L]</source>
        <translation>Nouvelle clé, carte perdue [Ctrl+Shift+L]</translation>
    </message>
    <message>
        <source>Print cards… [Ctrl+Shift+M]</source>
        <translation>Imprimer les cartes… [Ctrl+Shift+M]</translation>
    </message>
    <message>
        <source>One phone signs for both</source>
        <translation>Un seul téléphone signe pour les deux</translation>
    </message>
    <message>
        <source>For the tables marked now: one phone left at the table may give both players&apos; signatures</source>
        <translation>Pour les tables marquées maintenant&#xa0;: un seul téléphone laissé sur la table peut donner les signatures des deux joueurs</translation>
    </message>
</context>
<context>
    <name>Plan</name>
    <message>
        <source>the losers&apos; side and the hot seat play first ({match})</source>
        <translation>le tableau perdants et le hot seat passent d’abord ({match})</translation>
    </message>
    <message>
        <source>an earlier round plays first ({match})</source>
        <translation>un tour précédent passe d’abord ({match})</translation>
    </message>
    <message>
        <source>the groups play before the knockout ({match})</source>
        <translation>les poules passent avant la phase finale ({match})</translation>
    </message>
    <message>
        <source>the groups whose winners meet first in the knockout play first, so it can start sooner ({match})</source>
        <translation>les poules dont les vainqueurs se rencontrent les premiers dans la phase finale passent d’abord, pour qu’elle commence plus tôt ({match})</translation>
    </message>
    <message>
        <source>{players} players: {n} matches.</source>
        <translation>{players} joueurs&#xa0;: {n} matchs.</translation>
    </message>
    <message>
        <source>{players} players: {n} matches, {most} if the second final is played.</source>
        <translation>{players} joueurs&#xa0;: {n} matchs, {most} si la seconde finale est jouée.</translation>
    </message>
    <message>
        <source>The longest chain a player can face: {chain} matches.</source>
        <translation>Le plus long parcours d’un joueur&#xa0;: {chain} matchs.</translation>
    </message>
    <message>
        <source>The longest chain a player can face: {chain} matches, the second final included.</source>
        <translation>Le plus long parcours d’un joueur&#xa0;: {chain} matchs, seconde finale comprise.</translation>
    </message>
</context>
<context>
    <name>PlayerCard</name>
    <message>
        <source>winner</source>
        <translation>vainqueur</translation>
    </message>
    <message>
        <source>at the table</source>
        <translation>à la main</translation>
    </message>
</context>
<context>
    <name>PlayersClock</name>
    <message>
        <source>Shot clock</source>
        <translation>Chronomètre de tir</translation>
    </message>
    <message>
        <source>Extensions left: {a} {na} · {b} {nb}</source>
        <translation>Prolongations restantes&#xa0;: {a} {na} · {b} {nb}</translation>
    </message>
</context>
<context>
    <name>Pocket</name>
    <message>
        <source>HL</source>
        <translation>BG</translation>
    </message>
    <message>
        <source>SL</source>
        <translation>MG</translation>
    </message>
    <message>
        <source>FL</source>
        <translation>HG</translation>
    </message>
    <message>
        <source>HR</source>
        <translation>BD</translation>
    </message>
    <message>
        <source>SR</source>
        <translation>MD</translation>
    </message>
    <message>
        <source>FR</source>
        <translation>HD</translation>
    </message>
</context>
<context>
    <name>Presenter</name>
    <message>
        <source>Race to {race} · Rack {rack} · {rules}</source>
        <translation>En {race} manches gagnantes · Manche {rack} · {rules}</translation>
    </message>
    <message>
        <source>Break: {name}</source>
        <translation>Casse&#xa0;: {name}</translation>
    </message>
    <message>
        <source>The match is void: it counts nowhere.</source>
        <translation>Le match est invalidé&#xa0;: il ne compte nulle part.</translation>
    </message>
    <message>
        <source>{winner} wins the match {a}–{b} ({how}).</source>
        <translation>{winner} gagne le match {a}–{b} ({how}).</translation>
    </message>
    <message>
        <source>Lag for the break: who won it?</source>
        <translation>Tirage à la bande&#xa0;: qui l’a gagné&#xa0;?</translation>
    </message>
    <message>
        <source>Rack {rack}, broken by {name}: who wins it?</source>
        <translation>Manche {rack}, cassée par {name}&#xa0;: qui la gagne&#xa0;?</translation>
    </message>
    <message>
        <source>{name} to break, cue ball in hand behind the head string.</source>
        <translation>{name} casse, bille en main derrière la ligne de départ.</translation>
    </message>
    <message>
        <source>{name} to choose: shoot from here, or hand the table back.</source>
        <translation>{name} choisit&#xa0;: accepter la table ou redonner la main.</translation>
    </message>
    <message>
        <source>{name} to shoot, ball in hand anywhere on the table.</source>
        <translation>{name} joue, bille en main sur toute la table.</translation>
    </message>
    <message>
        <source>{name} to shoot.</source>
        <translation>{name} joue.</translation>
    </message>
    <message>
        <source>A push-out is allowed.</source>
        <translation>Un push-out est permis.</translation>
    </message>
    <message>
        <source>Rack {rack}: {how}, replayed.</source>
        <translation>Manche {rack}&#xa0;: {how}, à rejouer.</translation>
    </message>
    <message>
        <source>Rack {rack} to {name} ({how}), {a}–{b}.</source>
        <translation>Manche {rack} pour {name} ({how}), {a}–{b}.</translation>
    </message>
    <message>
        <source>Ball in hand behind the head string</source>
        <translation>Bille en main derrière la ligne de départ</translation>
    </message>
    <message>
        <source>Ball in hand anywhere</source>
        <translation>Bille en main sur toute la table</translation>
    </message>
    <message>
        <source>2 fouls · WARNED</source>
        <translation>2 fautes · AVERTISSEMENT DONNÉ</translation>
    </message>
    <message>
        <source>2 fouls · warning due</source>
        <translation>2 fautes · avertissement à donner</translation>
    </message>
    <message>
        <source>Fouls: {count}</source>
        <translation>Fautes&#xa0;: {count}</translation>
    </message>
    <message>
        <source>Extensions: {count}</source>
        <translation>Prolongations&#xa0;: {count}</translation>
    </message>
    <message>
        <source>Spot the 10 on the foot spot</source>
        <translation>Replacer la 10 sur le point de replacement</translation>
    </message>
    <message>
        <source>{name} is on two consecutive fouls. Give the warning before the next shot.</source>
        <translation>{name} a commis deux fautes consécutives. Donnez l’avertissement avant le prochain coup.</translation>
    </message>
    <message>
        <source>Enter records a foul break: {fouls}.</source>
        <translation>Entrée enregistre une casse en faute&#xa0;: {fouls}.</translation>
    </message>
    <message>
        <source>Enter records a legal break.</source>
        <translation>Entrée enregistre une casse valide.</translation>
    </message>
    <message>
        <source>Foul by {name}: {fouls}.</source>
        <translation>Faute de {name}&#xa0;: {fouls}.</translation>
    </message>
    <message>
        <source>Not signed yet: each player signs the result.</source>
        <translation>Pas encore signé&#xa0;: chaque joueur signe le résultat.</translation>
    </message>
    <message>
        <source>Signed by: {names}</source>
        <translation>Signé par&#xa0;: {names}</translation>
    </message>
</context>
<context>
    <name>Preset</name>
    <message>
        <source>WPA world standardized rules</source>
        <translation>Règles mondiales WPA</translation>
    </message>
    <message>
        <source>FFB (French federation)</source>
        <translation>FFB (Fédération Française de Billard)</translation>
    </message>
</context>
<context>
    <name>RackPanel</name>
    <message>
        <source>Not an ordinary rack? Choose how it was won first, then the winner&apos;s button:</source>
        <translation>Une manche pas ordinaire&#xa0;? Choisissez d’abord comment elle a été gagnée, puis le bouton du vainqueur&#xa0;:</translation>
    </message>
    <message>
        <source>Break-and-run [R]</source>
        <translation>Casse et finition [R]</translation>
    </message>
    <message>
        <source>10 on the break [T]</source>
        <translation>10 à la casse [T]</translation>
    </message>
    <message>
        <source>Three fouls by the opponent [F]</source>
        <translation>Trois fautes de l’adversaire [F]</translation>
    </message>
    <message>
        <source>Stalemate: the rack is replayed [S]</source>
        <translation>Manche nulle&#xa0;: elle est rejouée [S]</translation>
    </message>
    <message>
        <source>{name}
won the rack [{key}]</source>
        <translation>{name}
a gagné la manche [{key}]</translation>
    </message>
</context>
<context>
    <name>Refusal</name>
    <message>
        <source>The match is void: only a note or an undo can be recorded.</source>
        <translation>Le match est invalidé&#xa0;: seule une note ou une correction peut être enregistrée.</translation>
    </message>
    <message>
        <source>The match has a result: to void it, undo the event that won it first.</source>
        <translation>Le match a un résultat&#xa0;: pour l’invalider, défaites d’abord l’événement qui l’a gagné.</translation>
    </message>
    <message>
        <source>The lag has not been decided yet: record the lag first.</source>
        <translation>Le tirage à la bande n’est pas encore joué&#xa0;: enregistrez-le d’abord.</translation>
    </message>
    <message>
        <source>The lag has already been decided.</source>
        <translation>Le tirage à la bande est déjà joué.</translation>
    </message>
    <message>
        <source>The match has already started.</source>
        <translation>Le match a déjà commencé.</translation>
    </message>
    <message>
        <source>It is {due}&apos;s turn, not {player}&apos;s.</source>
        <translation>C’est à {due} de jouer, pas à {player}.</translation>
    </message>
    <message>
        <source>No break is due now: the rack has already been broken.</source>
        <translation>Pas de casse maintenant&#xa0;: elle a déjà été jouée.</translation>
    </message>
    <message>
        <source>The rack has not been broken yet: record the break first.</source>
        <translation>La casse n’a pas encore été jouée&#xa0;: enregistrez-la d’abord.</translation>
    </message>
    <message>
        <source>{chooser} must first choose: shoot, or hand the table back.</source>
        <translation>{chooser} doit d’abord choisir&#xa0;: accepter la table ou redonner la main.</translation>
    </message>
    <message>
        <source>No option is offered now.</source>
        <translation>Aucun choix n’est proposé maintenant.</translation>
    </message>
    <message>
        <source>A push-out is only allowed on the first shot after a legal break.</source>
        <translation>Le push-out n’est permis qu’au premier coup après une casse valide.</translation>
    </message>
    <message>
        <source>Under {rules} rules nothing can be announced on the break.</source>
        <translation>Règles {rules}&#xa0;: pas d’annonce à la casse.</translation>
    </message>
    <message>
        <source>The foul &apos;{foul}&apos; does not apply to {stroke}.</source>
        <translation>La faute «&#xa0;{foul}&#xa0;» ne s’applique pas à {stroke}.</translation>
    </message>
    <message>
        <source>This match is scored by racks: only who won each rack is recorded, not {event}.</source>
        <translation>Ce match se compte par manches&#xa0;: on n’enregistre que le vainqueur de chaque manche, pas {event}.</translation>
    </message>
    <message>
        <source>This match is scored shot by shot: record the strokes, not only who won the rack.</source>
        <translation>Ce match se compte coup par coup&#xa0;: enregistrez les coups, pas seulement le vainqueur de la manche.</translation>
    </message>
    <message>
        <source>Under {rules} rules the 10 on the break is spotted: it does not win the rack.</source>
        <translation>Règles {rules}&#xa0;: la 10 empochée à la casse est replacée, elle ne gagne pas la manche.</translation>
    </message>
    <message>
        <source>Only the breaker can win a rack by {how}: {breaker} broke this rack, not {player}.</source>
        <translation>Seul le casseur peut gagner une manche par «&#xa0;{how}&#xa0;»&#xa0;: {breaker} a cassé cette manche, pas {player}.</translation>
    </message>
    <message>
        <source>The result can only be signed once the match is finished.</source>
        <translation>Le résultat ne se signe qu’une fois le match terminé.</translation>
    </message>
    <message>
        <source>The match is void: there is no result to sign.</source>
        <translation>Le match est invalidé&#xa0;: il n’y a pas de résultat à signer.</translation>
    </message>
    <message>
        <source>{player} has already signed the result.</source>
        <translation>{player} a déjà signé le résultat.</translation>
    </message>
    <message>
        <source>a break</source>
        <translation>une casse</translation>
    </message>
    <message>
        <source>a push-out</source>
        <translation>un push-out</translation>
    </message>
    <message>
        <source>a shot</source>
        <translation>un coup</translation>
    </message>
    <message>
        <source>an option</source>
        <translation>un choix</translation>
    </message>
    <message>
        <source>a warning</source>
        <translation>un avertissement</translation>
    </message>
    <message>
        <source>a shot-clock extension</source>
        <translation>une prolongation du temps de tir</translation>
    </message>
    <message>
        <source>a foul penalty</source>
        <translation>une pénalité de faute</translation>
    </message>
    <message>
        <source>Ball {ball} is not on the table.</source>
        <translation>La bille {ball} n’est pas sur la table.</translation>
    </message>
    <message>
        <source>The match is over: only a note, a signature or an undo can be recorded.</source>
        <translation>Le match est terminé&#xa0;: seule une note, une signature ou une annulation peut être enregistrée.</translation>
    </message>
    <message>
        <source>{player} is not on two consecutive fouls: no warning is due.</source>
        <translation>{player} n’a pas deux fautes consécutives&#xa0;: pas d’avertissement à donner.</translation>
    </message>
    <message>
        <source>{player} has already been warned.</source>
        <translation>{player} a déjà reçu l’avertissement.</translation>
    </message>
    <message>
        <source>This match is played without a shot clock.</source>
        <translation>Ce match se joue sans chronomètre.</translation>
    </message>
    <message>
        <source>{player} is not about to shoot: an extension is taken before one&apos;s own shot.</source>
        <translation>{player} ne joue pas maintenant&#xa0;: une prolongation se prend avant son propre coup.</translation>
    </message>
    <message>
        <source>{player} has no extension left in this rack.</source>
        <translation>{player} n’a plus de prolongation dans cette manche.</translation>
    </message>
    <message>
        <source>A foul penalty cannot be given while the break is due.</source>
        <translation>Une pénalité «&#xa0;faute&#xa0;» ne peut pas être infligée avant la casse.</translation>
    </message>
    <message>
        <source>A stalemate cannot be declared before the rack is broken.</source>
        <translation>La manche ne peut pas être déclarée nulle avant la casse.</translation>
    </message>
    <message>
        <source>There is nothing to undo.</source>
        <translation>Il n’y a rien à annuler.</translation>
    </message>
    <message>
        <source>Only the latest event still in force can be undone (event {latest}), not event {target}.</source>
        <translation>Seul le dernier événement en vigueur peut être annulé (événement {latest}), pas l’événement {target}.</translation>
    </message>
    <message>
        <source>The start of the match cannot be undone.</source>
        <translation>Le début du match ne peut pas être annulé.</translation>
    </message>
</context>
<context>
    <name>ReplayDialog</name>
    <message>
        <source>Replay</source>
        <translation>Revoir le match</translation>
    </message>
    <message>
        <source>◀ Previous [Left]</source>
        <translation>◀ Précédent [Gauche]</translation>
    </message>
    <message>
        <source>Next [Right] ▶</source>
        <translation>Suivant [Droite] ▶</translation>
    </message>
    <message>
        <source>Rack {n}</source>
        <translation>Manche {n}</translation>
    </message>
    <message>
        <source>(voided by an undo)</source>
        <translation>(annulé)</translation>
    </message>
</context>
<context>
    <name>ResultsTab</name>
    <message>
        <source>Pick a match in the list first.</source>
        <translation>Choisissez d’abord un match dans la liste.</translation>
    </message>
    <message>
        <source>Table {table} is recording this match ({playing}). Record {winner} wins {a}-{b} anyway? The desk is told that its match was decided, and its result will not count.</source>
        <translation>La table {table} enregistre ce match ({playing}). Enregistrer quand même {winner} gagne {a}-{b}&#xa0;? La table est prévenue que son match est décidé, et son résultat ne comptera pas.</translation>
    </message>
    <message>
        <source>Nothing recorded: the desk plays on.</source>
        <translation>Rien n&apos;est enregistré&#xa0;: la table continue.</translation>
    </message>
    <message>
        <source>{id}: {winner} wins {a}-{b}.</source>
        <translation>{id}&#xa0;: {winner} gagne {a}-{b}.</translation>
    </message>
    <message>
        <source>{id}: {winner} wins by walkover ({absent} does not play).</source>
        <translation>{id}&#xa0;: {winner} gagne par forfait ({absent} ne joue pas).</translation>
    </message>
    <message>
        <source>{id} becomes: {winner} wins {a}-{b}.</source>
        <translation>{id} devient&#xa0;: {winner} gagne {a}-{b}.</translation>
    </message>
    <message>
        <source>Corrected.</source>
        <translation>Corrigé.</translation>
    </message>
    <message>
        <source>{id} is not scored on the phones: type its result.</source>
        <translation>{id} n’est pas marqué sur les téléphones&#xa0;: saisissez son résultat.</translation>
    </message>
    <message>
        <source>{id}: {winner} wins {a}-{b}, the phone&apos;s result accepted.</source>
        <translation>{id}&#xa0;: {winner} gagne {a}-{b}, le résultat du téléphone est accepté.</translation>
    </message>
    <message>
        <source>The dispute is settled.</source>
        <translation>La contestation est réglée.</translation>
    </message>
    <message>
        <source>A finished phone match now counts at once, without signatures.</source>
        <translation>Un match fini sur téléphone compte désormais tout de suite, sans signatures.</translation>
    </message>
    <message>
        <source>A phone match now counts once both players have signed it.</source>
        <translation>Un match sur téléphone compte désormais quand les deux joueurs l’ont signé.</translation>
    </message>
    <message>
        <source>result disputed ({who})</source>
        <translation>résultat contesté ({who})</translation>
    </message>
    <message>
        <source>over on the phone ({a}-{b}), not signed by both</source>
        <translation>fini sur le téléphone ({a}-{b}), pas signé par les deux</translation>
    </message>
    <message>
        <source>{status} · signed on one phone</source>
        <translation>{status} · signé sur un seul téléphone</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>Rien à défaire.</translation>
    </message>
    <message>
        <source>Undo {what}?</source>
        <translation>Défaire {what}&#xa0;?</translation>
    </message>
    <message>
        <source>Nothing undone.</source>
        <translation>Rien n’est défait.</translation>
    </message>
    <message>
        <source>Undone: {what}. Nothing is erased (the log keeps it): Ctrl+Shift+Z does it again.</source>
        <translation>Défait&#xa0;: {what}. Rien n’est effacé (le journal le garde)&#xa0;: Ctrl+Maj+Z le refait.</translation>
    </message>
    <message>
        <source>Done again: {what}.</source>
        <translation>Refait&#xa0;: {what}.</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Match</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Player A</source>
        <translation>Joueur A</translation>
    </message>
    <message>
        <source>Player B</source>
        <translation>Joueur B</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>&amp;Winner</source>
        <translation>&amp;Vainqueur</translation>
    </message>
    <message>
        <source>Score (A, B)</source>
        <translation>Score (A, B)</translation>
    </message>
    <message>
        <source>Record the result [Ctrl+Enter]</source>
        <translation>Enregistrer le résultat [Ctrl+Entrée]</translation>
    </message>
    <message>
        <source>Walkover to the winner [Ctrl+Shift+W]</source>
        <translation>Victoire par forfait [Ctrl+Maj+W]</translation>
    </message>
    <message>
        <source>Correct… [Ctrl+Shift+R]</source>
        <translation>Corriger… [Ctrl+Maj+R]</translation>
    </message>
    <message>
        <source>Undo the last decision [Ctrl+Z]</source>
        <translation>Défaire la dernière décision [Ctrl+Z]</translation>
    </message>
    <message>
        <source>Redo [Ctrl+Shift+Z]</source>
        <translation>Refaire [Ctrl+Maj+Z]</translation>
    </message>
    <message>
        <source>Accept the phone&apos;s result [Ctrl+Shift+A]</source>
        <translation>Accepter le résultat du téléphone [Ctrl+Maj+A]</translation>
    </message>
    <message>
        <source>The phone match counts as its players scored it, signed or not; a dispute is settled.</source>
        <translation>Le match compte tel que les joueurs l’ont marqué, signé ou non&#xa0;; une contestation est réglée.</translation>
    </message>
    <message>
        <source>Take the phones&apos; results without signatures (a weekly bar night): a finished match counts at once</source>
        <translation>Prendre les résultats des téléphones sans signatures (soirée hebdomadaire au bar)&#xa0;: un match fini compte tout de suite</translation>
    </message>
</context>
<context>
    <name>Sheet</name>
    <message>
        <source>10-ball match sheet</source>
        <translation>Feuille de match – jeu de la 10</translation>
    </message>
    <message>
        <source>Racks</source>
        <translation>Manches</translation>
    </message>
    <message>
        <source>No rack completed.</source>
        <translation>Aucune manche terminée.</translation>
    </message>
    <message>
        <source>Corrections (undone events)</source>
        <translation>Corrections (événements annulés)</translation>
    </message>
    <message>
        <source>Signatures</source>
        <translation>Signatures</translation>
    </message>
    <message>
        <source>Lag</source>
        <translation>Tirage à la bande</translation>
    </message>
    <message>
        <source>Not signed</source>
        <translation>Non signé</translation>
    </message>
    <message>
        <source>Both signatures were given on the same phone.</source>
        <translation>Les deux signatures ont été données sur le même téléphone.</translation>
    </message>
    <message>
        <source>foul: {fouls}</source>
        <translation>faute&#xa0;: {fouls}</translation>
    </message>
    <message>
        <source>{n} down ({balls})</source>
        <translation>{n} en poche ({balls})</translation>
    </message>
    <message>
        <source>dry</source>
        <translation>casse sèche</translation>
    </message>
    <message>
        <source>shoot</source>
        <translation>table acceptée</translation>
    </message>
    <message>
        <source>hand back</source>
        <translation>main redonnée</translation>
    </message>
    <message>
        <source>time foul by {name}</source>
        <translation>faute de temps de {name}</translation>
    </message>
    <message>
        <source>{rules}, scored by racks</source>
        <translation>{rules}, compté par manches</translation>
    </message>
    <message>
        <source>won by {winner}, {breaker} breaks</source>
        <translation>gagné par {winner}, {breaker} casse</translation>
    </message>
    <message>
        <source>faults of {name}: {faults}</source>
        <translation>fautes de {name}&#xa0;: {faults}</translation>
    </message>
    <message>
        <source>re-lags: {n}</source>
        <translation>tirages rejoués&#xa0;: {n}</translation>
    </message>
    <message>
        <source>Rack {rack}: {text}</source>
        <translation>Manche {rack}&#xa0;: {text}</translation>
    </message>
    <message>
        <source>In play: {score}, lag for the break.</source>
        <translation>En cours&#xa0;: {score}, tirage à la bande à jouer.</translation>
    </message>
    <message>
        <source>In play: {score}, rack {rack}, broken by {name}.</source>
        <translation>En cours&#xa0;: {score}, manche {rack}, cassée par {name}.</translation>
    </message>
    <message>
        <source>In play: {score}, rack {rack}, {name} at the table.</source>
        <translation>En cours&#xa0;: {score}, manche {rack}, {name} à la main.</translation>
    </message>
    <message>
        <source>{year}-{month}-{day}</source>
        <translation>{day}/{month}/{year}</translation>
    </message>
    <message>
        <source>Licence {number}</source>
        <translation>Licence {number}</translation>
    </message>
    <message>
        <source>Signed on {stamp}</source>
        <translation>Signé le {stamp}</translation>
    </message>
    <message>
        <source>{a} v {b}</source>
        <translation>{a} – {b}</translation>
    </message>
    <message>
        <source>Table {table}</source>
        <translation>Table {table}</translation>
    </message>
    <message>
        <source>Winner: {name} ({how})</source>
        <translation>Vainqueur&#xa0;: {name} ({how})</translation>
    </message>
    <message>
        <source>Match not finished</source>
        <translation>Match non terminé</translation>
    </message>
    <message>
        <source>VOID: this match counts nowhere.</source>
        <translation>INVALIDÉ&#xa0;: ce match ne compte nulle part.</translation>
    </message>
    <message>
        <source>Reason: {reason}</source>
        <translation>Motif&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Compétition</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Referee</source>
        <translation>Arbitre</translation>
    </message>
    <message>
        <source>Date</source>
        <translation>Date</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Rules</source>
        <translation>Règles</translation>
    </message>
    <message>
        <source>Race to</source>
        <translation>Manches gagnantes</translation>
    </message>
    <message>
        <source>VOID</source>
        <translation>INVALIDÉ</translation>
    </message>
    <message>
        <source>{label}: {text}</source>
        <translation>{label}&#xa0;: {text}</translation>
    </message>
    <message>
        <source>Rack</source>
        <translation>Manche</translation>
    </message>
    <message>
        <source>Breaker</source>
        <translation>Casseur</translation>
    </message>
    <message>
        <source>Break</source>
        <translation>Casse</translation>
    </message>
    <message>
        <source>Push-out</source>
        <translation>Push-out</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Gagnant</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Fin de manche</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Fouls A</source>
        <translation>Fautes A</translation>
    </message>
    <message>
        <source>Fouls B</source>
        <translation>Fautes B</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>Avert.</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>Pénalités</translation>
    </message>
    <message>
        <source>Concession and stalemates</source>
        <translation>Abandon et manches nulles</translation>
    </message>
    <message>
        <source>Referee&apos;s notes</source>
        <translation>Notes de l’arbitre</translation>
    </message>
    <message>
        <source>Shot clock: extensions and time fouls</source>
        <translation>Chronomètre&#xa0;: prolongations et fautes de temps</translation>
    </message>
    <message>
        <source>Undone at</source>
        <translation>Annulé à</translation>
    </message>
    <message>
        <source>Event no.</source>
        <translation>N° d’événement</translation>
    </message>
    <message>
        <source>What was undone</source>
        <translation>Ce qui a été annulé</translation>
    </message>
    <message>
        <source>Recorded at</source>
        <translation>Enregistré à</translation>
    </message>
    <message>
        <source>Player A: {name}</source>
        <translation>Joueur A&#xa0;: {name}</translation>
    </message>
    <message>
        <source>Player B: {name}</source>
        <translation>Joueur B&#xa0;: {name}</translation>
    </message>
    <message>
        <source>Referee: {name}</source>
        <translation>Arbitre&#xa0;: {name}</translation>
    </message>
    <message>
        <source>Date and time: ____________</source>
        <translation>Date et heure&#xa0;: ____________</translation>
    </message>
    <message>
        <source>Log head (SHA-256)</source>
        <translation>Empreinte du journal (SHA-256)</translation>
    </message>
</context>
<context>
    <name>ShotClockWidget</name>
    <message>
        <source>Start with each shot</source>
        <translation>Lancer à chaque coup</translation>
    </message>
    <message>
        <source>The clock starts by itself once the previous stroke is recorded.</source>
        <translation>Le chronomètre part de lui-même quand le coup précédent est enregistré.</translation>
    </message>
    <message>
        <source>Beep at 10 and 5 s</source>
        <translation>Bip à 10 et 5&#xa0;s</translation>
    </message>
    <message>
        <source>Clock options</source>
        <translation>Options du chronomètre</translation>
    </message>
    <message>
        <source>Pause [K]</source>
        <translation>Pause [K]</translation>
    </message>
    <message>
        <source>Resume [K]</source>
        <translation>Reprendre [K]</translation>
    </message>
    <message>
        <source>Start clock [K]</source>
        <translation>Lancer le chronomètre [K]</translation>
    </message>
    <message>
        <source>Extension [Ctrl+E]</source>
        <translation>Prolongation [Ctrl+E]</translation>
    </message>
</context>
<context>
    <name>ShotPanel</name>
    <message>
        <source>Called ball made [Enter]</source>
        <translation>Annonce réussie [Entrée]</translation>
    </message>
    <message>
        <source>Miss [M]</source>
        <translation>Manqué [M]</translation>
    </message>
    <message>
        <source>Safety [X]</source>
        <translation>Sécurité [X]</translation>
    </message>
    <message>
        <source>Push-out [P]</source>
        <translation>Push-out [P]</translation>
    </message>
    <message>
        <source>Push-out with a foul [Shift+P]</source>
        <translation>Push-out avec faute [Maj+P]</translation>
    </message>
    <message>
        <source>Foul (ball in hand for the opponent):</source>
        <translation>Faute (bille en main pour l’adversaire)&#xa0;:</translation>
    </message>
    <message>
        <source>Call: {ball} in {pocket}</source>
        <translation>Annonce&#xa0;: la {ball} en {pocket}</translation>
    </message>
    <message>
        <source>Choose the called pocket first (keys {keys}, or click it).</source>
        <translation>Choisissez d’abord la poche annoncée (touches {keys}, ou cliquez dessus).</translation>
    </message>
    <message>
        <source>Not recorded: {why}</source>
        <translation>Non enregistré&#xa0;: {why}</translation>
    </message>
    <message>
        <source>Push-out with a foul: which foul?</source>
        <translation>Push-out avec faute&#xa0;: quelle faute&#xa0;?</translation>
    </message>
</context>
<context>
    <name>SignalledSession</name>
    <message>
        <source>This tournament cannot be read again: {why}</source>
        <translation>Ce tournoi ne peut pas être relu&#xa0;: {why}</translation>
    </message>
</context>
<context>
    <name>Stats</name>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Matches</source>
        <translation>Matchs</translation>
    </message>
    <message>
        <source>Won</source>
        <translation>Gagnés</translation>
    </message>
    <message>
        <source>Won (%)</source>
        <translation>Gagnés (%)</translation>
    </message>
    <message>
        <source>Racks won</source>
        <translation>Manches gagnées</translation>
    </message>
    <message>
        <source>Breaks</source>
        <translation>Casses</translation>
    </message>
    <message>
        <source>Ball made on the break</source>
        <translation>Casses avec bille empochée</translation>
    </message>
    <message>
        <source>Dry breaks</source>
        <translation>Casses sèches</translation>
    </message>
    <message>
        <source>Break fouls</source>
        <translation>Fautes à la casse</translation>
    </message>
    <message>
        <source>Break-and-runs</source>
        <translation>Casse et finition</translation>
    </message>
    <message>
        <source>Push-outs</source>
        <translation>Push-outs</translation>
    </message>
    <message>
        <source>Push-outs: shot</source>
        <translation>Push-outs&#xa0;: table acceptée</translation>
    </message>
    <message>
        <source>Push-outs: handed back</source>
        <translation>Push-outs&#xa0;: main redonnée</translation>
    </message>
    <message>
        <source>Options: shot</source>
        <translation>Choix&#xa0;: table acceptée</translation>
    </message>
    <message>
        <source>Options: handed back</source>
        <translation>Choix&#xa0;: main redonnée</translation>
    </message>
    <message>
        <source>Safeties</source>
        <translation>Sécurités</translation>
    </message>
    <message>
        <source>Fouls</source>
        <translation>Fautes</translation>
    </message>
    <message>
        <source>Three-foul losses</source>
        <translation>Manches perdues sur trois fautes</translation>
    </message>
    <message>
        <source>Innings</source>
        <translation>Reprises</translation>
    </message>
    <message>
        <source>Timed shots</source>
        <translation>Coups chronométrés</translation>
    </message>
    <message>
        <source>Mean shot (s)</source>
        <translation>Coup moyen (s)</translation>
    </message>
    <message>
        <source>Longest shot (s)</source>
        <translation>Coup le plus long (s)</translation>
    </message>
</context>
<context>
    <name>StatsDialog</name>
    <message>
        <source>Statistics</source>
        <translation>Statistiques</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>Exporter en CSV…</translation>
    </message>
    <message>
        <source>Export the statistics</source>
        <translation>Exporter les statistiques</translation>
    </message>
    <message>
        <source>Written: {path}</source>
        <translation>Écrit&#xa0;: {path}</translation>
    </message>
</context>
<context>
    <name>Store</name>
    <message>
        <source>tournament {id} is already in {path}</source>
        <translation>le tournoi {id} est déjà dans {path}</translation>
    </message>
    <message>
        <source>there is no tournament {id} in {path}</source>
        <translation>il n’y a pas de tournoi {id} dans {path}</translation>
    </message>
    <message>
        <source>tournament {id} moved on (its last event is {last}): open it again</source>
        <translation>le tournoi {id} a avancé entre-temps (son dernier événement est le {last})&#xa0;: rouvrez-le</translation>
    </message>
    <message>
        <source>event {seq} of tournament {id} was written by another program: open it again</source>
        <translation>l’événement {seq} du tournoi {id} a été écrit par un autre programme&#xa0;: rouvrez le tournoi</translation>
    </message>
    <message>
        <source>tournament {id} cannot be read from {path}: {why}</source>
        <translation>le tournoi {id} ne peut pas être lu dans {path}&#xa0;: {why}</translation>
    </message>
    <message>
        <source>tournament {id}: event {seq} is not stored as the app stores it</source>
        <translation>tournoi {id}&#xa0;: l’événement {seq} n’est pas enregistré comme l’application l’enregistre</translation>
    </message>
    <message>
        <source>tournament {id}: event {seq} is missing from {path}</source>
        <translation>tournoi {id}&#xa0;: l’événement {seq} manque dans {path}</translation>
    </message>
    <message>
        <source>tournament {id}: event {seq} was changed outside the app</source>
        <translation>tournoi {id}&#xa0;: l’événement {seq} a été modifié en dehors de l’application</translation>
    </message>
    <message>
        <source>tournament {id} has no events in {path}</source>
        <translation>le tournoi {id} n’a aucun événement dans {path}</translation>
    </message>
    <message>
        <source>tournament {id}: the log does not end where it was last recorded</source>
        <translation>tournoi {id}&#xa0;: le journal ne s’arrête pas là où il a été enregistré pour la dernière fois</translation>
    </message>
    <message>
        <source>tournament {id} in {path} cannot be used: event {seq}: {why}</source>
        <translation>le tournoi {id} de {path} est inutilisable, événement {seq}&#xa0;: {why}</translation>
    </message>
    <message>
        <source>tournament {id} in {path}: its index and its log disagree</source>
        <translation>tournoi {id} de {path}&#xa0;: son index et son journal ne concordent pas</translation>
    </message>
</context>
<context>
    <name>TablesTab</name>
    <message>
        <source>Tables are listed as 1-8 or 1,2,5.</source>
        <translation>Les tables s’écrivent 1-8 ou 1,2,5.</translation>
    </message>
    <message>
        <source>{n} tables.</source>
        <translation>{n} tables.</translation>
    </message>
    <message>
        <source>free</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>waits: {why}</source>
        <translation>attend&#xa0;: {why}</translation>
    </message>
    <message>
        <source>The venue&apos;s &amp;tables</source>
        <translation>&amp;Tables de la salle</translation>
    </message>
    <message>
        <source>1-8 or 1,2,5</source>
        <translation>1-8 ou 1,2,5</translation>
    </message>
    <message>
        <source>Set the tables [Ctrl+T]</source>
        <translation>Fixer les tables [Ctrl+T]</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Match</source>
        <translation>Match</translation>
    </message>
    <message>
        <source>Round</source>
        <translation>Tour</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Waiting for a table, in the order tables will take them:</source>
        <translation>En attente d’une table, dans l’ordre où les tables les prendront&#xa0;:</translation>
    </message>
    <message>
        <source>Players&apos; web page</source>
        <translation>Page web des joueurs</translation>
    </message>
    <message>
        <source>Desks connected through the event server</source>
        <translation>Pupitres reliés par le serveur de l’événement</translation>
    </message>
    <message>
        <source>Phones and TVs on the venue&apos;s network may connect</source>
        <translation>Les téléphones et écrans du réseau de la salle peuvent s’y connecter</translation>
    </message>
</context>
<context>
    <name>Tournament</name>
    <message>
        <source>Winners&apos; round {n}</source>
        <translation>Tableau gagnants, tour {n}</translation>
    </message>
    <message>
        <source>Losers&apos; round {n}</source>
        <translation>Tableau perdants, tour {n}</translation>
    </message>
    <message>
        <source>Losers&apos; final</source>
        <translation>Finale du tableau perdants</translation>
    </message>
    <message>
        <source>Third place</source>
        <translation>Match pour la 3e place</translation>
    </message>
    <message>
        <source>Hot seat</source>
        <translation>Hot seat (finale du tableau gagnants)</translation>
    </message>
    <message>
        <source>Round {n}</source>
        <translation>Tour {n}</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Finale</translation>
    </message>
    <message>
        <source>Second final</source>
        <translation>Seconde finale</translation>
    </message>
    <message>
        <source>Third-place match</source>
        <translation>Match pour la 3e place</translation>
    </message>
    <message>
        <source>Semi-final</source>
        <translation>Demi-finale</translation>
    </message>
    <message>
        <source>Quarter-final</source>
        <translation>Quart de finale</translation>
    </message>
    <message>
        <source>Last {n}</source>
        <translation>{half}e de finale</translation>
    </message>
    <message>
        <source>Group {g}, round {n}</source>
        <translation>Poule {g}, tour {n}</translation>
    </message>
    <message>
        <source>Group {g}, winners&apos; round {n}</source>
        <translation>Poule {g}, tableau gagnants, tour {n}</translation>
    </message>
    <message>
        <source>Group {g}, losers&apos; round {n}</source>
        <translation>Poule {g}, tableau perdants, tour {n}</translation>
    </message>
    <message>
        <source>Winners&apos; side</source>
        <translation>Tableau gagnants</translation>
    </message>
    <message>
        <source>Losers&apos; side</source>
        <translation>Tableau perdants</translation>
    </message>
    <message>
        <source>Finals</source>
        <translation>Finales</translation>
    </message>
    <message>
        <source>Groups</source>
        <translation>Poules</translation>
    </message>
    <message>
        <source>table {n}</source>
        <translation>table {n}</translation>
    </message>
    <message>
        <source>race to {n}</source>
        <translation>en {n} manches</translation>
    </message>
    <message>
        <source>knockout</source>
        <translation>phase finale</translation>
    </message>
    <message>
        <source>Group {g}</source>
        <translation>Poule {g}</translation>
    </message>
    <message>
        <source>bye</source>
        <translation>exempt</translation>
    </message>
    <message>
        <source>walkover</source>
        <translation>forfait</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>en attente</translation>
    </message>
    <message>
        <source>ready</source>
        <translation>prêt</translation>
    </message>
    <message>
        <source>playing</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>done</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>entries open</source>
        <translation>inscriptions ouvertes</translation>
    </message>
    <message>
        <source>drawn</source>
        <translation>tiré au sort</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>Seed {n}</source>
        <translation>Tête de série {n}</translation>
    </message>
    <message>
        <source>Winner of {id}</source>
        <translation>Vainqueur {id}</translation>
    </message>
    <message>
        <source>Loser of {id}</source>
        <translation>Perdant {id}</translation>
    </message>
    <message>
        <source>Group {g} #{k}</source>
        <translation>Poule {g}, {k}e</translation>
    </message>
    <message>
        <source>Group {g} #1</source>
        <translation>Poule {g}, 1er</translation>
    </message>
    <message>
        <source>Best third #{k}</source>
        <translation>Meilleur 3e n°&#xa0;{k}</translation>
    </message>
    <message>
        <source>Best of the pools&apos; #{rank} #{k}</source>
        <translation>Meilleur {rank}e des poules n°&#xa0;{k}</translation>
    </message>
    <message>
        <source>the result of {id} ({winner} wins {a}-{b})</source>
        <translation>le résultat de {id} ({winner} gagne {a}-{b})</translation>
    </message>
    <message>
        <source>the walkover in {id} ({player} absent)</source>
        <translation>le forfait en {id} ({player} absent)</translation>
    </message>
    <message>
        <source>the check-in of {name}</source>
        <translation>le pointage de {name}</translation>
    </message>
    <message>
        <source>the start of {id}</source>
        <translation>le début de {id}</translation>
    </message>
    <message>
        <source>the draw (seed {seed})</source>
        <translation>le tirage (graine {seed})</translation>
    </message>
    <message>
        <source>The bracket and its results go with it.</source>
        <translation>Le tableau et ses résultats sont défaits avec lui.</translation>
    </message>
    <message>
        <source>the import of {n} entries</source>
        <translation>l’import de {n} inscrits</translation>
    </message>
    <message>
        <source>These players leave the entry list.</source>
        <translation>Ces joueurs sortent de la liste des inscrits.</translation>
    </message>
    <message>
        <source>the edit of {name}</source>
        <translation>la modification de {name}</translation>
    </message>
    <message>
        <source>The player&apos;s details go back to what they were.</source>
        <translation>La fiche du joueur redevient ce qu’elle était.</translation>
    </message>
    <message>
        <source>the tables ({tables})</source>
        <translation>les tables ({tables})</translation>
    </message>
    <message>
        <source>The tables set before come back.</source>
        <translation>Les tables données auparavant reviennent.</translation>
    </message>
    <message>
        <source>{name} is back in the tournament.</source>
        <translation>{name} revient dans le tournoi.</translation>
    </message>
    <message>
        <source>the withdrawal of {name}</source>
        <translation>le retrait de {name}</translation>
    </message>
    <message>
        <source>the disqualification of {name} ({reason})</source>
        <translation>la disqualification de {name} ({reason})</translation>
    </message>
    <message>
        <source>the correction of {id} ({winner} wins {a}-{b})</source>
        <translation>la correction de {id} ({winner} gagne {a}-{b})</translation>
    </message>
    <message>
        <source>The result before it comes back.</source>
        <translation>Le résultat d’avant revient.</translation>
    </message>
    <message>
        <source>the last decision</source>
        <translation>la dernière décision</translation>
    </message>
    <message>
        <source>The tournament goes back to what it was before it.</source>
        <translation>Le tournoi redevient ce qu’il était avant elle.</translation>
    </message>
    <message>
        <source>taking back the check-in of {name}</source>
        <translation>l’annulation de l’arrivée de {name}</translation>
    </message>
    <message>
        <source>the fee paid by {name}</source>
        <translation>l’inscription payée par {name}</translation>
    </message>
    <message>
        <source>taking back the fee of {name}</source>
        <translation>l’annulation du paiement de {name}</translation>
    </message>
    <message>
        <source>{name}&apos;s dispute of the result of {id}</source>
        <translation>la contestation par {name} du résultat de {id}</translation>
    </message>
    <message>
        <source>{name}&apos;s signature, which withdrew the dispute of {id}</source>
        <translation>la signature de {name}, qui a retiré sa contestation de {id}</translation>
    </message>
    <message>
        <source>waiting for both players&apos; signatures on the phones</source>
        <translation>l’attente des signatures des deux joueurs sur les téléphones</translation>
    </message>
    <message>
        <source>taking the phones&apos; results without signatures</source>
        <translation>la prise des résultats des téléphones sans signatures</translation>
    </message>
    <message>
        <source>Table {n}: result disputed</source>
        <translation>Table {n}&#xa0;: résultat contesté</translation>
    </message>
    <message>
        <source>{names} does not agree</source>
        <translation>{names} n’est pas d’accord</translation>
    </message>
    <message>
        <source>{names} do not agree</source>
        <translation>{names} ne sont pas d’accord</translation>
    </message>
    <message>
        <source>Standings</source>
        <translation>Classement</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Club</source>
        <translation>Club</translation>
    </message>
    <message>
        <source>Fargo rating</source>
        <translation>Classement Fargo</translation>
    </message>
    <message>
        <source>Event performance</source>
        <translation>Performance sur le tournoi</translation>
    </message>
    <message>
        <source>Matches won-lost</source>
        <translation>Matchs gagnés-perdus</translation>
    </message>
    <message>
        <source>Racks won-lost</source>
        <translation>Manches gagnées-perdues</translation>
    </message>
    <message>
        <source>still in</source>
        <translation>en lice</translation>
    </message>
    <message>
        <source>Draw seed {seed}</source>
        <translation>Graine du tirage {seed}</translation>
    </message>
    <message>
        <source>Event performance: the Fargo rating at which the racks expected against the rated opponents met equal the racks won (a walkover counts no rack).</source>
        <translation>Performance sur le tournoi&#xa0;: le classement Fargo auquel les manches attendues contre les adversaires classés rencontrés égalent les manches gagnées (un forfait ne compte aucune manche).</translation>
    </message>
    <message>
        <source>Payouts</source>
        <translation>Gains</translation>
    </message>
    <message>
        <source>Amount</source>
        <translation>Montant</translation>
    </message>
    <message>
        <source>Pot {pot}, paid out {paid}</source>
        <translation>Cagnotte {pot}, versé {paid}</translation>
    </message>
    <message>
        <source>Each place gets its share of the pot to the cent, rounded down; the cents left go one each to the best places. Tied players share the amounts of the places they tie for.</source>
        <translation>Chaque place reçoit sa part de la cagnotte au centime inférieur&#xa0;; les centimes restants vont un par un aux meilleures places. Les ex æquo se partagent les montants des places qu’ils occupent ensemble.</translation>
    </message>
    <message>
        <source>Entry fees</source>
        <translation>Droits d’inscription</translation>
    </message>
    <message>
        <source>Present</source>
        <translation>Présent</translation>
    </message>
    <message>
        <source>Paid</source>
        <translation>Payé</translation>
    </message>
    <message>
        <source>How</source>
        <translation>Mode</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Note</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>oui</translation>
    </message>
    <message>
        <source>no</source>
        <translation>non</translation>
    </message>
    <message>
        <source>cash</source>
        <translation>espèces</translation>
    </message>
    <message>
        <source>other</source>
        <translation>autre</translation>
    </message>
    <message>
        <source>Cash {cash} · other {other} · total {total} · not paid yet: {unpaid}</source>
        <translation>Espèces {cash} · autre {other} · total {total} · pas encore payé&#xa0;: {unpaid}</translation>
    </message>
    <message>
        <source>Entry fee {fee}</source>
        <translation>Droit d’inscription {fee}</translation>
    </message>
    <message>
        <source>page {n} of {total}</source>
        <translation>page {n} sur {total}</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tables</translation>
    </message>
    <message>
        <source>Table {n}</source>
        <translation>Table {n}</translation>
    </message>
    <message>
        <source>Waiting for a table</source>
        <translation>En attente d’une table</translation>
    </message>
    <message>
        <source>free</source>
        <translation>libre</translation>
    </message>
    <message>
        <source>Bracket</source>
        <translation>Tableau</translation>
    </message>
    <message>
        <source>Where and when do I play?</source>
        <translation>Où et quand est-ce que je joue&#xa0;?</translation>
    </message>
    <message>
        <source>Your name</source>
        <translation>Votre nom</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Chercher</translation>
    </message>
    <message>
        <source>Playing now on table {n}</source>
        <translation>En train de jouer sur la table {n}</translation>
    </message>
    <message>
        <source>Next match: go to table {n}</source>
        <translation>Prochain match&#xa0;: allez à la table {n}</translation>
    </message>
    <message>
        <source>Next match: waiting for a table ({n} in the queue before it)</source>
        <translation>Prochain match&#xa0;: en attente d’une table ({n} avant lui dans la file)</translation>
    </message>
    <message>
        <source>Next match: when the earlier matches are over</source>
        <translation>Prochain match&#xa0;: quand les matchs précédents seront finis</translation>
    </message>
    <message>
        <source>against {name}</source>
        <translation>contre {name}</translation>
    </message>
    <message>
        <source>Out: place {n}</source>
        <translation>Tournoi terminé&#xa0;: place {n}</translation>
    </message>
    <message>
        <source>Champion</source>
        <translation>Vainqueur du tournoi</translation>
    </message>
    <message>
        <source>No player&apos;s name contains “{text}”.</source>
        <translation>Aucun nom de joueur ne contient «&#xa0;{text}&#xa0;».</translation>
    </message>
    <message>
        <source>The draw is not made yet.</source>
        <translation>Le tirage n’est pas encore fait.</translation>
    </message>
    <message>
        <source>No tournament is published on this board yet.</source>
        <translation>Aucun tournoi n’est publié sur ce tableau pour l’instant.</translation>
    </message>
    <message>
        <source>{id}: {winner} wins {a}-{b} on table {table} (from the desk)</source>
        <translation>{id}&#xa0;: {winner} gagne {a}-{b} sur la table {table} (transmis par le pupitre)</translation>
    </message>
    <message>
        <source>{id}: {a} v {b} sent to table {table}</source>
        <translation>{id}&#xa0;: {a} contre {b} envoyé à la table {table}</translation>
    </message>
    <message>
        <source>{id}: the desk&apos;s match was voided; it completes nothing and is sent again</source>
        <translation>{id}&#xa0;: le match du pupitre a été annulé&#xa0;; il ne compte pas et est renvoyé à la table</translation>
    </message>
    <message>
        <source>{id}: the desk says {winner} won {a}-{b}, but the result recorded by hand differs: not applied (correct it if the desk is right)</source>
        <translation>{id}&#xa0;: le pupitre donne {winner} vainqueur {a}-{b}, mais le résultat saisi à la main diffère&#xa0;: non appliqué (corrigez-le si le pupitre a raison)</translation>
    </message>
    <message>
        <source>{id}: the desk&apos;s result was undone by hand and is not taken again: record the result by hand</source>
        <translation>{id}&#xa0;: le résultat du pupitre a été annulé à la main et n’est pas repris&#xa0;: saisissez le résultat à la main</translation>
    </message>
    <message>
        <source>{id}: the desk&apos;s match {a} v {b} no longer fits the bracket ({why}): not applied</source>
        <translation>{id}&#xa0;: le match {a} contre {b} du pupitre ne correspond plus au tableau ({why})&#xa0;: non appliqué</translation>
    </message>
    <message>
        <source>{id}: a match recorded on table {table} ({a} v {b}) names the match sent to table {sent}: not applied</source>
        <translation>{id}&#xa0;: un match enregistré sur la table {table} ({a} contre {b}) se réclame du match envoyé à la table {sent}&#xa0;: non appliqué</translation>
    </message>
    <message>
        <source>{id}: the desk&apos;s match {match} ({a} v {b}) is a second match for an assignment whose match is {first}: not applied</source>
        <translation>{id}&#xa0;: le match {match} du pupitre ({a} contre {b}) est un second match pour une affectation dont le match est {first}&#xa0;: non appliqué</translation>
    </message>
    <message>
        <source>{id}: the desk&apos;s match was voided after its result was taken: it counts nowhere; undo the result by hand (or record the match&apos;s result again)</source>
        <translation>{id}&#xa0;: le match du pupitre a été annulé après que son résultat a été pris&#xa0;: il ne compte nulle part&#xa0;; annulez le résultat à la main (ou saisissez de nouveau le résultat du match)</translation>
    </message>
    <message>
        <source>{id}: the desk played a race to {desk_race}, the bracket&apos;s is {race}: not applied, record the result by hand</source>
        <translation>{id}&#xa0;: le pupitre a joué une course à {desk_race}, le tableau prévoit une course à {race}&#xa0;: non appliqué, saisissez le résultat à la main</translation>
    </message>
    <message>
        <source>{id}: the desk&apos;s match ended {a}-{b} before the race was won (a concession or a penalty): record the result by hand</source>
        <translation>{id}&#xa0;: le match du pupitre s’est arrêté à {a}-{b} avant la fin de la course (abandon ou pénalité)&#xa0;: saisissez le résultat à la main</translation>
    </message>
    <message>
        <source>the phone tables: {n} events sent to the event server</source>
        <translation>les tables sur téléphones&#xa0;: {n} événements envoyés au serveur de l’événement</translation>
    </message>
    <message>
        <source>phone match {match}: not sent from event {seq} on, the event server holds another ({why})</source>
        <translation>match sur téléphones {match}&#xa0;: non envoyé à partir de l’événement {seq}, le serveur de l’événement en a un autre ({why})</translation>
    </message>
    <message>
        <source>tournament sync: {error}</source>
        <translation>synchronisation du tournoi&#xa0;: {error}</translation>
    </message>
    <message>
        <source>the event server cannot be reached ({why}): the desks and the phones keep scoring; the desks&apos; results are taken and their matches sent when it is back</source>
        <translation>le serveur de l’événement est injoignable ({why})&#xa0;: les pupitres et les téléphones continuent de compter&#xa0;; les résultats des pupitres seront pris et leurs matchs envoyés à son retour</translation>
    </message>
    <message>
        <source>table {table} has no key on the event server yet: add the table (board: Event &gt; Add a table)</source>
        <translation>la table {table} n’a pas encore de clé sur le serveur de l’événement&#xa0;: ajoutez-la (tableau de l’organisateur&#xa0;: Événement &gt; Ajouter une table)</translation>
    </message>
    <message>
        <source>late start: not at table {table} {minutes} minutes after the call at {called} (calls at {calls})</source>
        <translation>retard&#xa0;: absent de la table {table} {minutes} minutes après l’appel de {called} (appels à {calls})</translation>
    </message>
</context>
<context>
    <name>TournamentCli</name>
    <message>
        <source>{n} entry added</source>
        <translation>{n} inscription ajoutée</translation>
    </message>
    <message>
        <source>{n} entries added</source>
        <translation>{n} inscriptions ajoutées</translation>
    </message>
    <message>
        <source>{n} table</source>
        <translation>{n} table</translation>
    </message>
    <message>
        <source>{n} tables</source>
        <translation>{n} tables</translation>
    </message>
    <message>
        <source>{n} result recorded</source>
        <translation>{n} résultat enregistré</translation>
    </message>
    <message>
        <source>{n} results recorded</source>
        <translation>{n} résultats enregistrés</translation>
    </message>
    <message>
        <source>{n} match written to {path}</source>
        <translation>{n} match écrit dans {path}</translation>
    </message>
    <message>
        <source>{n} matches written to {path}</source>
        <translation>{n} matchs écrits dans {path}</translation>
    </message>
    <message>
        <source>{n} assignment sent</source>
        <translation>{n} match envoyé aux tables</translation>
    </message>
    <message>
        <source>{n} assignments sent</source>
        <translation>{n} matchs envoyés aux tables</translation>
    </message>
    <message>
        <source>, {n} taken back</source>
        <translation>, {n} repris</translation>
    </message>
    <message>
        <source>{n} card written to {path} ({url})</source>
        <translation>{n} carte écrite dans {path} ({url})</translation>
    </message>
    <message>
        <source>{n} cards written to {path} ({url})</source>
        <translation>{n} cartes écrites dans {path} ({url})</translation>
    </message>
    <message>
        <source>table {table}: no referee, the desk scores the matches sent by racks</source>
        <translation>table {table}&#xa0;: pas d’arbitre, le pupitre compte par manches les matchs envoyés</translation>
    </message>
    <message>
        <source>table {table}: a referee records every shot again</source>
        <translation>table {table}&#xa0;: un arbitre enregistre de nouveau chaque coup</translation>
    </message>
    <message>
        <source>drawn with seed {seed}</source>
        <translation>tirage fait avec la graine {seed}</translation>
    </message>
    <message>
        <source>{name}: checked in</source>
        <translation>{name}&#xa0;: arrivée enregistrée</translation>
    </message>
    <message>
        <source>{name}: check-in taken back</source>
        <translation>{name}&#xa0;: arrivée annulée</translation>
    </message>
    <message>
        <source>place {place}: {amount}</source>
        <translation>place {place}&#xa0;: {amount}</translation>
    </message>
    <message>
        <source>refused: {why}</source>
        <translation>refusé&#xa0;: {why}</translation>
    </message>
    <message>
        <source>line {line}: refused: {why}</source>
        <translation>ligne {line}&#xa0;: refusé&#xa0;: {why}</translation>
    </message>
    <message>
        <source>{match}: {winner} wins {a}-{b} (the phone&apos;s result, accepted)</source>
        <translation>{match}&#xa0;: {winner} gagne {a}-{b} (le résultat du téléphone, accepté)</translation>
    </message>
    <message>
        <source>phone matches wait for both players&apos; signatures</source>
        <translation>les matchs sur téléphone attendent les signatures des deux joueurs</translation>
    </message>
    <message>
        <source>phone matches count once finished, without signatures</source>
        <translation>les matchs sur téléphone comptent dès qu’ils sont finis, sans signatures</translation>
    </message>
</context>
<context>
    <name>TournamentRefusal</name>
    <message>
        <source>--se-at {se_at} needs more than {se_at} players in the knockout, not {players}</source>
        <translation>passer en élimination directe à {se_at} demande plus de {se_at} joueurs en phase finale, et non {players}</translation>
    </message>
    <message>
        <source>a draw needs at least 2 players</source>
        <translation>un tirage demande au moins 2 joueurs</translation>
    </message>
    <message>
        <source>a draw takes at most 256 players, not {players}</source>
        <translation>un tirage prend au plus 256 joueurs, et non {players}</translation>
    </message>
    <message>
        <source>{pools} qualifying pools need at least {least} players after the first {direct} seeds, not {players}</source>
        <translation>{pools} poules de qualification demandent au moins {least} joueurs après les {direct} premières têtes de série, et non {players}</translation>
    </message>
    <message>
        <source>the qualifying rule takes pools of {sizes}, not pools of {size} ({players} players in {pools} pools)</source>
        <translation>le règlement de qualification prévoit des poules de {sizes}, pas de poules de {size} ({players} joueurs en {pools} poules)</translation>
    </message>
    <message>
        <source>{straight} players go straight on from the qualifying pools, more than the {places} places</source>
        <translation>{straight} joueurs sortent directement des poules de qualification, soit plus que les {places} places prévues</translation>
    </message>
    <message>
        <source>the {places} places need {extra} more players ranked {rank}, and only {pools} qualifying pools have one to compare</source>
        <translation>les {places} places demandent encore {extra} joueurs au rang {rank}, et seules {pools} poules de qualification en ont un à comparer</translation>
    </message>
    <message>
        <source>{groups} groups need at least {least} players, not {players}</source>
        <translation>{groups} poules demandent au moins {least} joueurs, et non {players}</translation>
    </message>
    <message>
        <source>groups of {size} cannot send {advance} on: lower --advance or --groups</source>
        <translation>des poules de {size} ne peuvent pas qualifier {advance} joueurs&#xa0;: baissez le nombre de qualifiés par poule ou de poules</translation>
    </message>
    <message>
        <source>a double-elimination group of {size} cannot send {advance} on</source>
        <translation>une poule de {size} à double élimination ne peut pas qualifier {advance} joueurs</translation>
    </message>
    <message>
        <source>{name}&apos;s seed {seed} is not within 1..{players}</source>
        <translation>la tête de série {seed} de {name} n’est pas comprise entre 1 et {players}</translation>
    </message>
    <message>
        <source>seed {seed} is given to both {first} and {second}</source>
        <translation>la tête de série {seed} est donnée à la fois à {first} et à {second}</translation>
    </message>
    <message>
        <source>{a} and {b}</source>
        <translation>{a} et {b}</translation>
    </message>
    <message>
        <source>the late start is 1..120 minutes, its calls increasing minutes before the end (as 15:5,10,14)</source>
        <translation>le délai de retard est de 1 à 120 minutes, ses appels des minutes croissantes avant la fin (comme 15:5,10,14)</translation>
    </message>
    <message>
        <source>the late start makes at most 9 calls</source>
        <translation>le délai de retard fait au plus 9 appels</translation>
    </message>
    <message>
        <source>qualifying pools: 1..64 pools, not {pools}</source>
        <translation>poules de qualification&#xa0;: de 1 à 64 poules, et non {pools}</translation>
    </message>
    <message>
        <source>qualifying pools: the seeds that wait and the places are 0..256 and 1..256</source>
        <translation>poules de qualification&#xa0;: les têtes de série qualifiées d’office vont de 0 à 256, les places de 1 à 256</translation>
    </message>
    <message>
        <source>qualifying pools: the rule gives each pool size once</source>
        <translation>poules de qualification&#xa0;: le règlement ne donne chaque taille de poule qu’une fois</translation>
    </message>
    <message>
        <source>qualifying pools: a pool sends on 1 player or more, and fewer than it holds</source>
        <translation>poules de qualification&#xa0;: une poule qualifie au moins 1 joueur, et moins qu’elle n’en compte</translation>
    </message>
    <message>
        <source>qualifying pools: the rank compared across pools is 1..64, not {rank}</source>
        <translation>poules de qualification&#xa0;: la place départagée entre les poules va de 1 à 64, et non {rank}</translation>
    </message>
    <message>
        <source>{option} must be 1..99, not {race}</source>
        <translation>{option}&#xa0;: le nombre de manches gagnantes va de 1 à 99, et non {race}</translation>
    </message>
    <message>
        <source>the shot clock is 1..600 seconds a shot, its extension 1..600 seconds</source>
        <translation>le chronomètre de tir va de 1 à 600 secondes par coup, la prolongation de 1 à 600 secondes</translation>
    </message>
    <message>
        <source>the shot clock allows 0..9 extensions a rack and 1..60 s after the break</source>
        <translation>le chronomètre de tir permet de 0 à 9 prolongations par manche et de 1 à 60 s après la casse</translation>
    </message>
    <message>
        <source>an entry fee is 0.01..100000.00, in cents at most, not {fee}</source>
        <translation>un droit d’inscription va de 0.01 à 100000.00, au centime près, et non {fee}</translation>
    </message>
    <message>
        <source>--then must be se or de</source>
        <translation>après les poules, la phase finale est en simple ou en double élimination</translation>
    </message>
    <message>
        <source>--se-at is for double elimination</source>
        <translation>le passage en élimination directe ne vaut que pour la double élimination</translation>
    </message>
    <message>
        <source>--se-at must be 4, 8, 16 or 32, not {se_at}</source>
        <translation>le passage en élimination directe se fait à 4, 8, 16 ou 32 joueurs, et non {se_at}</translation>
    </message>
    <message>
        <source>--third-place is for single elimination</source>
        <translation>la petite finale ne se joue qu’en élimination directe</translation>
    </message>
    <message>
        <source>groups need --groups G and --advance K</source>
        <translation>des poules demandent un nombre de poules et un nombre de qualifiés par poule</translation>
    </message>
    <message>
        <source>--groups must be 1..64, not {groups}</source>
        <translation>le nombre de poules va de 1 à 64, et non {groups}</translation>
    </message>
    <message>
        <source>--advance must be at least 1, not {advance}</source>
        <translation>une poule qualifie au moins 1 joueur, et non {advance}</translation>
    </message>
    <message>
        <source>the knockout needs at least 2 players: raise --groups or --advance</source>
        <translation>la phase finale demande au moins 2 joueurs&#xa0;: augmentez le nombre de poules ou de qualifiés par poule</translation>
    </message>
    <message>
        <source>double-elimination groups need --advance 2, 4, 8… (half from each side)</source>
        <translation>des poules à double élimination qualifient 2, 4, 8… joueurs (la moitié de chaque tableau)</translation>
    </message>
    <message>
        <source>--groups and --advance are for --format groups</source>
        <translation>le nombre de poules et de qualifiés par poule ne vaut que pour une formule en poules</translation>
    </message>
    <message>
        <source>qualifying pools lead to round-robin groups (--format groups)</source>
        <translation>les poules de qualification mènent à des poules en round robin (formule en poules)</translation>
    </message>
    <message>
        <source>The tournament was changed elsewhere (a merged desk, the command line) and is shown again as it is now. Nothing was recorded: check, then do it again.</source>
        <translation>Le tournoi a été modifié ailleurs (un pupitre fusionné, la ligne de commande)&#xa0;: il est affiché de nouveau tel qu’il est. Rien n’a été enregistré&#xa0;: vérifiez, puis recommencez.</translation>
    </message>
    <message>
        <source>{count} tournaments are named {name!r}: give the id</source>
        <translation>{count} tournois s’appellent {name!r}&#xa0;: donnez l’identifiant</translation>
    </message>
    <message>
        <source>no tournament {name!r} in {path}</source>
        <translation>aucun tournoi {name!r} dans {path}</translation>
    </message>
    <message>
        <source>nothing to undo</source>
        <translation>rien à annuler</translation>
    </message>
    <message>
        <source>nothing to redo</source>
        <translation>rien à rétablir</translation>
    </message>
    <message>
        <source>the tournament&apos;s log is empty</source>
        <translation>le journal du tournoi est vide</translation>
    </message>
    <message>
        <source>a tournament&apos;s log starts with its creation</source>
        <translation>le journal d’un tournoi commence par sa création</translation>
    </message>
    <message>
        <source>only the latest decision still in force can be undone (event {latest}), not {target}</source>
        <translation>seule la dernière décision encore en vigueur peut être défaite (événement {latest}), pas l’événement {target}</translation>
    </message>
    <message>
        <source>the tournament&apos;s creation cannot be undone</source>
        <translation>la création du tournoi ne peut pas être défaite</translation>
    </message>
    <message>
        <source>the tournament is already created</source>
        <translation>le tournoi est déjà créé</translation>
    </message>
    <message>
        <source>no match {match} in this tournament</source>
        <translation>pas de match {match} dans ce tournoi</translation>
    </message>
    <message>
        <source>{match} is not being played on a phone table: type its result instead</source>
        <translation>{match} ne se joue pas sur une table à téléphones&#xa0;: saisissez plutôt son résultat</translation>
    </message>
    <message>
        <source>{match} is not over on the phone ({a}-{b}): there is no result to accept yet; type one if it is decided</source>
        <translation>{match} n’est pas fini sur le téléphone ({a}-{b})&#xa0;: il n’y a pas encore de résultat à accepter&#xa0;; saisissez-en un s’il est décidé</translation>
    </message>
    <message>
        <source>tables are numbered 1..999</source>
        <translation>les tables sont numérotées de 1 à 999</translation>
    </message>
    <message>
        <source>an assignment has an id of 1..200 characters and two players</source>
        <translation>une affectation a un identifiant de 1 à 200 caractères et deux joueurs</translation>
    </message>
    <message>
        <source>table {table}: a phone key&apos;s fingerprint is not valid</source>
        <translation>table {table}&#xa0;: l’empreinte de la clé des téléphones n’est pas valable</translation>
    </message>
    <message>
        <source>table {table} is scored on a desk ({match} is being played there): it can be scored on the players&apos; phones once that match is over</source>
        <translation>la table {table} est tenue par un poste d’arbitrage ({match} s’y joue)&#xa0;: elle pourra être marquée sur les téléphones des joueurs une fois ce match terminé</translation>
    </message>
    <message>
        <source>a tournament&apos;s name is 1..{most} characters</source>
        <translation>le nom d’un tournoi compte de 1 à {most} caractères</translation>
    </message>
    <message>
        <source>unexpected event {event!r}</source>
        <translation>événement inattendu {event!r}</translation>
    </message>
    <message>
        <source>{at!r} is not a UTC time</source>
        <translation>{at!r} n’est pas une heure UTC</translation>
    </message>
    <message>
        <source>players check in before the draw only: the draw is made</source>
        <translation>les joueurs pointent leur arrivée avant le tirage seulement&#xa0;: le tirage est fait</translation>
    </message>
    <message>
        <source>{name} is not checked in</source>
        <translation>{name} n’est pas pointé présent</translation>
    </message>
    <message>
        <source>{name} is already checked in</source>
        <translation>{name} est déjà pointé présent</translation>
    </message>
    <message>
        <source>a check-in is at the door or by phone</source>
        <translation>une arrivée se pointe à l’entrée ou par téléphone</translation>
    </message>
    <message>
        <source>this phone already checked in {name}: one phone, one player</source>
        <translation>ce téléphone a déjà pointé {name}&#xa0;: un téléphone, un joueur</translation>
    </message>
    <message>
        <source>{name} has not paid</source>
        <translation>{name} n’a pas payé</translation>
    </message>
    <message>
        <source>{name} has already paid</source>
        <translation>{name} a déjà payé</translation>
    </message>
    <message>
        <source>an amount paid is 0.01..100000.00, in cents at most, not {amount}</source>
        <translation>un montant payé va de 0.01 à 100000.00, au centime près, et non {amount}</translation>
    </message>
    <message>
        <source>a fee is paid in cash or other</source>
        <translation>une inscription se paie en espèces ou autrement</translation>
    </message>
    <message>
        <source>a note is 200 characters at most</source>
        <translation>une note fait au plus 200 caractères</translation>
    </message>
    <message>
        <source>a call names a table 1..999, its number 0..9 and its players</source>
        <translation>un appel nomme une table de 1 à 999, son numéro de 0 à 9 et ses joueurs</translation>
    </message>
    <message>
        <source>call {call} of {match} is already made</source>
        <translation>l’appel {call} de {match} est déjà fait</translation>
    </message>
    <message>
        <source>a player is at the table by phone, desk, lag or organizer</source>
        <translation>un joueur est à la table par téléphone, pupitre, tirage à la bande ou organisateur</translation>
    </message>
    <message>
        <source>this tap is already recorded</source>
        <translation>ce geste est déjà enregistré</translation>
    </message>
    <message>
        <source>the players&apos; signatures are already needed</source>
        <translation>les signatures des joueurs sont déjà demandées</translation>
    </message>
    <message>
        <source>phone results are already taken without signatures</source>
        <translation>les résultats des téléphones sont déjà pris sans signatures</translation>
    </message>
    <message>
        <source>{name} does not dispute {match}</source>
        <translation>{name} ne conteste pas {match}</translation>
    </message>
    <message>
        <source>{match} is not being played on a phone table</source>
        <translation>{match} ne se joue pas sur une table à téléphones</translation>
    </message>
    <message>
        <source>{match} is played in another match log than the one disputed</source>
        <translation>{match} se joue dans une autre feuille de match que celle contestée</translation>
    </message>
    <message>
        <source>{name} already disputes {match}</source>
        <translation>{name} conteste déjà {match}</translation>
    </message>
    <message>
        <source>a phone&apos;s id is 64 characters at most</source>
        <translation>l’identifiant d’un téléphone fait 64 caractères au plus</translation>
    </message>
    <message>
        <source>a name is 1..{most} characters, not {length}</source>
        <translation>un nom compte de 1 à {most} caractères, et non {length}</translation>
    </message>
    <message>
        <source>{text!r} holds a hidden control character ({code})</source>
        <translation>{text!r} contient un caractère de contrôle invisible ({code})</translation>
    </message>
    <message>
        <source>a club, licence or Fargo ID is at most {most} characters</source>
        <translation>un club, une licence ou un ID Fargo compte au plus {most} caractères</translation>
    </message>
    <message>
        <source>rating {rating} is out of range: a rating is from 0 to {most}</source>
        <translation>la cote {rating} est hors limites&#xa0;: une cote va de 0 à {most}</translation>
    </message>
    <message>
        <source>seed {seed} is out of range: seeds run from 1 to {most}</source>
        <translation>la tête de série {seed} est hors limites&#xa0;: de 1 à {most}</translation>
    </message>
    <message>
        <source>no entry named {name!r}</source>
        <translation>aucun inscrit ne s’appelle {name!r}</translation>
    </message>
    <message>
        <source>entries are added only before the draw</source>
        <translation>on n’inscrit des joueurs qu’avant le tirage</translation>
    </message>
    <message>
        <source>{name!r} is already entered (as {entered!r})</source>
        <translation>{name!r} est déjà inscrit (sous le nom {entered!r})</translation>
    </message>
    <message>
        <source>a tournament takes at most {most} players</source>
        <translation>un tournoi accueille au plus {most} joueurs</translation>
    </message>
    <message>
        <source>a name or seed is changed only before the draw</source>
        <translation>un nom ou une tête de série ne se change qu’avant le tirage</translation>
    </message>
    <message>
        <source>{name!r} is already entered</source>
        <translation>{name!r} est déjà inscrit</translation>
    </message>
    <message>
        <source>{name} has already left the tournament</source>
        <translation>{name} a déjà quitté le tournoi</translation>
    </message>
    <message>
        <source>the tournament is finished</source>
        <translation>le tournoi est terminé</translation>
    </message>
    <message>
        <source>the tournament is already drawn (draw seed {seed})</source>
        <translation>le tirage est déjà fait (graine du tirage {seed})</translation>
    </message>
    <message>
        <source>a table is listed twice</source>
        <translation>une table figure deux fois dans la liste</translation>
    </message>
    <message>
        <source>the draw needs at least 2 players checked in, not {count}</source>
        <translation>le tirage demande au moins 2 joueurs présents, et non {count}</translation>
    </message>
    <message>
        <source>the tournament is not drawn yet</source>
        <translation>le tirage du tournoi n’est pas encore fait</translation>
    </message>
    <message>
        <source>{match} is not to be played (the hot seat won F1)</source>
        <translation>{match} ne se joue pas (le vainqueur du tableau gagnants a remporté F1)</translation>
    </message>
    <message>
        <source>{match} is waiting for its players</source>
        <translation>{match} attend encore ses joueurs</translation>
    </message>
    <message>
        <source>{match} already has a result (send it with &quot;correct&quot;: true to correct it)</source>
        <translation>{match} a déjà un résultat&#xa0;: pour le changer, corrigez-le</translation>
    </message>
    <message>
        <source>{match} was a walkover</source>
        <translation>{match} s’est joué par forfait</translation>
    </message>
    <message>
        <source>{match} is a bye</source>
        <translation>{match} ne se joue pas&#xa0;: un joueur est exempt</translation>
    </message>
    <message>
        <source>{name} is not in {match} ({a} vs {b})</source>
        <translation>{name} ne joue pas {match} ({a} contre {b})</translation>
    </message>
    <message>
        <source>a score counts racks: {a}-{b}</source>
        <translation>un score compte des manches&#xa0;: {a}-{b}</translation>
    </message>
    <message>
        <source>{match} is a race to {race}: the winner has {race} racks, the loser fewer (not {a}-{b})</source>
        <translation>{match} se joue en {race} manches gagnantes&#xa0;: le vainqueur en a {race}, le perdant moins (et non {a}-{b})</translation>
    </message>
    <message>
        <source>a reason is 300 characters at most</source>
        <translation>un motif fait au plus 300 caractères</translation>
    </message>
    <message>
        <source>{match} has no result to correct</source>
        <translation>{match} n’a pas de résultat à corriger</translation>
    </message>
    <message>
        <source>{match} cannot be corrected: {fed}, which it feeds, already has a result</source>
        <translation>{match} ne peut plus être corrigé&#xa0;: {fed}, qui en découle, a déjà un résultat</translation>
    </message>
    <message>
        <source>table {table} is not one of the venue&apos;s tables</source>
        <translation>la table {table} n’est pas une des tables de la salle</translation>
    </message>
    <message>
        <source>table {table} already holds {match}</source>
        <translation>la table {table} accueille déjà {match}</translation>
    </message>
    <message>
        <source>{match} is not on a table yet</source>
        <translation>{match} n’est pas encore sur une table</translation>
    </message>
    <message>
        <source>the FFB format plays pools of 4 into a 16-player knockout, not {players} players</source>
        <translation>la formule FFB se joue en poules de 4 vers une phase finale à 16 joueurs, pas avec {players} joueurs</translation>
    </message>
    <message>
        <source>the WPA format plays groups of 8: {players} players do not divide into them</source>
        <translation>la formule WPA se joue en poules de 8&#xa0;: {players} joueurs ne s’y répartissent pas</translation>
    </message>
    <message>
        <source>the venue has no tables yet: set them with `tournament tables`</source>
        <translation>la salle n’a pas encore de tables&#xa0;: indiquez-les avec `tournament tables`</translation>
    </message>
    <message>
        <source>table {table} is not one of the venue&apos;s tables ({venue}): set them with `tournament tables`</source>
        <translation>la table {table} n’est pas une des tables de la salle ({venue})&#xa0;: indiquez-les avec `tournament tables`</translation>
    </message>
    <message>
        <source>the address the phones reach this laptop at is not known yet: give --url http://ADDRESS:PORT, or serve the tournament on the network first (`tournament serve --lan`)</source>
        <translation>l’adresse à laquelle les téléphones joignent cet ordinateur n’est pas encore connue&#xa0;: donnez --url http://ADRESSE:PORT, ou servez d’abord le tournoi sur le réseau (`tournament serve --lan`)</translation>
    </message>
    <message>
        <source>{url} cannot be reached from a phone: give the laptop&apos;s address on the venue&apos;s network, as http://192.168.1.20:8080</source>
        <translation>un téléphone ne peut pas joindre {url}&#xa0;: donnez l’adresse de l’ordinateur sur le réseau de la salle, par exemple http://192.168.1.20:8080</translation>
    </message>
    <message>
        <source>no table is scored on the phones: make some with `tournament phones`</source>
        <translation>aucune table n’est marquée sur les téléphones&#xa0;: désignez-en avec `tournament phones`</translation>
    </message>
    <message>
        <source>table {table}: its key is not on this laptop (it was made elsewhere or taken back): give it a new one with `tournament phones`</source>
        <translation>table {table}&#xa0;: sa clé n’est pas sur cet ordinateur (elle a été faite ailleurs ou reprise)&#xa0;: donnez-lui-en une nouvelle avec `tournament phones`</translation>
    </message>
    <message>
        <source>no late-start forfeit is proposed for {name} in {match}: every call is made first</source>
        <translation>aucun forfait pour retard n’est proposé contre {name} en {match}&#xa0;: tous les appels sont faits d’abord</translation>
    </message>
    <message>
        <source>a pot is an amount from 0.01 to 10000000.00, in cents, not {text}</source>
        <translation>une cagnotte est un montant de 0.01 à 10000000.00, au centime près, et non {text}</translation>
    </message>
    <message>
        <source>places are percentages above 0 separated by commas (as 50,30,20), at most 100 together, not {text}</source>
        <translation>les places sont des pourcentages au-dessus de 0 séparés par des virgules (comme 50,30,20), au plus 100 ensemble, et non {text}</translation>
    </message>
</context>
<context>
    <name>TournamentWindow</name>
    <message>
        <source>Shown again: the tournament was changed elsewhere (a merged desk, the command line).</source>
        <translation>Affiché de nouveau&#xa0;: le tournoi a été modifié ailleurs (un pupitre fusionné, la ligne de commande).</translation>
    </message>
    <message>
        <source>This tournament cannot be opened: {why}</source>
        <translation>Ce tournoi ne peut pas être ouvert&#xa0;: {why}</translation>
    </message>
    <message>
        <source>New tournament…</source>
        <translation>Nouveau tournoi…</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>&amp;1 Entries</source>
        <translation>&amp;1 Inscrits</translation>
    </message>
    <message>
        <source>&amp;2 Draw</source>
        <translation>&amp;2 Tirage</translation>
    </message>
    <message>
        <source>&amp;3 Bracket</source>
        <translation>&amp;3 Tableau</translation>
    </message>
    <message>
        <source>&amp;4 Results</source>
        <translation>&amp;4 Résultats</translation>
    </message>
    <message>
        <source>&amp;5 Tables and queue</source>
        <translation>&amp;5 Tables et file d’attente</translation>
    </message>
    <message>
        <source>&amp;6 Door and calls</source>
        <translation>&amp;6 Entrée et appels</translation>
    </message>
    <message>
        <source>Settle it on the Results tab (Ctrl+4): accept the phone&apos;s result or type another.</source>
        <translation>Réglez-la dans l’onglet Résultats (Ctrl+4)&#xa0;: acceptez le résultat du téléphone ou saisissez-en un autre.</translation>
    </message>
</context>
<context>
    <name>Voice</name>
    <message>
        <source>Table {n}: {names}</source>
        <translation>Table {n}&#xa0;: {names}</translation>
    </message>
    <message>
        <source>Table {n}: {names}, second call</source>
        <translation>Table {n}&#xa0;: {names}, deuxième appel</translation>
    </message>
    <message>
        <source>Table {n}: {names}, third call</source>
        <translation>Table {n}&#xa0;: {names}, troisième appel</translation>
    </message>
    <message>
        <source>Table {n}: {names}, last call, one minute left</source>
        <translation>Table {n}&#xa0;: {names}, dernier appel, il reste une minute</translation>
    </message>
</context>
<context>
    <name>Wording</name>
    <message>
        <source>wrong ball first</source>
        <translation>mauvaise bille touchée</translation>
    </message>
    <message>
        <source>no rail</source>
        <translation>absence de bande</translation>
    </message>
    <message>
        <source>scratch</source>
        <translation>blanche empochée</translation>
    </message>
    <message>
        <source>ball off the table</source>
        <translation>bille hors de la table</translation>
    </message>
    <message>
        <source>too few balls to a cushion on the break</source>
        <translation>casse&#xa0;: pas assez de billes à la bande</translation>
    </message>
    <message>
        <source>double hit</source>
        <translation>double touche</translation>
    </message>
    <message>
        <source>push shot</source>
        <translation>blanche poussée</translation>
    </message>
    <message>
        <source>shot while balls moving</source>
        <translation>billes en mouvement</translation>
    </message>
    <message>
        <source>touched a ball</source>
        <translation>bille touchée (joueur)</translation>
    </message>
    <message>
        <source>no foot on the floor</source>
        <translation>aucun pied au sol</translation>
    </message>
    <message>
        <source>miscue on a jump</source>
        <translation>fausse queue sur un saut</translation>
    </message>
    <message>
        <source>bad cue ball placement</source>
        <translation>blanche mal placée</translation>
    </message>
    <message>
        <source>cue on the table</source>
        <translation>queue posée sur la table</translation>
    </message>
    <message>
        <source>shot clock expired</source>
        <translation>temps de tir écoulé</translation>
    </message>
    <message>
        <source>crossed into the other half</source>
        <translation>a traversé la moitié adverse</translation>
    </message>
    <message>
        <source>missed the foot rail</source>
        <translation>n’a pas touché la petite bande du haut</translation>
    </message>
    <message>
        <source>foot rail twice</source>
        <translation>a touché deux fois la petite bande du haut</translation>
    </message>
    <message>
        <source>touched a side rail</source>
        <translation>a touché une grande bande</translation>
    </message>
    <message>
        <source>pocketed</source>
        <translation>empochée</translation>
    </message>
    <message>
        <source>off the table</source>
        <translation>hors de la table</translation>
    </message>
    <message>
        <source>in the jaw of a corner pocket</source>
        <translation>arrêtée dans le coin d’une poche</translation>
    </message>
    <message>
        <source>called 10</source>
        <translation>10 annoncée</translation>
    </message>
    <message>
        <source>10 announced on the break</source>
        <translation>10 annoncée à la casse</translation>
    </message>
    <message>
        <source>three fouls</source>
        <translation>trois fautes</translation>
    </message>
    <message>
        <source>penalty</source>
        <translation>pénalité</translation>
    </message>
    <message>
        <source>stalemate</source>
        <translation>manche nulle</translation>
    </message>
    <message>
        <source>break-and-run</source>
        <translation>casse et finition</translation>
    </message>
    <message>
        <source>10 pocketed</source>
        <translation>10 empochée</translation>
    </message>
    <message>
        <source>race won</source>
        <translation>manches gagnées</translation>
    </message>
    <message>
        <source>concession</source>
        <translation>abandon</translation>
    </message>
    <message>
        <source>foul</source>
        <translation>faute</translation>
    </message>
    <message>
        <source>void</source>
        <translation>invalidé</translation>
    </message>
    <message>
        <source>loss of the rack</source>
        <translation>perte de la manche</translation>
    </message>
    <message>
        <source>loss of the match</source>
        <translation>perte du match</translation>
    </message>
    <message>
        <source>; </source>
        <translation>&#xa0;; </translation>
    </message>
    <message>
        <source>{whole}.{tenth} s</source>
        <translation>{whole},{tenth}&#xa0;s</translation>
    </message>
    <message>
        <source>only 1 ball to a cushion, {rules} needs {needed}</source>
        <translation>seulement 1 bille à la bande, la règle {rules} en exige {needed}</translation>
    </message>
    <message>
        <source>only {rails} balls to a cushion, {rules} needs {needed}</source>
        <translation>seulement {rails} billes à la bande, la règle {rules} en exige {needed}</translation>
    </message>
    <message>
        <source>off the table: {balls}</source>
        <translation>hors de la table&#xa0;: {balls}</translation>
    </message>
    <message>
        <source>cue ball off the table</source>
        <translation>blanche hors de la table</translation>
    </message>
    <message>
        <source>foul: {fouls}</source>
        <translation>faute&#xa0;: {fouls}</translation>
    </message>
    <message>
        <source>Match: {a} v {b}, race to {race} ({rules})</source>
        <translation>Match&#xa0;: {a} contre {b}, en {race} manches gagnantes ({rules})</translation>
    </message>
    <message>
        <source>Lag won by {winner}; {breaker} breaks</source>
        <translation>Tirage gagné par {winner}&#xa0;; {breaker} casse</translation>
    </message>
    <message>
        <source>Re-lag</source>
        <translation>Tirage rejoué</translation>
    </message>
    <message>
        <source>Re-lag: {reason}</source>
        <translation>Tirage rejoué&#xa0;: {reason}</translation>
    </message>
    <message>
        <source>{name} breaks: 1 ball to a cushion</source>
        <translation>{name} casse&#xa0;: 1 bille à la bande</translation>
    </message>
    <message>
        <source>{name} breaks: {rails} balls to a cushion</source>
        <translation>{name} casse&#xa0;: {rails} billes à la bande</translation>
    </message>
    <message>
        <source>down: {balls}</source>
        <translation>empochées&#xa0;: {balls}</translation>
    </message>
    <message>
        <source>Match: {a} v {b}, race to {race} ({rules}), scored by racks</source>
        <translation>Match&#xa0;: {a} contre {b}, en {race} manches gagnantes ({rules}), compté par manches</translation>
    </message>
    <message>
        <source>10 announced in {pocket}</source>
        <translation>10 annoncée en {pocket}</translation>
    </message>
    <message>
        <source>{name} pushes out</source>
        <translation>{name} joue un push-out</translation>
    </message>
    <message>
        <source>{name}: safety</source>
        <translation>{name}&#xa0;: sécurité</translation>
    </message>
    <message>
        <source>{name}: {ball} in {pocket}, made</source>
        <translation>{name}&#xa0;: la {ball} en {pocket}, empochée</translation>
    </message>
    <message>
        <source>{name}: {ball} in {pocket}, missed</source>
        <translation>{name}&#xa0;: la {ball} en {pocket}, manquée</translation>
    </message>
    <message>
        <source>{name} shoots from the position</source>
        <translation>{name} accepte la table</translation>
    </message>
    <message>
        <source>{name} hands the table back</source>
        <translation>{name} redonne la main</translation>
    </message>
    <message>
        <source>Warning to {name}</source>
        <translation>Avertissement à {name}</translation>
    </message>
    <message>
        <source>Extension for {name}</source>
        <translation>Prolongation pour {name}</translation>
    </message>
    <message>
        <source>Penalty against {name}: {kind}</source>
        <translation>Pénalité contre {name}&#xa0;: {kind}</translation>
    </message>
    <message>
        <source>{penalty} ({reason})</source>
        <translation>{penalty} ({reason})</translation>
    </message>
    <message>
        <source>{name} concedes the match</source>
        <translation>{name} abandonne le match</translation>
    </message>
    <message>
        <source>Stalemate: the rack is void</source>
        <translation>Manche nulle&#xa0;: elle ne compte pas</translation>
    </message>
    <message>
        <source>Match void: it counts nowhere</source>
        <translation>Match invalidé&#xa0;: il ne compte nulle part</translation>
    </message>
    <message>
        <source>{void} ({reason})</source>
        <translation>{void} ({reason})</translation>
    </message>
    <message>
        <source>Note: {text}</source>
        <translation>Note&#xa0;: {text}</translation>
    </message>
    <message>
        <source>Rack won by {name}</source>
        <translation>Manche gagnée par {name}</translation>
    </message>
    <message>
        <source>Rack won by {name}: {how}</source>
        <translation>Manche gagnée par {name}&#xa0;: {how}</translation>
    </message>
    <message>
        <source>{name} signs the result</source>
        <translation>{name} signe le résultat</translation>
    </message>
    <message>
        <source>Undo of event {seq}</source>
        <translation>Annulation de l’événement {seq}</translation>
    </message>
    <message>
        <source>[voided by event {seq}]</source>
        <translation>[annulé par l’événement {seq}]</translation>
    </message>
    <message>
        <source>Rack {rack}: {how}, replayed</source>
        <translation>Manche {rack}&#xa0;: {how}, à rejouer</translation>
    </message>
    <message>
        <source>Rack {rack} to {name} ({how}): {score}</source>
        <translation>Manche {rack} pour {name} ({how})&#xa0;: {score}</translation>
    </message>
    <message>
        <source>{name} wins the match {won}–{lost} ({result})</source>
        <translation>{name} gagne le match {won}–{lost} ({result})</translation>
    </message>
    <message>
        <source>lag faults of {name}: {faults}</source>
        <translation>fautes de tirage de {name}&#xa0;: {faults}</translation>
    </message>
</context>
</TS>
