import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

// axe-core from node_modules (never a CDN), run on the whole page against WCAG 2.1 A and AA. The page's CSP allows
// only its own scripts: the context must be opened with `bypassCSP: true` for the injected script.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type AxeViolation = { id: string; impact: string | null; help: string; helpUrl: string; nodes: { target: unknown[]; failureSummary?: string }[] };

/** Runs axe-core on the whole page; the serious and critical violations. */
export async function audit(page: Page): Promise<AxeViolation[]> {
  // This helper is type-checked without the DOM library: the page's globals are reached through globalThis.
  if (!(await page.evaluate(() => 'axe' in globalThis))) await page.addScriptTag({ content: AXE_SOURCE });
  const violations = await page.evaluate(async (values) => {
    const { axe, document } = globalThis as unknown as {
      axe: { run(context: unknown, options: object): Promise<{ violations: AxeViolation[] }> };
      document: unknown;
    };
    return (await axe.run(document, { runOnly: { type: 'tag', values } })).violations;
  }, WCAG_TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

export function formatViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} (${v.helpUrl})\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\n/g, '\n      ')}` : ''}`).join('\n')}`,
    )
    .join('\n');
}
