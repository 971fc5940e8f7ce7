/**
 * How the explorer writes numbers and times: amounts exactly from the gateway's decimal strings
 * (never through a float), times in UTC so every reader and every test sees the same text.
 * Imports nothing, so tests can check it without a browser.
 */

/** Groups an integer's digits by thousands: "24000000" → "24,000,000". */
export function groupDigits(integer: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * An amount in the asset's smallest unit as a whole number of units, exactly:
 * ("520748000000000", 9) → "520,748"; ("2400000000", 9) → "2.4".
 */
export function formatUnits(amount: string, denomination: number): string {
  const negative = amount.startsWith('-');
  const digits = (negative ? amount.slice(1) : amount).padStart(denomination + 1, '0');
  const whole = digits.slice(0, digits.length - denomination);
  const fraction = digits.slice(digits.length - denomination).replace(/0+$/, '');
  return `${negative ? '-' : ''}${groupDigits(whole)}${fraction ? `.${fraction}` : ''}`;
}

/** nAVAX, as the P-Chain counts balances, in AVAX. */
export function formatAvax(nAvax: string): string {
  return `${formatUnits(nAvax, 9)} AVAX`;
}

/** A Unix time in seconds: "2020-10-06 04:03 UTC". */
export function formatTime(seconds: number): string {
  return `${new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An uptime or share as the node reports it, in percent: 98.33 → "98.33 %". */
export function formatPercent(value: number): string {
  return `${value.toFixed(2)} %`;
}

/** A GraphQL enum value for reading: "DELIVERED_SOURCE_NOT_INDEXED" → "Delivered source not indexed". */
export function humanize(value: string): string {
  const words = value.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
