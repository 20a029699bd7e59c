import { Trans, useLingui } from '@lingui/react/macro';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { handOver, HandoverRefusal, newHandoverCode, secureBuiltInAdmin } from '../management/handover.ts';
import type { Environment } from '../management/environments.ts';
import { logError } from '../lib/log.ts';
import { isEmailAddress } from '../management/emailAddress.ts';
import { Field, FormAlert } from '../errors/FormAlert.tsx';
import { useAbpForm } from '../errors/useAbpForm.ts';
import { configOf } from '../boot/bootActor.ts';
import { useBootActor } from '../boot/useBoot.ts';
import { environmentClient } from './environmentClient.ts';
import {
  checkPlan,
  confirmed,
  forgetHandover,
  givePlan,
  handoverHolder,
  keepHandover,
  readHandover,
  type Handover,
} from './handoverStore.ts';

/**
 * "Overdracht aan de eerste beheerder": only an environment's built-in admin
 * can give anyone a role there, and he does not sign in through the provider;
 * so the first administrator signs in first (ABP registers her without a
 * role) and the host then gives her Admin as him (management/handover.ts).
 *
 * Nothing of it may leave a password nobody knows: the code is made, shown
 * and kept (handoverStore, for this person in this tab) before it is sent; an
 * answer that does not come leaves it "may be in force", which the page
 * checks and goes on from with the same code. A kept code is replaced only
 * once ABP confirmed the one replacing it: a code typed over it is tried
 * beside it and both are kept until one opens the built-in admin, and an
 * emptied field means the kept code, never a new one. Leaving or reloading
 * the page while the handover is under way asks first; a sign-out does not
 * ask, and takes the code with it (auth/leaveTab.ts).
 */
