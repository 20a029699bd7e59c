import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export type SectionKey = 'verkoop' | 'crm' | 'uitvoering' | 'marketing' | 'zakelijk' | 'admin' | 'beheer' | 'wvb';

export interface Section {
  key: SectionKey;
  path: `/${SectionKey}`;
  label: MessageDescriptor;
  /** ABP permission that opens the section. */
  permission: string;
}

/** The business sections, in the order the navigation shows them. */
export const SECTIONS: readonly Section[] = [
  { key: 'verkoop', path: '/verkoop', label: msg`Verkoop`, permission: 'Pages.Verkoop' },
  { key: 'crm', path: '/crm', label: msg`Relaties (CRM)`, permission: 'Pages.Crm' },
  { key: 'uitvoering', path: '/uitvoering', label: msg`Uitvoering`, permission: 'Pages.Uitvoering' },
  { key: 'marketing', path: '/marketing', label: msg`Marketing`, permission: 'Pages.Marketing' },
  { key: 'zakelijk', path: '/zakelijk', label: msg`Zakelijk`, permission: 'Pages.Zakelijk' },
  { key: 'admin', path: '/admin', label: msg`Admin`, permission: 'Pages.Admin' },
  { key: 'beheer', path: '/beheer', label: msg`Beheer`, permission: 'Pages.Beheer' },
  { key: 'wvb', path: '/wvb', label: msg`WVB`, permission: 'Pages.Wvb' },
];

export function sectionByKey(key: SectionKey): Section {
  return SECTIONS.find((section) => section.key === key)!;
}
