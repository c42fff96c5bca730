/**
 * The account page's sessions: where the person is signed in (the browser and system, when and
 * from which address it signed in, when it was last used, this browser marked), from ListMyUserSessions; one ended
 * (EndMyUserSession) or every other one (EndAllMyUserSessions): that browser signs in again and
 * its refresh tokens stop working.
 */
import { CallError, type AuthCall } from './auth-service.js';
import { fill, language, translate, wordsFor, type Language } from './page-words.js';

const en = {
  sessionsHeading: 'Sessions',
  sessionsHint: 'Where you are signed in. End a session you do not recognize.',
  endOthers: 'Sign out everywhere else',
  end: 'End',
  thisDevice: 'This device',
  unknownDevice: 'Unknown device',
  sessionWhen: 'Signed in {when} from {address}',
  sessionUsed: ' · last used {when}',
  noOtherSessions: 'You are signed in on this device only.',
  sessionEnded: 'The session was ended.',
  othersEnded: 'Signed out everywhere else ({count}).',
  confirmEndOthers: 'Sign out on every other device?',
  sessionsNotLoaded: 'Your sessions could not be loaded: {reason}',
  'SESSION-NOT-FOUND': 'That session has ended already.',
  failed: 'That did not work. Please try again.',
};

const de: typeof en = {
  sessionsHeading: 'Sitzungen',
  sessionsHint: 'Wo Sie angemeldet sind. Beenden Sie eine Sitzung, die Sie nicht kennen.',
  endOthers: 'Überall sonst abmelden',
  end: 'Beenden',
  thisDevice: 'Dieses Gerät',
  unknownDevice: 'Unbekanntes Gerät',
  sessionWhen: 'Angemeldet {when} von {address}',
  sessionUsed: ' · zuletzt verwendet {when}',
  noOtherSessions: 'Sie sind nur auf diesem Gerät angemeldet.',
  sessionEnded: 'Die Sitzung wurde beendet.',
  othersEnded: 'Überall sonst abgemeldet ({count}).',
  confirmEndOthers: 'Auf allen anderen Geräten abmelden?',
  sessionsNotLoaded: 'Ihre Sitzungen konnten nicht geladen werden: {reason}',
  'SESSION-NOT-FOUND': 'Diese Sitzung ist schon beendet.',
  failed: 'Das hat nicht geklappt. Bitte versuchen Sie es erneut.',
};

export const SESSION_WORDS: Readonly<Record<Language, typeof en>> = { en, de };
const words = wordsFor(SESSION_WORDS);
const MESSAGES: Record<string, string> = words;

interface SessionView {
  id: string;
  device?: string;
  address?: string;
  /** RFC 3339. */
  signedInAt?: string;
  lastUsedAt?: string;
  current?: boolean;
}

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const say = (text: string) => (byId('sessions-status').textContent = text);

/** Shows the signed-in person's sessions (`call` carries their token) and wires the buttons. */
export async function showSessions(call: AuthCall): Promise<void> {
  translate(byId('sessions'), words);
  const render = async () => {
    const { result = [] } = await call<{ result?: SessionView[] }>('ListMyUserSessions', {});
    byId('session-list').replaceChildren(...result.map((session) => item(session)));
    byId('end-other-sessions').hidden = !result.some((session) => !session.current);
    if (result.every((session) => session.current)) say(words.noOtherSessions);
  };

  const item = (session: SessionView): HTMLLIElement => {
    const li = document.createElement('li');
    li.dataset.id = session.id;
    li.classList.toggle('current', Boolean(session.current));
    const device = document.createElement('strong');
    device.className = 'session-device';
    device.textContent = session.device || words.unknownDevice;
    const when = document.createElement('span');
    when.className = 'hint';
    const at = (time?: string) => (time ? new Date(time).toLocaleString(language) : '');
    const used = session.lastUsedAt
      ? fill(words.sessionUsed, { when: at(session.lastUsedAt) })
      : '';
    const signedIn = fill(words.sessionWhen, {
      when: at(session.signedInAt),
      address: session.address ?? '',
    });
    when.textContent = ` ${signedIn}${used} `;
    li.append(device, when);
    if (session.current) {
      const mark = document.createElement('span');
      mark.className = 'this-device';
      mark.textContent = words.thisDevice;
      li.append(mark);
    } else {
      const end = document.createElement('button');
      end.type = 'button';
      end.className = 'secondary end-session';
      end.textContent = words.end;
      end.onclick = () =>
        void run(
          () => call('EndMyUserSession', { id: session.id }),
          () => words.sessionEnded,
        );
      li.append(end);
    }
    return li;
  };

  const run = async <T>(work: () => Promise<T>, done: (answer: T) => string) => {
    say('');
    try {
      const answer = await work();
      await render();
      say(done(answer));
    } catch (error) {
      const id = error instanceof CallError ? error.id : undefined;
      say(MESSAGES[id ?? 'failed'] ?? words.failed);
    }
  };

  byId('end-other-sessions').onclick = () => {
    if (!confirm(words.confirmEndOthers)) return;
    void run(
      () => call<{ ended?: number }>('EndAllMyUserSessions', {}),
      ({ ended = 0 }) => fill(words.othersEnded, { count: ended }),
    );
  };
  byId('sessions').hidden = false;
  await render();
}