export function HandoverPanel({ environment }: { environment: Environment }) {
  const { t } = useLingui();
  const prefix = useId();
  const boot = useBootActor();
  const [holder] = useState(() => handoverHolder(boot.getSnapshot()));
  const [handover, setHandover] = useState(() => readHandover(holder, environment.id));
  // Open right after the environment was made, or while its handover is under way; folded away on the page of one handed over long ago.
  const [open] = useState(handover !== undefined);
  const [justMade] = useState(handover?.stage === 'new');
  /** Opened (after a reload) on a code whose answer never came: what to do next is in the panel, low on the page. */
  const [resumed] = useState(handover?.stage === 'sending');
  const [email, setEmail] = useState(handover?.firstAdminEmail ?? '');
  const [code, setCode] = useState(handover?.code ?? '');
  /** ChangePassword is on its way from this page now (as against an answer that never came, before a reload). */
  const [sending, setSending] = useState(false);
  const [copied, setCopied] = useState(false);
  const [said, setSaid] = useState<string>();
  /** Said under the code: the kept code put back in the field, or the tab no longer keeping it. */
  const [codeSaid, setCodeSaid] = useState<string>();
  /** The handover done: said in place of its steps, which no longer apply (the code stops working, and an empty code field would read as the default password). */
  const [done, setDone] = useState<string>();
  const doneSaid = useRef<HTMLParagraphElement>(null);
  const form = useAbpForm({
    fields: ['firstAdminEmail', 'code'],
    area: 'handover',
    fallback: t`De beheerrechten konden niet worden gegeven.`,
  });
  const heading = useRef<HTMLHeadingElement>(null);
  const client = environmentClient(configOf(boot), environment.id);

  const keep = (next: Handover | undefined) => {
    if (next) keepHandover(holder, environment.id, next);
    else forgetHandover(holder, environment.id);
    setHandover(next);
  };

  /** A refused sign-in as the built-in admin, said next to the code (or for the whole form when the environment is off); anything else is the form's to show. */
  const refused = (error: unknown, checking = false) => {
    if (!(error instanceof HandoverRefusal)) throw error;
    if (error.reason === 'environment-inactive')
      return form.fail(t`In een omgeving die niet actief is, kan niemand inloggen. Zet ${environment.name} eerst aan.`);
    if (error.reason === 'locked') {
      return form.fail(
        t`Na vijf verkeerde pogingen is de ingebouwde beheerder een tijd geblokkeerd (standaard vijf minuten). Probeer het daarna opnieuw.`,
        'code',
      );
    }
    form.fail(
      checking
        ? t`De bewaarde en de getypte code openen de ingebouwde beheerder niet, en het standaardwachtwoord ook niet meer. Ze blijven allebei bewaard. Typ de code die je hebt genoteerd en controleer opnieuw; lukt dat niet, vraag dan de beheerder van de server het wachtwoord van de ingebouwde beheerder van ${environment.name} opnieuw in te stellen.`
        : t`Met deze overdrachtscode lukt het niet. Is de overdracht al gedaan? Zo niet, controleer de code.`,
      'code',
    );
  };

  /**
   * The default password replaced by `next`, which is shown first and kept before ChangePassword goes out with it; `mayBeInForce`: codes an earlier
   * answer that never came may have put in force, tried first (kept already). Answers the code in force, or undefined when that is not known.
   */
  const secure = async (next: string, mayBeInForce: readonly string[]): Promise<string | undefined> => {
    const before = code;
    const firstAdminEmail = email.trim() || (handover?.firstAdminEmail ?? '');
    let sent = false;
    setCode(next);
    setSending(true);
    try {
      const inForce = await secureBuiltInAdmin(client, next, {
        mayBeInForce,
        onSending: () => {
          sent = true;
          const kept = readHandover(holder, environment.id);
          keep({
            firstAdminEmail,
            stage: 'sending',
            code: next,
            others: [...(kept?.code && kept.code !== next ? [kept.code] : []), ...(kept?.others ?? [])].filter((other) => other !== next),
          });
        },
      });
      keep(confirmed(readHandover(holder, environment.id), firstAdminEmail, inForce));
      setCode(inForce);
      return inForce;
    } catch (error) {
      // A refusal came before anything was sent: a new code never sent goes from the field again (the kept ones stay kept).
      if (error instanceof HandoverRefusal && !sent && !mayBeInForce.includes(next)) setCode(before);
      // No answer, or a refusal: the stage stays "sending", and the page offers to check the code and go on. Anything but a refusal leaves the
      // outcome unknown (a lost answer, or the browser's own second try of it, refused as "Incorrect password" by then): that offer says all.
      if (error instanceof HandoverRefusal) refused(error, mayBeInForce.length > 0);
      else logError('handover', error);
      return undefined;
    } finally {
      setSending(false);
    }
  };

  // Right after the environment was made: the code made, shown and kept, then sent (once; a second run of this finds it kept).
  useEffect(() => {
    if (readHandover(holder, environment.id)?.stage !== 'new') return;
    void form.onSubmit(() => secure(newHandoverCode(), []).then(() => undefined))();
    // Once, on the page's first showing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Just made (or reopened on a lost answer): the environment's page opens on its edit form; the handover, which comes next, is brought into view and to the screen reader
  // once the code is sent (after the page's own focus on its h1, which a new page takes when it has rendered).
  const shown = useRef(false);
  const stage = handover?.stage;
  useEffect(() => {
    if (!(justMade || resumed) || shown.current || stage === 'new' || sending || !heading.current) return;
    shown.current = true;
    heading.current.focus({ preventScroll: true });
    heading.current.scrollIntoView({ block: 'start' });
  }, [justMade, resumed, stage, sending]);

  // Asked as the page is left, from the store: a sign-out has cleared it by then, and leaves without asking.
  const underWay = () => readHandover(holder, environment.id) !== undefined;
  const blocker = useBlocker({ shouldBlockFn: underWay, enableBeforeUnload: underWay, withResolver: true });
  const question = useRef<HTMLDivElement>(null);
  // The question opens at the panel's foot, while the link followed may be at the top of the page.
  useEffect(() => {
    if (blocker.status !== 'blocked' || !question.current) return;
    question.current.focus({ preventScroll: true });
    question.current.scrollIntoView({ block: 'center' });
  }, [blocker.status]);

  // Every code that may be in force tried, the kept ones first; all of them kept until one opens him. An empty field: the kept code.
  const check = form.onSubmit(async () => {
    setCodeSaid(undefined);
    if (!handover) return;
    const plan = checkPlan(handover, code);
    const next = plan.next ?? newHandoverCode();
    keep({ ...plan.keep, code: next });
    const inForce = await secure(next, plan.tries);
    if (inForce !== undefined && code.trim() !== '' && inForce !== code.trim())
      setCodeSaid(t`De bewaarde code werkt; die staat weer in het veld.`);
  });
  const replaceDefault = form.onSubmit(async () => {
    await secure(newHandoverCode(), []);
  });
  // The host has the code in force noted: from now on it is his to type, and the tab keeps it no longer.
  const noted = () => {
    if (handover?.stage !== 'in-force') return;
    keep({ firstAdminEmail: email.trim() || handover.firstAdminEmail, stage: 'in-force', noted: true });
    setCodeSaid(t`De code wordt niet meer in dit tabblad bewaard. Typ hem hier als je na opnieuw laden verdergaat.`);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch (error) {
      // Copying refused (no permission, an old browser): the code stays on the screen to copy by hand.
      logError('handover', error);
      setCopied(false);
    }
  };

  const give = form.onSubmit(async () => {
    setSaid(undefined);
    const address = email.trim();
    if (!isEmailAddress(address)) return form.fail(t`Vul het e-mailadres in waarmee de eerste beheerder inlogt.`, 'firstAdminEmail');
    setCodeSaid(undefined);
    const typed = code.trim();
    const plan = givePlan(readHandover(holder, environment.id), typed);
    // A code in force that the tab no longer keeps: asked for, never replaced by a new one.
    if (plan.kind === 'ask-code') return form.fail(t`Vul de overdrachtscode in die je hebt genoteerd.`, 'code');
    let codes = plan.kind === 'try' ? plan.codes : [];
    // An environment made before the app did this, whose built-in admin still has the default password: secured first, with a code shown before it is sent.
    if (plan.kind === 'secure-first') {
      const inForce = await secure(newHandoverCode(), []);
      if (!inForce) return;
      codes = [inForce];
    }
    try {
      const outcome = await handOver(client, { tenancyName: environment.tenancyName, firstAdminEmail: address, codes });
      if (outcome.kind === 'granted') {
        keep(undefined);
        setCode('');
        setDone(
          t`${outcome.person.fullName} is nu beheerder van ${environment.name}. Na opnieuw laden ziet die Beheer. De overdrachtscode werkt niet meer.`,
        );
        return;
      }
      keep(confirmed(readHandover(holder, environment.id), address, outcome.code));
      setCode(outcome.code);
      if (typed !== outcome.code) setCodeSaid(typed ? t`De bewaarde code werkt; die staat weer in het veld.` : t`Dit is de bewaarde code.`);
      if (outcome.kind === 'address-freed') {
        setSaid(
          t`De ingebouwde beheerder had het e-mailadres ${address}, waardoor inloggen met dat adres niet lukte. Hij heeft nu een ander adres: vraag de eerste beheerder nu in te loggen en klik daarna opnieuw op Beheerrechten geven.`,
        );
        return;
      }
      form.fail(
        t`Met ${address} heeft nog niemand ingelogd in ${environment.name}. Vraag de eerste beheerder eerst in te loggen en probeer het daarna opnieuw.`,
        'firstAdminEmail',
      );
    } catch (error) {
      refused(error);
    }
  });

  // Said where the button was, which may have been the foot of the window: brought into view.
  useEffect(() => {
    if (done) doneSaid.current?.scrollIntoView({ block: 'nearest' });
  }, [done]);

  const title = t`Overdracht aan de eerste beheerder`;
  const answerLost = handover?.stage === 'sending' && !sending;
  const content = done ? (
    <p className="saved" role="status" ref={doneSaid}>
      {done}
    </p>
  ) : (
    <>
      {justMade && (
        <p className="saved" role="status">
          {t`Omgeving ${environment.name} is aangemaakt. Geef nu de eerste beheerder de beheerrechten.`}
        </p>
      )}
      <p>
        <Trans>
          Alleen de ingebouwde beheerder (admin) van een nieuwe omgeving kan daar rechten geven, en die logt niet in via de inlogdienst. Zo
          krijgt de eerste beheerder de rechten:
        </Trans>
      </p>
      <ol>
        <li>
          <Trans>
            Vraag de eerste beheerder in te loggen in deze omgeving: bij Inloggen, Omgeving wijzigen, de korte naam{' '}
            {environment.tenancyName}, en dan met het eigen account. Er staat dan eerst dat er nog geen toegang is.
          </Trans>
        </li>
        <li>
          <Trans>Vul daarna hier het e-mailadres in waarmee die inlogt, en klik op Beheerrechten geven.</Trans>
        </li>
      </ol>
      {handover?.stage === 'new' && !sending && (
        <div role="alert">
          <p>
            <Trans>De ingebouwde beheerder heeft nog het standaardwachtwoord van de server. Vervang het eerst.</Trans>
          </p>
          <button type="button" className="button" onClick={replaceDefault} disabled={form.busy}>
            <Trans>Standaardwachtwoord vervangen</Trans>
          </button>
        </div>
      )}
      {sending && (
        <p role="status">
          <Trans>De overdrachtscode wordt het wachtwoord van de ingebouwde beheerder…</Trans>
        </p>
      )}
      {answerLost && (
        <div role="alert" className="confirm">
          <p>
            <Trans>
              Er kwam geen antwoord toen de overdrachtscode het wachtwoord van de ingebouwde beheerder werd. Misschien is de code al in
              gebruik: bewaar hem. Controleer de code en ga verder met dezelfde code.
            </Trans>
          </p>
          <button type="button" className="button button--primary" onClick={check} disabled={form.busy}>
            <Trans>Code controleren en doorgaan</Trans>
          </button>
        </div>
      )}
      <form onSubmit={give} noValidate>
        <Field form={form} name="firstAdminEmail" label={t`E-mailadres van de eerste beheerder`}>
          {(props) => <input {...props} type="email" value={email} onChange={(event) => setEmail(event.target.value)} />}
        </Field>
        <Field
          form={form}
          name="code"
          label={t`Overdrachtscode`}
          hint={t`Hiermee werkt de app als de ingebouwde beheerder, tot de overdracht klaar is; daarna werkt de code niet meer. Bewaar hem tot dan. Leeg: de code die dit tabblad bewaart; zonder bewaarde code heeft de omgeving nog het standaardwachtwoord (aangemaakt voordat de app dit deed).`}
        >
          {(props) => (
            <>
              <div className="code-row">
                <input
                  {...props}
                  value={code}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setCopied(false);
                  }}
                />
                {code !== '' && (
                  <button type="button" className="button" onClick={() => void copy()}>
                    <Trans>Code kopiëren</Trans>
                  </button>
                )}
              </div>
              {copied && (
                <span className="check__hint" role="status">
                  <Trans>Gekopieerd.</Trans>
                </span>
              )}
              {handover?.stage === 'in-force' && handover.code !== undefined && !sending && (
                <button type="button" className="button" onClick={noted}>
                  <Trans>Ik heb de code genoteerd</Trans>
                </button>
              )}
              {codeSaid && (
                <span className="check__hint" role="status">
                  {codeSaid}
                </span>
              )}
            </>
          )}
        </Field>
        <FormAlert form={form} />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={form.busy || answerLost} aria-busy={form.busy}>
            {form.busy ? t`Bezig…` : t`Beheerrechten geven`}
          </button>
          {said && (
            <p className="saved" role="status">
              {said}
            </p>
          )}
        </div>
      </form>
      {blocker.status === 'blocked' && (
        <div ref={question} tabIndex={-1} className="confirm" role="alertdialog" aria-labelledby={`${prefix}-leave`}>
          <p id={`${prefix}-leave`}>
            <Trans>
              De overdracht van {environment.name} is nog niet klaar. De overdrachtscode blijft in dit tabblad bewaard; noteer hem als je
              het tabblad sluit. Toch deze pagina verlaten?
            </Trans>
          </p>
          <div className="form-actions">
            <button type="button" className="button button--primary" onClick={blocker.reset}>
              <Trans>Blijven</Trans>
            </button>
            <button type="button" className="button" onClick={blocker.proceed}>
              <Trans>Toch verlaten</Trans>
            </button>
          </div>
        </div>
      )}
    </>
  );
  return open ? (
    <section className="admin-form" aria-labelledby={`${prefix}-title`}>
      <h2 id={`${prefix}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {content}
    </section>
  ) : (
    <details className="admin-form">
      <summary>{title}</summary>
      {content}
    </details>
  );
}
