export { CreditAlerts, isLowBalance } from './CreditAlerts';
export { CreditsSummary } from './CreditsSummary';
export { PlanComparison, isCurrentPlan, upgradeApplies } from './PlanComparison';
export { ServiceStatusBadge } from './ServiceStatusBadge';
export { allowanceTexts, chargedText, formatPrice, planLabel, SERVICE_NOTICES, usageRows } from './format';
export { openExtensionPage, openUpgrade, safeExternalUrl } from './links';
