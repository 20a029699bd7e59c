import type { UserConfiguration } from '../abp/userConfiguration.ts';
import { isGranted } from '../abp/userConfiguration.ts';
import type { Section } from './section.ts';

/** ABP's `abp.features.isEnabled`: a feature is on when its value is the string "true". */
export function isFeatureEnabled(configuration: UserConfiguration | undefined, feature: string): boolean {
  return configuration?.features.allFeatures[feature]?.value.toLowerCase() === 'true';
}

/** A section opens when the user holds its permission and, if it names one, its feature is on. */
export function canOpen(configuration: UserConfiguration | undefined, section: Section): boolean {
  return (
    isGranted(configuration, section.permission) && (section.feature === undefined || isFeatureEnabled(configuration, section.feature))
  );
}
