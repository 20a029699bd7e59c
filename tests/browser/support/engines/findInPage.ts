import type { Role } from './tab.ts';

// How the engines without an accessibility query of their own find a control
// by role and name, a field by its label, or a text: a script in the page.
// WebKit's classic WebDriver has no such query; Firefox has one (puppeteer's
// `::-p-aria`, over WebDriver BiDi), but it is answered by the parent process
// from the accessibility tree, and once the tree exists every change of the
// page costs the browser about 70 % more for the rest of its life
// (docs/testing.md, "Where the run's time goes"). Playwright's getByRole and
// getByLabel (exact) are what Chromium's tests mean; this is the part of the
// accessible-name computation the app's pages need for the same answers.

/** How a lookup names what it wants: a control by role and whole accessible name, a form field by its whole label, or the innermost element holding a text. */
export type FindKind = 'role' | 'label' | 'text';

/** What a lookup is after, as the page script takes it. */
export interface Wanted {
  kind: FindKind;
  /** The role, for `role`. */
  role?: Role;
  /** The accessible name, the label or the text. */
  name: string;
}

/**
 * The page script's body: given a `Wanted` as its first argument, the first
 * element (in document order) that matches and shows, or null. For `role`
 * and `label`, only elements in the accessibility tree count (as Playwright's
 * getByRole sees it): not inside `aria-hidden`, `display: none` or
 * `visibility: hidden`. A role is the element's `role` attribute
 * (its first word), else the one HTML gives the element (button, `a[href]`,
 * h1–h6, the input types, `select`, `dialog`, `nav`, `output`, `tr`). The
 * name is, in order: the text of the elements `aria-labelledby` names,
 * `aria-label`, a field's `<label>`s (by `for` or around it), an input
 * button's value, the text inside (for the roles named by their content:
 * button, link, heading, checkbox, row, …), `title`. Text inside counts
 * without what is hidden from the accessibility tree; an element inside with
 * an `aria-label` counts as that label. Whitespace is folded as a screen
 * reader hears it. Source text, so it refers to nothing outside itself.
 */
export const FIND_IN_PAGE = `
  const wanted = arguments[0];
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const INPUT_ROLES = { checkbox: 'checkbox', radio: 'radio', range: 'slider', number: 'spinbutton', search: 'searchbox', submit: 'button', button: 'button', reset: 'button', image: 'button', email: 'textbox', tel: 'textbox', text: 'textbox', url: 'textbox', '': 'textbox' };
  const implicitRole = (el) => {
    switch (el.localName) {
      case 'button': return 'button';
      case 'a': case 'area': return el.hasAttribute('href') ? 'link' : '';
      case 'h1': case 'h2': case 'h3': case 'h4': case 'h5': case 'h6': return 'heading';
      case 'input': {
        const type = (el.getAttribute('type') || '').toLowerCase();
        if (el.hasAttribute('list') && ['', 'text', 'search', 'email', 'tel', 'url'].includes(type)) return 'combobox';
        return INPUT_ROLES[type] ?? (type === 'password' || type === 'hidden' ? '' : 'textbox');
      }
      case 'textarea': return 'textbox';
      case 'select': return el.multiple || el.size > 1 ? 'listbox' : 'combobox';
      case 'dialog': return 'dialog';
      case 'nav': return 'navigation';
      case 'output': return 'status';
      case 'tr': return 'row';
      case 'img': return el.getAttribute('alt') === '' ? '' : 'img';
      default: return '';
    }
  };
  const roleOf = (el) => {
    const explicit = norm(el.getAttribute('role')).split(' ')[0];
    return explicit && explicit !== 'none' && explicit !== 'presentation' ? explicit : implicitRole(el);
  };
  const FROM_CONTENT = new Set(['button', 'link', 'heading', 'checkbox', 'radio', 'switch', 'row', 'cell', 'columnheader', 'rowheader', 'gridcell', 'menuitem', 'menuitemcheckbox', 'menuitemradio', 'option', 'tab', 'treeitem', 'tooltip']);
  const shown = (el) => (el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0) && getComputedStyle(el).visibility !== 'hidden';
  const exposed = (el) => !el.closest('[aria-hidden="true"]') && shown(el);
  const BLOCK = /^(block|flex|grid|list-item|table|table-row|table-cell|flow-root)/;
  const subtreeText = (node, root) => {
    let text = '';
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.data;
      else if (child.nodeType === Node.ELEMENT_NODE) {
        if (child.localName === 'br') { text += ' '; continue; }
        if (['script', 'style', 'template', 'noscript'].includes(child.localName)) continue;
        if (child.getAttribute('aria-hidden') === 'true') continue;
        const style = getComputedStyle(child);
        if (style.display === 'none' || style.visibility === 'hidden') continue;
        if (child === root) continue;
        const own = norm(child.getAttribute('aria-label'));
        const part = own || (['input', 'select', 'textarea'].includes(child.localName) ? '' : subtreeText(child, root));
        text += BLOCK.test(style.display) ? ' ' + part + ' ' : part;
      }
    }
    return text;
  };
  const labelOf = (el) => {
    const by = norm(el.getAttribute('aria-labelledby'));
    if (by) {
      const text = norm(by.split(' ').map((id) => { const ref = document.getElementById(id); return ref ? norm(ref.getAttribute('aria-label')) || subtreeText(ref, el) : ''; }).join(' '));
      if (text) return text;
    }
    const aria = norm(el.getAttribute('aria-label'));
    if (aria) return aria;
    if (el.labels && el.labels.length > 0) return norm([...el.labels].map((label) => subtreeText(label, el)).join(' '));
    return '';
  };
  const nameOf = (el, role) =>
    labelOf(el) ||
    (el.localName === 'input' && ['submit', 'button', 'reset'].includes(el.type) ? norm(el.value) : '') ||
    (el.localName === 'img' || (el.localName === 'input' && el.type === 'image') ? norm(el.getAttribute('alt')) : '') ||
    (FROM_CONTENT.has(role) ? norm(subtreeText(el, null)) : '') ||
    norm(el.getAttribute('title'));
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const all = [...document.body.querySelectorAll('*')];
  if (wanted.kind === 'role') return all.find((el) => roleOf(el) === wanted.role && exposed(el) && nameOf(el, wanted.role) === wanted.name && visible(el)) ?? null;
  if (wanted.kind === 'label') return all.find((el) => (el.hasAttribute('aria-labelledby') || el.hasAttribute('aria-label') || (el.labels && el.labels.length > 0)) && exposed(el) && labelOf(el) === wanted.name && visible(el)) ?? null;
  const holding = all.filter((el) => !['script', 'style', 'template', 'noscript'].includes(el.localName) && norm(el.textContent).includes(wanted.name));
  return holding.find((el) => visible(el) && ![...el.children].some((child) => holding.includes(child))) ?? null;
`;
