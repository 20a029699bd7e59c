import { Trans, useLingui } from '@lingui/react/macro';
import { createLazyRoute } from '@tanstack/react-router';
import {
  createContext,
  Fragment,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { whenConnectionBack } from '../connection/connectionBack.ts';
import { useAppConfig, useBootActor, useSession } from '../boot/useBoot.ts';
import { isJsonObject, type JsonObject } from '../lib/json.ts';
import { logError } from '../lib/log.ts';
import { MY_ACCOUNT_DRAFTS_KEY } from '../lib/storageKeys.ts';
import { describeError, type ErrorView } from '../errors/describeError.ts';
import { ErrorAlert, Field, FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm, type AbpForm } from '../errors/useAbpForm.ts';
import { PageHeading } from '../ui/PageHeading.tsx';
import { PasswordInput } from '../ui/PasswordInput.tsx';
import { showPersonName } from './personName.ts';
import {
  addMyEmail,
  addMyPhone,
  changeMyPassword,
  resetMyPassword,
  createMyAccountClient,
  getMyAccount,
  MyAccountError,
  myAccountUrl,
  updateMyName,
  type MyAccount as Account,
  type MyAccountClient,
  type PendingContact,
} from '../myaccount/myAccount.ts';
import { createBrowserAccess, type BrowserAccess } from '../myaccount/access.lazy.ts';
import type { Reauthentication } from '../auth/authorize.lazy.ts';
import { PlaceFacts } from './PlaceFacts.tsx';
import './facts.css';
import '../ui/forms.css';
import './my-account.css';
import '../ui/button-quiet.css';

/**
 * An e-mail address that wraps after its `@` and dots, never inside a word:
 * a long address fits a phone's width in readable pieces.
 */
function Address({ value }: { value: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <span className="account-address">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** The four parts of the page, in order: the index at the top links to each. */
const SECTIONS = ['account-name', 'account-email', 'account-phone', 'account-password'] as const;
type SectionId = (typeof SECTIONS)[number];

/**
 * One part of the page, a target of the index: focus lands on it, so the keyboard and a screen reader go on from there.
 * Under its form, what became of the change: the failure, the one click a change waiting for a fresh sign-in needs, or what was done.
 */
function Section({
  id,
  title,
  form,
  change,
  done,
  children,
}: {
  id: SectionId;
  title: string;
  form: AbpForm;
  change: Change;
  done: string | undefined;
  children: ReactNode;
}) {
  return (
    <section id={id} className="account-form" aria-labelledby={`${id}-title`} tabIndex={-1}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      <FormAlert form={form} />
      <ConfirmSignIn confirm={change.confirm} busy={form.busy} />
      <Done text={done} />
    </section>
  );
}

/** Jumps to a part of the page without changing the address: the page is one, its parts are not places to return to. */
function jump(event: MouseEvent<HTMLAnchorElement>, id: SectionId) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  target.focus();
  target.scrollIntoView({ block: 'start' });
}

function Index({ titles }: { titles: Record<SectionId, string> }) {
  const { t } = useLingui();
  return (
    <nav className="account-index" aria-label={t`Op deze pagina`}>
      <ul>
        {SECTIONS.map((id) => (
          <li key={id}>
            <a href={`#${id}`} onClick={(event) => jump(event, id)}>
              {titles[id]}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function Done({ text }: { text: string | undefined }) {
  return text ? (
    <p className="account-notice" role="status">
      {text}
    </p>
  ) : null;
}

/** What a form keeps across a full-page sign-in: the values a person typed, never a password. */
type Draft = Record<string, string>;
const DRAFTS_KEY = MY_ACCOUNT_DRAFTS_KEY;

/** The drafts a round trip to the provider kept, once: read and forgotten at the page's first render. */
function takeDrafts(): Record<string, Draft> | undefined {
  const raw = sessionStorage.getItem(DRAFTS_KEY);
  if (!raw) return undefined;
  sessionStorage.removeItem(DRAFTS_KEY);
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isJsonObject(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).flatMap(([form, draft]) => (isJsonObject(draft) ? [[form, textFields(draft)]] : [])));
  } catch {
    return undefined;
  }
}

/** A kept draft's text fields; anything else in storage is not what a form typed. */
function textFields(draft: JsonObject): Draft {
  return Object.fromEntries(Object.entries(draft).flatMap(([name, value]) => (typeof value === 'string' ? [[name, value]] : [])));
}

interface AccountPage {
  access: BrowserAccess;
  /** What each form had before a full-page round trip, by form. */
  restored: Record<string, Draft> | undefined;
  /** A form names what it keeps across a round trip (a function of its current values). */
  keepDraft: (form: string, draft: () => Draft) => void;
  saveDrafts: () => void;
}
const AccountPageContext = createContext<AccountPage | undefined>(undefined);

const needsRecentSignIn = (error: unknown): error is MyAccountError =>
  error instanceof MyAccountError && error.code === 'recent_authentication';

interface Change {
  /** The form's submit: the action, kept to be sent again after a fresh sign-in when the provider asks for one. */
  submit: (action: () => Promise<void>) => (event?: FormEvent) => void;
  /** The one click that signs in afresh and sends the waiting change (none waits: undefined). */
  confirm: ((event?: FormEvent) => void) | undefined;
}

/**
 * A form's change, sent again after a fresh sign-in when the provider asks
 * for one (Okta's 15-minute rule): the change waits, the person confirms
 * with one click (a popup at the provider), and the same change goes out,
 * with what they typed.
 */
function useChange(form: AbpForm): Change {
  const page = useContext(AccountPageContext)!;
  // The change that waits, and what the provider's challenge asked of the fresh sign-in (max_age, acr_values).
  const [waiting, setWaiting] = useState<{ action: () => Promise<void>; demands: Reauthentication }>();
  const guarded = (action: () => Promise<void>) => async () => {
    try {
      await action();
      setWaiting(undefined);
    } catch (error) {
      setWaiting(needsRecentSignIn(error) ? { action, demands: error.reauthentication ?? {} } : undefined);
      throw error;
    }
  };
  return {
    submit: (action: () => Promise<void>) => form.onSubmit(guarded(action)),
    confirm: waiting
      ? form.onSubmit(
          guarded(async () => {
            await page.access.reauthenticate(page.saveDrafts, waiting.demands);
            await waiting.action();
          }),
        )
      : undefined,
  };
}

/** The one click a waiting change needs. */
function ConfirmSignIn({ confirm, busy }: { confirm: ((event: MouseEvent<HTMLButtonElement>) => void) | undefined; busy: boolean }) {
  if (!confirm) return null;
  return (
    <button type="button" className="button button--primary account-confirm" disabled={busy} onClick={confirm}>
      <Trans>Bevestigen dat jij het bent</Trans>
    </button>
  );
}

function NameForm({ client, account, onChanged }: { client: MyAccountClient; account: Account; onChanged: () => void }) {
  const { t } = useLingui();
  const boot = useBootActor();
  const form = useAbpForm({ fields: ['firstName', 'lastName'], area: 'my-account' });
  const page = useContext(AccountPageContext)!;
  const draft = page.restored?.name;
  const [firstName, setFirstName] = useState(draft?.firstName ?? account.profile.firstName);
  const [lastName, setLastName] = useState(draft?.lastName ?? account.profile.lastName);
  const [done, setDone] = useState<string>();
  page.keepDraft('name', () => ({ firstName, lastName }));
  const change = useChange(form);
  const submit = change.submit(async () => {
    setDone(undefined);
    const saved = await updateMyName(client, firstName, lastName);
    // The name as the provider keeps it now, in the header and on Home at once.
    await showPersonName(boot, { name: saved.firstName, surname: saved.lastName });
    setDone(t`Je naam is opgeslagen.`);
    onChanged();
  });
  return (
    <Section id="account-name" title={t`Naam`} form={form} change={change} done={done}>
      <form onSubmit={submit} noValidate>
        <Field form={form} name="firstName" label={t`Voornaam`}>
          {(props) => (
            <input {...props} value={firstName} onChange={(event) => setFirstName(event.target.value)} autoComplete="given-name" />
          )}
        </Field>
        <Field form={form} name="lastName" label={t`Achternaam`}>
          {(props) => (
            <input {...props} value={lastName} onChange={(event) => setLastName(event.target.value)} autoComplete="family-name" />
          )}
        </Field>
        <button type="submit" className="button" disabled={form.busy}>
          <Trans>Naam opslaan</Trans>
        </button>
      </form>
    </Section>
  );
}

/** A new e-mail address or phone number: the provider sends a code, the person types it in. */
function ContactForm({ client, kind, onChanged }: { client: MyAccountClient; kind: 'email' | 'phone'; onChanged: () => void }) {
  const { t } = useLingui();
  const field = kind === 'email' ? 'email' : 'phoneNumber';
  const form = useAbpForm({ fields: [field, 'verificationCode'], area: 'my-account' });
  const page = useContext(AccountPageContext)!;
  const [value, setValue] = useState(page.restored?.[kind]?.value ?? '');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState<PendingContact>();
  const [done, setDone] = useState<string>();
  page.keepDraft(kind, () => ({ value }));
  const change = useChange(form);

  const start = change.submit(async () => {
    setDone(undefined);
    setPending(await (kind === 'email' ? addMyEmail : addMyPhone)(client, value));
  });
  const verify = change.submit(async () => {
    if (!pending) return;
    await pending.verify(code);
    setPending(undefined);
    setValue('');
    setCode('');
    setDone(kind === 'email' ? t`Je e-mailadres is gewijzigd.` : t`Je telefoonnummer is toegevoegd.`);
    onChanged();
  });
  const resend = change.submit(async () => {
    if (!pending) return;
    await pending.resend();
    setCode('');
    setDone(t`Er is een nieuwe code gestuurd.`);
  });

  return (
    <Section
      id={kind === 'email' ? 'account-email' : 'account-phone'}
      title={kind === 'email' ? t`E-mailadres wijzigen` : t`Telefoonnummer toevoegen`}
      form={form}
      change={change}
      done={done}
    >
      {!pending ? (
        <form onSubmit={start} noValidate>
          <Field form={form} name={field} label={kind === 'email' ? t`Nieuw e-mailadres` : t`Telefoonnummer (bijvoorbeeld +31612345678)`}>
            {(props) => (
              <input
                {...props}
                type={kind === 'email' ? 'email' : 'tel'}
                value={value}
                onChange={(event) => setValue(event.target.value)}
                autoComplete={kind === 'email' ? 'email' : 'tel'}
              />
            )}
          </Field>
          <button type="submit" className="button" disabled={form.busy || value.trim() === ''}>
            <Trans>Code sturen</Trans>
          </button>
        </form>
      ) : (
        <form onSubmit={verify} noValidate>
          {pending.unconfirmedBefore && (
            <p>{t`Dit nummer staat al bij je account, maar is nog niet bevestigd. Vraag een nieuwe code aan en vul die hieronder in.`}</p>
          )}
          <p hidden={pending.unconfirmedBefore}>
            {kind === 'email' ? (
              <Trans>
                We hebben een code gestuurd naar <Address value={pending.to} />. De code is 5 minuten geldig.
              </Trans>
            ) : (
              t`We hebben een code per sms gestuurd naar ${pending.to}. De code is 5 minuten geldig.`
            )}
          </p>
          <Field form={form} name="verificationCode" label={t`Code`}>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                value={code}
                onChange={(event) => setCode(event.target.value)}
                autoComplete="one-time-code"
              />
            )}
          </Field>
          <div className="account-form__actions">
            <button type="submit" className="button button--primary" disabled={form.busy || code.trim() === ''}>
              <Trans>Bevestigen</Trans>
            </button>
            <button type="button" className="button" disabled={form.busy} onClick={resend}>
              <Trans>Nieuwe code sturen</Trans>
            </button>
            <button type="button" className="button button--quiet" disabled={form.busy} onClick={() => setPending(undefined)}>
              <Trans>Annuleren</Trans>
            </button>
          </div>
        </form>
      )}
    </Section>
  );
}

/**
 * The password: changed with the current password (Okta's change-password).
 * An org without that operation (401 E0000015) gets the reset instead, said
 * as such: the current-password field goes, since the reset would ignore it,
 * and the form says the change rests on a recent sign-in.
 */
function PasswordForm({ client }: { client: MyAccountClient }) {
  const { t } = useLingui();
  const form = useAbpForm({ fields: ['oldPassword', 'newPassword', 'repeatPassword'], area: 'my-account' });
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [repeatPassword, setRepeatPassword] = useState('');
  const [reset, setReset] = useState(false);
  const [done, setDone] = useState<string>();
  const change = useChange(form);
  const submit = change.submit(async () => {
    setDone(undefined);
    if (newPassword !== repeatPassword) return form.fail(t`De twee nieuwe wachtwoorden zijn niet gelijk.`, 'repeatPassword');
    if (reset) {
      await resetMyPassword(client, newPassword);
    } else {
      try {
        await changeMyPassword(client, oldPassword, newPassword);
      } catch (error) {
        if (error instanceof MyAccountError && error.code === 'change_password_unavailable') {
          setReset(true);
          setOldPassword('');
        }
        throw error;
      }
    }
    setOldPassword('');
    setNewPassword('');
    setRepeatPassword('');
    setDone(t`Je wachtwoord is gewijzigd. Gebruik het nieuwe wachtwoord voortaan bij het inloggen.`);
  });
  return (
    <Section id="account-password" title={t`Wachtwoord wijzigen`} form={form} change={change} done={done}>
      <form onSubmit={submit} noValidate>
        {reset ? (
          <p className="account-form__hint" data-testid="password-reset-note">
            {t`De inlogdienst vraagt hier niet om je huidige wachtwoord. Het nieuwe wachtwoord gaat door op grond van een recente inlog bij de inlogdienst; vraagt die om een nieuwe, dan bevestig je eerst dat jij het bent.`}
          </p>
        ) : (
          <Field form={form} name="oldPassword" label={t`Huidig wachtwoord`}>
            {(props) => (
              <PasswordInput
                {...props}
                label={t`Huidig wachtwoord`}
                value={oldPassword}
                onChange={(event) => setOldPassword(event.target.value)}
                autoComplete="current-password"
              />
            )}
          </Field>
        )}
        <Field form={form} name="newPassword" label={t`Nieuw wachtwoord`}>
          {(props) => (
            <PasswordInput
              {...props}
              label={t`Nieuw wachtwoord`}
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              autoComplete="new-password"
            />
          )}
        </Field>
        <Field form={form} name="repeatPassword" label={t`Nieuw wachtwoord herhalen`}>
          {(props) => (
            <PasswordInput
              {...props}
              label={t`Nieuw wachtwoord herhalen`}
              value={repeatPassword}
              onChange={(event) => setRepeatPassword(event.target.value)}
              autoComplete="new-password"
            />
          )}
        </Field>
        <p className="account-form__hint">{t`Minstens 8 tekens, niet je gebruikersnaam en geen veelgebruikt wachtwoord.`}</p>
        <button type="submit" className="button" disabled={form.busy || (!reset && !oldPassword) || !newPassword}>
          {reset ? <Trans>Nieuw wachtwoord instellen</Trans> : <Trans>Wachtwoord wijzigen</Trans>}
        </button>
      </form>
    </Section>
  );
}

/**
 * "Mijn account": who the person is at the identity provider and in this
 * app, and the changes the provider's my-account API allows (name, e-mail,
 * phone, password), each with the provider's own checks and a Dutch answer.
 */
function MyAccount() {
  const { t, i18n } = useLingui();
  const config = useAppConfig();
  const session = useSession();
  const [access] = useState(() => createBrowserAccess(config!.auth));
  const [client] = useState(() => createMyAccountClient(myAccountUrl(config!.auth), access.source));
  const [account, setAccount] = useState<Account>();
  const [error, setError] = useState<{ view: ErrorView; code: string | undefined }>();
  const [connecting, setConnecting] = useState(false);
  const [restored] = useState(takeDrafts);
  const drafts = useRef(new Map<string, () => Draft>());
  const [page] = useState<AccountPage>(() => ({
    access,
    restored,
    keepDraft: (form, draft) => drafts.current.set(form, draft),
    saveDrafts: () =>
      sessionStorage.setItem(DRAFTS_KEY, JSON.stringify(Object.fromEntries([...drafts.current].map(([form, draft]) => [form, draft()])))),
  }));

  /** A failure logged and said on the page; how it is said. */
  const showFailure = useCallback(
    (failure: unknown): ErrorView => {
      logError('my-account', failure);
      const view = describeError(failure, i18n);
      const code = failure instanceof MyAccountError ? failure.code : undefined;
      // Not bound to the signed-in person: nothing stays on the page to read or change.
      if (code === 'other_person' || code === 'unbound') setAccount(undefined);
      setError({ view, code });
      return view;
    },
    [i18n],
  );
  /** Reads the account; resolves false when that failed for want of a connection. */
  const load = useCallback(
    () =>
      getMyAccount(client).then(
        (read) => {
          setError(undefined);
          setAccount(read);
          return true;
        },
        (failure: unknown) => showFailure(failure).action !== 'connection',
      ),
    [client, showFailure],
  );
  useEffect(() => void load(), [load]);
  // No connection: loaded again by itself as soon as it is back, a few times while it settles.
  const offline = error?.view.action === 'connection';
  useEffect(() => {
    if (!offline) return;
    return whenConnectionBack(load);
  }, [offline, load]);
  const connect = () => {
    setConnecting(true);
    access
      .connect()
      .then(
        () => {
          // Connected: the page says it is loading, no longer what was wrong.
          setError(undefined);
          void load();
        },
        (failure: unknown) => void showFailure(failure),
      )
      .finally(() => setConnecting(false));
  };

  // The provider's session is someone else's: a fresh sign-in there (prompt=login, the person's login named) in a popup.
  const signInAsSelf = () => {
    setConnecting(true);
    access
      .reauthenticate(page.saveDrafts, {})
      .then(
        () => {
          setError(undefined);
          void load();
        },
        (failure: unknown) => void showFailure(failure),
      )
      .finally(() => setConnecting(false));
  };

  const loading = !account && !error;
  const phones = account?.phoneNumbers;
  return (
    <main className="page" aria-labelledby="page-title">
      <PageHeading title={t`Mijn account`} />
      <Index
        titles={{
          'account-name': t`Naam`,
          'account-email': t`E-mailadres`,
          'account-phone': t`Telefoonnummer`,
          'account-password': t`Wachtwoord`,
        }}
      />
      <dl className="facts account-facts">
        <dt>
          <Trans>Naam</Trans>
        </dt>
        <dd>
          {account
            ? `${account.profile.firstName} ${account.profile.lastName}`
            : `${session?.user?.name ?? ''} ${session?.user?.surname ?? ''}`}
        </dd>
        <dt>
          <Trans>Gebruikersnaam</Trans>
        </dt>
        <dd>{account?.profile.login ?? session?.user?.userName}</dd>
        <dt>
          <Trans>E-mailadres</Trans>
        </dt>
        <dd data-testid="account-email">
          <Address value={account?.profile.email ?? session?.user?.emailAddress ?? ''} />
        </dd>
        <dt>
          <Trans>Telefoonnummer</Trans>
        </dt>
        <dd data-testid="account-phone">{phones && phones.length > 0 ? phones.join(', ') : t`geen`}</dd>
        <PlaceFacts tenant={session?.tenant} />
      </dl>
      {/* Said politely while the forms' data comes from the provider: the place they will be is not empty meanwhile. */}
      <p className="account-loading" role="status">
        {loading ? t`Je gegevens worden geladen…` : ''}
      </p>
      {loading && (
        <div className="account-skeleton" aria-hidden="true">
          <div />
          <div />
        </div>
      )}
      {restored && (
        <p className="account-notice" role="status">
          {t`Je hebt opnieuw ingelogd. Wat je had ingevuld staat er weer, behalve wachtwoorden (die bewaart de app nergens). Verstuur je wijziging opnieuw.`}
        </p>
      )}
      {error && (
        <div className="account-form">
          <ErrorAlert error={error.view} />
          {error.code === 'connect' || error.code === 'popup_blocked' ? (
            <button type="button" className="button button--primary" disabled={connecting} onClick={connect}>
              <Trans>Verbinden met de inlogdienst</Trans>
            </button>
          ) : error.code === 'other_person' ? (
            <button type="button" className="button button--primary" disabled={connecting} onClick={signInAsSelf}>
              <Trans>Bij de inlogdienst inloggen als jezelf</Trans>
            </button>
          ) : (
            <button type="button" className="button" onClick={load}>
              <Trans>Opnieuw proberen</Trans>
            </button>
          )}
        </div>
      )}
      {account && (
        <AccountPageContext value={page}>
          <div className="account-forms">
            <NameForm client={client} account={account} onChanged={load} />
            <ContactForm client={client} kind="email" onChanged={load} />
            <ContactForm client={client} kind="phone" onChanged={load} />
            <PasswordForm client={client} />
          </div>
        </AccountPageContext>
      )}
    </main>
  );
}

export const Route = createLazyRoute('/_shell/app/account')({ component: MyAccount });
