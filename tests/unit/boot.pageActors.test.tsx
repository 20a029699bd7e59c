// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, type AnyActor } from 'xstate';
import { createPageActors, pageActorKey, PageActorsContext, usePageActor, type PageActors } from '../../src/boot/pageActors.ts';

const WATCH = pageActorKey<AnyActor>('watch');
const OTHER = pageActorKey<AnyActor>('other');

function watchActor(id: string): AnyActor {
  return createActor(createMachine({ id, initial: 'on', states: { on: {} } }));
}

const machineId = (actor: AnyActor) => (actor.logic as { id: string }).id;

/** A view of the page that shows which actor it found, as the session banner and the warning read theirs. */
function Shows({ name }: { name: string }) {
  const actor = usePageActor(WATCH);
  return <p aria-label={name}>{actor ? machineId(actor) : 'nothing yet'}</p>;
}

function renderWith(actors: PageActors) {
  render(
    <PageActorsContext.Provider value={actors}>
      <Shows name="view" />
    </PageActorsContext.Provider>,
  );
}

afterEach(() => cleanup());

describe("the page's actors", () => {
  it('makes each actor once per page: a second start (a route loaded again, a sign-in again) finds the first', () => {
    const actors = createPageActors();
    const make = vi.fn(() => watchActor('first'));
    const first = actors.once(WATCH, make);
    const second = actors.once(WATCH, () => watchActor('second'));
    expect(second).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
    expect(actors.get(WATCH)).toBe(first);
    expect(actors.get(OTHER), 'another key is not that actor').toBeUndefined();
  });

  it('keeps no actor between pages: two holders are two pages', () => {
    const one = createPageActors();
    const two = createPageActors();
    one.once(WATCH, () => watchActor('one'));
    expect(two.get(WATCH)).toBeUndefined();
  });

  it('shows a view nothing until its actor starts, then that actor, without the view being mounted again', () => {
    const actors = createPageActors();
    renderWith(actors);
    expect(screen.getByLabelText('view').textContent).toBe('nothing yet');
    act(() => void actors.once(WATCH, () => watchActor('started')));
    expect(screen.getByLabelText('view').textContent).toBe('started');
  });

  it('refuses a view outside App, where no page actors were provided, by name', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Shows name="view" />)).toThrow(/no page actors were provided/);
    vi.restoreAllMocks();
  });
});
